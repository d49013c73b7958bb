// Robust losses as in scipy.optimize.least_squares and src/solver/loss.ts: at residual r with
// c2 = C^2 (C = f_scale) and z = r^2 / c2, fb_loss_<name> returns (rho0, rho1, rho2) =
// (C^2 rho(z), rho'(z), rho''(z) / C^2). The kernel splices one name in; the cost kernel reads .x
// only and the compiler drops the rest.
//
// Written for f32 where the float64 formulas cancel: soft_l1's 2(sqrt(1 + z) - 1) is computed as
// 2z / (sqrt(1 + z) + 1), the Cauchy loss uses fb_log1p (prelude.wgsl).

fn fb_loss_linear(r: f32, c2: f32) -> vec3<f32> {
  return vec3<f32>(r * r, 1.0, 0.0);
}

fn fb_loss_soft_l1(r: f32, c2: f32) -> vec3<f32> {
  let z = r * r / c2;
  let t = 1.0 + z;
  let s = sqrt(t);
  return vec3<f32>(2.0 * z / (s + 1.0) * c2, 1.0 / s, -0.5 / (t * s) / c2);
}

fn fb_loss_huber(r: f32, c2: f32) -> vec3<f32> {
  let z = r * r / c2;
  let zo = max(z, 1.0); // the outlier branch, kept finite where it is not taken
  let s = sqrt(zo);
  return select(vec3<f32>((2.0 * s - 1.0) * c2, 1.0 / s, -0.5 / (zo * s) / c2), vec3<f32>(r * r, 1.0, 0.0), z <= 1.0);
}

fn fb_loss_cauchy(r: f32, c2: f32) -> vec3<f32> {
  let z = r * r / c2;
  let t = 1.0 + z;
  return vec3<f32>(fb_log1p(z) * c2, 1.0 / t, -1.0 / (t * t) / c2);
}

fn fb_loss_arctan(r: f32, c2: f32) -> vec3<f32> {
  let z = r * r / c2;
  let t = 1.0 + z * z;
  return vec3<f32>(atan(z) * c2, 1.0 / t, -2.0 * z / (t * t) / c2);
}

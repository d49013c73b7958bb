// Prelude of every Fitbench kernel: the functions the model language has and WGSL lacks, in f32.
// Generated model code calls them as fb_erf, fb_erfc, fb_sinh, fb_tanh, fb_sin, fb_cos, fb_tan,
// fb_acos; the loss code calls fb_log1p; every kernel counts rows with fb_nonfinite.
//
// Every function is straight-line: each branch is computed (on an argument clamped into its
// domain, so no lane ever makes an infinity) and the result picked with select(). Branches inlined
// at every call site made SwiftShader's compile time explode (20 s to minutes for one kernel), and
// GPUs execute divergent branches as selects anyway.

// erf and erfc after Sun's FDLIBM s_erf.c (K.C. Ng, 1993; freely distributable, see
// src/model/special.ts for the notice), the same rational minimax fits as the float64 twin with
// the coefficients rounded to f32. erfc is computed directly in the tail, never as 1 - erf, so it
// stays relatively accurate down to the f32 normal range (erfc(9.2) ~ 1.5e-38).
// WGSL's exp is only specified to 3 + 2|x| ULP (W3C WGSL 15.7.4), which bounds the tail's
// relative accuracy at about 1e-5 near x = 9; erf itself is good to a few ULP.

fn fb_erf_small(x: f32) -> f32 {
  // x * R(x^2) on |x| < 0.84375, so that erf(x) = x + x * R
  let z = x * x;
  let r = 1.28379167095512558561e-01 + z * (-3.25042107247001499370e-01 + z * (-2.84817495755985104766e-02
    + z * (-5.77027029648944159157e-03 + z * -2.37630166566501626084e-05)));
  let s = 1.0 + z * (3.97917223959155352819e-01 + z * (6.50222499887672944485e-02 + z * (5.08130628187576562776e-03
    + z * (1.32494738004321644526e-04 + z * -3.96022827877536812320e-06))));
  return x * (r / s);
}

fn fb_erf_near_one(ax: f32) -> f32 {
  // P1/Q1 of s = |x| - 1 on 0.84375 <= |x| < 1.25, so that erf(|x|) = erx + P1/Q1
  let s = ax - 1.0;
  let p = -2.36211856075265944077e-03 + s * (4.14856118683748331666e-01 + s * (-3.72207876035701323847e-01
    + s * (3.18346619901161753674e-01 + s * (-1.10894694282396677476e-01 + s * (3.54783043256182359371e-02
    + s * -2.16637559486879084300e-03)))));
  let q = 1.0 + s * (1.06420880400844228286e-01 + s * (5.40397917702171048937e-01 + s * (7.18286544141962662868e-02
    + s * (1.26171219808761642112e-01 + s * (1.36370839120290507362e-02 + s * 1.19844998467991074170e-02)))));
  return p / q;
}

fn fb_erfc_tail(ax: f32) -> f32 {
  // erfc(|x|) for 1.25 <= |x| < 28: exp(-x^2 - 0.5625 + R(1/x^2)/S(1/x^2)) / |x|
  let s = 1.0 / (ax * ax);
  let ra = -9.86494403484714822705e-03 + s * (-6.93858572707181764372e-01 + s * (-1.05586262253232909814e+01
    + s * (-6.23753324503260060396e+01 + s * (-1.62396669462573470355e+02 + s * (-1.84605092906711035994e+02
    + s * (-8.12874355063065934246e+01 + s * -9.81432934416914548592e+00))))));
  let sa = 1.0 + s * (1.96512716674392571292e+01 + s * (1.37657754143519042600e+02 + s * (4.34565877475229228821e+02
    + s * (6.45387271733267880336e+02 + s * (4.29008140027567833386e+02 + s * (1.08635005541779435134e+02
    + s * (6.57024977031928170135e+00 + s * -6.04244152148580987438e-02)))))));
  let rb = -9.86494292470009928597e-03 + s * (-7.99283237680523006574e-01 + s * (-1.77579549177547519889e+01
    + s * (-1.60636384855821916062e+02 + s * (-6.37566443368389627722e+02 + s * (-1.02509513161107724954e+03
    + s * -4.83519191608651397019e+02)))));
  let sb = 1.0 + s * (3.03380607434824582924e+01 + s * (3.25792512996573918826e+02 + s * (1.53672958608443695994e+03
    + s * (3.19985821950859553908e+03 + s * (2.55305040643316442583e+03 + s * (4.74528541206955367215e+02
    + s * -2.24409524465858183362e+01))))));
  let rs = select(rb / sb, ra / sa, ax < 2.857142857142857);
  // z = |x| with its low 12 bits cleared: z*z is exact in f32, so exp(-z*z) carries no rounding of
  // x^2 and the remainder (z - x)(z + x) is small.
  let z = bitcast<f32>(bitcast<u32>(ax) & 0xfffff000u);
  return exp(-z * z) * exp((z - ax) * (z + ax) + (rs - 0.5625)) / ax;
}

fn fb_erf(x: f32) -> f32 {
  let ax = abs(x);
  let sgn = select(1.0, -1.0, x < 0.0);
  let small = x + fb_erf_small(clamp(x, -0.84375, 0.84375));
  let mid = sgn * (8.45062911510467529297e-01 + fb_erf_near_one(clamp(ax, 0.84375, 1.25)));
  let tail = sgn * (1.0 - fb_erfc_tail(clamp(ax, 1.25, 28.0)));
  return select(select(tail, mid, ax < 1.25), small, ax < 0.84375);
}

fn fb_erfc(x: f32) -> f32 {
  let ax = abs(x);
  let xs = clamp(x, -0.84375, 0.84375);
  let xr = fb_erf_small(xs);
  let small = select(0.5 - (xr + (xs - 0.5)), 1.0 - (xs + xr), xs < 0.25);
  let pq = fb_erf_near_one(clamp(ax, 0.84375, 1.25));
  let mid = select(1.0 + (8.45062911510467529297e-01 + pq), (1.0 - 8.45062911510467529297e-01) - pq, x > 0.0);
  let r = fb_erfc_tail(clamp(ax, 1.25, 28.0));
  let tail = select(2.0 - r, r, x > 0.0);
  return select(select(tail, mid, ax < 1.25), small, ax < 0.84375);
}

// sinh and tanh: WGSL only requires them to be as accurate as (exp(x) - exp(-x)) / 2, which has
// no relative accuracy near 0 (sinh(1e-4) would be off by ~1e-3). Below |x| = 1 a Taylor series
// (next term x^11/11! < 2.6e-8, under half an f32 ULP relative); above, the builtin, with tanh's
// argument clamped at |x| = 9, where it rounds to +-1 in f32, so no implementation overflows to
// inf/inf.

fn fb_sinh_series(x: f32) -> f32 {
  let z = x * x;
  return x * (1.0 + z * (1.0 / 6.0 + z * (1.0 / 120.0 + z * (1.0 / 5040.0 + z * (1.0 / 362880.0)))));
}

fn fb_sinh(x: f32) -> f32 {
  return select(sinh(x), fb_sinh_series(clamp(x, -1.0, 1.0)), abs(x) < 1.0);
}

fn fb_tanh(x: f32) -> f32 {
  let c = clamp(x, -9.0, 9.0);
  return select(tanh(c), fb_sinh_series(clamp(x, -1.0, 1.0)) / cosh(clamp(x, -1.0, 1.0)), abs(x) < 1.0);
}

// log(1 + z) for z >= 0 (the Cauchy loss's z = (f/C)^2). WGSL's log is only specified to an
// absolute 2^-21 on [0.5, 2], useless relative to a small log(1 + z); below z = 1 use
// log1p(z) = 2 atanh(s) = 2 (s + s^3/3 + ...), s = z / (2 + z) <= 1/3 (next term < 2e-9).
fn fb_log1p(z: f32) -> f32 {
  let s = min(z, 1.0) / (2.0 + min(z, 1.0));
  let t = s * s;
  let series = 2.0 * s * (1.0 + t * (1.0 / 3.0 + t * (1.0 / 5.0 + t * (1.0 / 7.0 + t * (1.0 / 9.0
    + t * (1.0 / 11.0 + t * (1.0 / 13.0 + t * (1.0 / 15.0))))))));
  return select(log(1.0 + z), series, z < 1.0);
}

// True when x is +-inf or NaN, decided on the bits: WGSL implementations may assume that no
// infinity or NaN occurs (W3C WGSL 15.7.2) and fold isnan-style comparisons away; an integer
// test of the exponent field cannot be folded.
fn fb_nonfinite(x: f32) -> bool {
  return (bitcast<u32>(x) & 0x7f800000u) == 0x7f800000u;
}

// pow(a, b) with float64's (JavaScript's Math.pow) domain: WGSL's pow is exp2(b * log2(a)),
// undefined for a < 0 and for a = 0, b <= 0 (W3C WGSL 17.5.x), and SwiftShader returned finite
// values there, which let an f32 fit wander where float64 residuals are NaN. Negative bases give
// NaN unless b is an integer (then +-|a|^b); 0^b is 0, 1 or +inf; a^0 = 1. NaN and inf are built
// from bits of a runtime value (a constant inf or NaN is a shader-creation error, WGSL 15.7.2).
fn fb_pow(a: f32, b: f32) -> f32 {
  let zero = bitcast<u32>(a) & 0u;
  if (b == 0.0f) {
    return 1.0f;
  }
  if (a > 0.0f) {
    return pow(a, b);
  }
  if (a == 0.0f) {
    return select(bitcast<f32>(0x7f800000u | zero), 0.0f, b > 0.0f);
  }
  if (a < 0.0f && fract(b) == 0.0f) {
    let m = pow(-a, b);
    return select(m, -m, fract(b * 0.5f) != 0.0f);
  }
  return bitcast<f32>(0x7fc00000u | zero);
}

// sin, cos, tan after Cephes sinf.c/cosf.c (S. L. Moshier, 1985-2000, freely distributable):
// reduction by pi/4 with a three-part constant (the first two parts have trailing zero bits, so
// y * DP1 and y * DP2 are exact for y < 2^13), then a degree-7 sine or degree-8 cosine polynomial
// on [-pi/4, pi/4]. About 1 ULP for |x| < 8192. WGSL only requires sin and cos to an absolute
// 2^-11 on [-pi, pi] (W3C WGSL 15.7.4); SwiftShader's builtins were seen 1.9e-4 off, which a
// Jacobian feels.

// (reduced argument, octant j in 0..3, sign flip) of |x|
fn fb_reduce_quarter_pi(ax: f32) -> vec3<f32> {
  let y0 = floor(ax * 1.27323954473516);
  let y = select(y0, y0 + 1.0, (u32(y0) & 1u) == 1u);
  let j = u32(y) & 7u;
  let r = ((ax - y * 0.78515625) - y * 2.4187564849853515625e-4) - y * 3.77489497744594108e-8;
  return vec3<f32>(r, f32(j & 3u), select(0.0, 1.0, j > 3u));
}

fn fb_sin_poly(r: f32) -> f32 {
  let z = r * r;
  return ((-1.9515295891e-4 * z + 8.3321608736e-3) * z - 1.6666654611e-1) * z * r + r;
}

fn fb_cos_poly(r: f32) -> f32 {
  let z = r * r;
  return ((2.443315711809948e-5 * z - 1.388731625493765e-3) * z + 4.166664568298827e-2) * z * z - 0.5 * z + 1.0;
}

fn fb_sin(x: f32) -> f32 {
  let red = fb_reduce_quarter_pi(abs(x));
  let v = select(fb_sin_poly(red.x), fb_cos_poly(red.x), abs(red.y - 1.5) < 1.0);
  return select(v, -v, (red.z > 0.5) != (x < 0.0));
}

fn fb_cos(x: f32) -> f32 {
  let red = fb_reduce_quarter_pi(abs(x));
  let v = select(fb_cos_poly(red.x), fb_sin_poly(red.x), abs(red.y - 1.5) < 1.0);
  return select(v, -v, (red.z > 0.5) != (red.y > 1.5));
}

fn fb_tan(x: f32) -> f32 {
  return fb_sin(x) / fb_cos(x);
}

// acos as atan2(sqrt((1 - x)(1 + x)), x): WGSL's acos is only as good as that formula with a
// 6.8e-5 absolute floor (SwiftShader was seen 6.8e-5 off); (1 - x)(1 + x) has no cancellation
// and atan2 is accurate.
fn fb_acos(x: f32) -> f32 {
  return atan2(sqrt((1.0 - x) * (1.0 + x)), x);
}

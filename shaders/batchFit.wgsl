// Batch fit: many small least-squares fits in one dispatch, one fit per invocation, each a
// Levenberg-Marquardt iteration in f32 with Marquardt's diagonal scaling, box bounds by projection
// and a fixed iteration cap. Design, statuses and output layout: src/gpu/batchSource.ts.
//
// Spliced in by src/gpu/batchSource.ts: CONSTANTS (prelude, NP, K, KK, OUT, WG, status codes),
// HOISTED_J / ROW_J (model and derivatives), DECLARE, ACCUMULATE, STORE (into A and g),
// HOISTED_F / ROW_F / RESIDUAL (model value only), CLIP (project the free parameters into the box),
// SAVE / RESTORE (the free parameters around a trial), STEP (P += d, projected; returns the
// largest relative change).

{{CONSTANTS}}

struct Batch {
  groups: u32,   // fits in this dispatch
  stride: u32,   // column c of the data starts at c * stride
  maxIter: u32,  // iteration cap per fit
  pad0: u32,
}

@group(0) @binding(0) var<uniform> batch: Batch;
@group(0) @binding(1) var<storage, read> data: array<f32>;
@group(0) @binding(2) var<storage, read> offsets: array<u32>;   // groups + 1 row offsets
@group(0) @binding(3) var<storage, read> starts: array<f32>;    // NP per fit: the full parameter vector
@group(0) @binding(4) var<storage, read> bounds: array<f32>;    // lb[0..K), ub[0..K) of the free parameters
@group(0) @binding(5) var<storage, read_write> results: array<f32>; // OUT per fit

// Per-invocation state (the private address space: registers or thread-local memory).
var<private> P: array<f32, NP>;   // the full parameter vector at the current point
var<private> S: array<f32, K>;    // the free parameters saved while a trial point is evaluated
var<private> A: array<f32, KK>;   // J^T J (K x K, row-major, symmetric)
var<private> g: array<f32, K>;    // J^T r
var<private> L: array<f32, KK>;   // the scaled, damped matrix and its Cholesky factor
var<private> sc: array<f32, K>;   // Marquardt scaling 1/sqrt(A_jj)
var<private> d: array<f32, K>;    // the step

// The relative step below which a fit has converged (f32 resolution). There is no test on the
// decrease of chi2: near the minimum chi2 changes by (step / stderr)^2 / (m - k) relative, so an
// f32 chi2 (resolution ~1e-7) cannot tell 1e-3 standard errors from zero, while the step can.
const XTOL: f32 = 1e-6f;
const LAMBDA0: f32 = 1e-3f;
const LAMBDA_MIN: f32 = 1e-7f;
const LAMBDA_MAX: f32 = 1e10f;

// chi2 = sum r^2 at P over rows [first, last); J^T J into A and J^T r into g.
fn linearize(first: u32, last: u32) -> f32 {
{{HOISTED_J}}
{{DECLARE}}
  for (var i = first; i < last; i++) {
{{ROW_J}}
{{ACCUMULATE}}
  }
{{STORE}}
  return q;
}

// chi2 = sum r^2 at P over rows [first, last).
fn cost(first: u32, last: u32) -> f32 {
{{HOISTED_F}}
  var q = 0.0f;
  for (var i = first; i < last; i++) {
{{ROW_F}}
{{RESIDUAL}}
    q += r * r;
  }
  return q;
}

fn normal_nonfinite() -> bool {
  var bad = false;
  for (var j = 0u; j < K; j++) {
    bad = bad | fb_nonfinite(g[j]);
    for (var l = 0u; l < K; l++) {
      bad = bad | fb_nonfinite(A[j * K + l]);
    }
  }
  return bad;
}

// d = -(A + lambda diag(A))^{-1} g, solved as (S A S + lambda I) z = -S g, d = S z with
// S = diag(A)^{-1/2}: Marquardt's scaling, so the f32 Cholesky sees a unit diagonal. A parameter
// with A_jj = 0 (no effect on the model) gets S_j = 0 and does not move. False when the factor
// breaks down (non-positive pivot).
fn solve_damped(lambda: f32) -> bool {
  for (var j = 0u; j < K; j++) {
    let a = A[j * K + j];
    sc[j] = select(0.0f, inverseSqrt(a), a > 0.0f);
  }
  for (var j = 0u; j < K; j++) {
    for (var l = 0u; l < K; l++) {
      L[j * K + l] = A[j * K + l] * sc[j] * sc[l];
    }
    L[j * K + j] = select(1.0f, 1.0f + lambda, sc[j] > 0.0f);
  }
  for (var j = 0u; j < K; j++) {
    var s = L[j * K + j];
    for (var l = 0u; l < j; l++) {
      s -= L[j * K + l] * L[j * K + l];
    }
    if (!(s > 0.0f)) {
      return false;
    }
    let rjj = sqrt(s);
    L[j * K + j] = rjj;
    for (var i = j + 1u; i < K; i++) {
      var t = L[i * K + j];
      for (var l = 0u; l < j; l++) {
        t -= L[i * K + l] * L[j * K + l];
      }
      L[i * K + j] = t / rjj;
    }
  }
  for (var j = 0u; j < K; j++) {
    var t = -g[j] * sc[j];
    for (var l = 0u; l < j; l++) {
      t -= L[j * K + l] * d[l];
    }
    d[j] = t / L[j * K + j];
  }
  for (var jj = 0u; jj < K; jj++) {
    let j = K - 1u - jj;
    var t = d[j];
    for (var l = j + 1u; l < K; l++) {
      t -= L[l * K + j] * d[l];
    }
    d[j] = t / L[j * K + j];
  }
  for (var j = 0u; j < K; j++) {
    d[j] = d[j] * sc[j];
  }
  return true;
}

fn clip_free() {
{{CLIP}}
}

fn save_free() {
{{SAVE}}
}

fn restore_free() {
{{RESTORE}}
}

// P += d on the free parameters, projected into the box; the largest |change| / (|old| + XTOL).
fn take_step() -> f32 {
  var rel = 0.0f;
{{STEP}}
  return rel;
}

fn write_result(fit: u32, chi2: f32, status: f32, iterations: u32) {
  let o = fit * OUT;
  for (var p = 0u; p < NP; p++) {
    results[o + p] = P[p];
  }
  results[o + NP] = chi2;
  results[o + NP + 1u] = status;
  results[o + NP + 2u] = f32(iterations);
}

@compute @workgroup_size(WG)
fn batchFit(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let fit = gid.x + gid.y * nwg.x * WG;
  if (fit >= batch.groups) {
    return;
  }
  let first = offsets[fit];
  let last = offsets[fit + 1u];
  for (var p = 0u; p < NP; p++) {
    P[p] = starts[fit * NP + p];
  }
  clip_free();
  if (last - first < K) {
    write_result(fit, 0.0f, STATUS_TOO_FEW_ROWS, 0u);
    return;
  }
  var chi2 = linearize(first, last);
  if (fb_nonfinite(chi2) || normal_nonfinite()) {
    write_result(fit, chi2, STATUS_NONFINITE, 0u);
    return;
  }
  var status = STATUS_MAX_ITERATIONS;
  var lambda = LAMBDA0;
  var iter = 0u;
  loop {
    if (iter >= batch.maxIter) {
      break;
    }
    iter++;
    if (!solve_damped(lambda)) {
      lambda *= 10.0f;
      if (lambda > LAMBDA_MAX) {
        status = STATUS_SINGULAR;
        break;
      }
      continue;
    }
    save_free();
    let rel = take_step();
    let trial = cost(first, last);
    if (!fb_nonfinite(trial) && trial <= chi2) {
      chi2 = linearize(first, last);
      if (fb_nonfinite(chi2) || normal_nonfinite()) {
        status = STATUS_NONFINITE;
        break;
      }
      lambda = max(lambda * 0.1f, LAMBDA_MIN);
      if (rel <= XTOL) {
        status = STATUS_CONVERGED;
        break;
      }
    } else {
      restore_free();
      // A rejected step this small is below f32's resolution of the parameters: nothing left to gain.
      if (rel <= XTOL) {
        status = STATUS_CONVERGED;
        break;
      }
      lambda *= 10.0f;
      if (lambda > LAMBDA_MAX) {
        status = STATUS_STALLED;
        break;
      }
    }
  }
  write_result(fit, chi2, status, iter);
}

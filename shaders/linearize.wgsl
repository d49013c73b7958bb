// Linearize: one pass over a chunk of rows accumulating, per workgroup, the packed upper triangle
// of J^T J, then J^T f, then sum(rho0), then the counts of rows with a non-finite residual and with
// a non-finite Jacobian row (layout: src/gpu/sums.ts). The host adds the workgroups' partials in
// float64. Weights and robust loss as scipy's scale_for_robust_loss_function (src/solver/loss.ts):
// s2 = max(rho1 + 2 rho2 f^2, FLOOR), J^T J += s2 J_i J_i^T, J^T f += rho1 f_i J_i.
//
// Spliced in by src/gpu/kernelSources.ts: CONSTANTS (WG, LANES, SUMS, column indices),
// HOISTED (parameter-only model code), DECLARE (one register per sum), ROW (model and
// derivatives at row i), ACCUMULATE, REDUCE.

{{CONSTANTS}}

@group(0) @binding(0) var<uniform> chunk: Chunk;
@group(0) @binding(1) var<uniform> ev: Eval;
@group(0) @binding(2) var<storage, read> data: array<f32>;
@group(0) @binding(3) var<storage, read_write> partials: array<f32>;

// Below f32's machine epsilon, s2 relative to rho1 ~ 1 is rounding noise (scipy floors at float64's).
const FLOOR: f32 = 1.1920929e-7;

@compute @workgroup_size(WG)
fn linearize(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  let c2 = ev.c2;
{{HOISTED}}
{{DECLARE}}
  // Grid-stride loop: neighbouring threads read neighbouring rows; the plan bounds rows per thread.
  let threads = groups.x * WG;
  for (var i = wid.x * WG + lid; i < chunk.rows; i += threads) {
{{ROW}}
{{ACCUMULATE}}
  }
  let slot = chunk.partialBase + wid.x;
{{REDUCE}}
}

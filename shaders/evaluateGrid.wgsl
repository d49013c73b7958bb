// Evaluate on a grid: the model value, and optionally its derivatives, at each grid point, for
// plots, sliders and confidence bands. One invocation per point; values[i * OUT_STRIDE] is the
// value, values[i * OUT_STRIDE + 1 + j] the derivative with respect to the j-th free parameter.
//
// Spliced in by src/gpu/kernelSources.ts: CONSTANTS (WG, OUT_STRIDE), HOISTED, ROW,
// STORE.

{{CONSTANTS}}

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<uniform> ev: Eval;
@group(0) @binding(2) var<storage, read> data: array<f32>;
@group(0) @binding(3) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(WG)
fn evaluateGrid(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= grid.points) {
    return;
  }
{{HOISTED}}
{{ROW}}
{{STORE}}
}

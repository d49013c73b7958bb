// Cost: sum(rho0) over a chunk of rows, and the count of rows with a non-finite residual, one
// partial per workgroup (layout: src/gpu/sums.ts); the host adds them in float64. For trial points.
//
// Spliced in by src/gpu/kernelSources.ts as linearize.wgsl, with value-only model code.

{{CONSTANTS}}

@group(0) @binding(0) var<uniform> chunk: Chunk;
@group(0) @binding(1) var<uniform> ev: Eval;
@group(0) @binding(2) var<storage, read> data: array<f32>;
@group(0) @binding(3) var<storage, read_write> partials: array<f32>;

@compute @workgroup_size(WG)
fn cost(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  let c2 = ev.c2;
{{HOISTED}}
{{DECLARE}}
  let threads = groups.x * WG;
  for (var i = wid.x * WG + lid; i < chunk.rows; i += threads) {
{{ROW}}
{{ACCUMULATE}}
  }
  let slot = chunk.partialBase + wid.x;
{{REDUCE}}
}

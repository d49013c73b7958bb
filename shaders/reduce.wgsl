// Workgroup tree reduction, shared by the linearize and cost kernels. A thread's sums live in
// registers; they pass through the small workgroup array `lanes` LANES at a time (WG x LANES f32,
// at most the 16 KiB every WebGPU device offers, W3C WebGPU 3.6.2 maxComputeWorkgroupStorageSize),
// so any number of sums fits.

var<workgroup> lanes: array<f32, WG * LANES>;

// Sums lanes[j * WG + lid] over lid for j < count; afterwards lanes[j * WG] holds each total.
// Called in uniform control flow (W3C WGSL 15.2 uniformity): the barriers are reached by every
// invocation; only the additions depend on lid.
fn reduce_lanes(lid: u32, count: u32) {
  workgroupBarrier();
  for (var width = WG / 2u; width > 0u; width = width / 2u) {
    if (lid < width) {
      for (var j = 0u; j < count; j++) {
        lanes[j * WG + lid] += lanes[j * WG + lid + width];
      }
    }
    workgroupBarrier();
  }
}

// Thread 0 writes totals [first, first + count) of this workgroup's partial. Only thread 0 reads
// lanes[j * WG] here and only thread 0 writes that slot in the next round, so no barrier is needed
// before the next round's stores.
fn write_partial(lid: u32, slot: u32, first: u32, count: u32) {
  if (lid == 0u) {
    for (var j = 0u; j < count; j++) {
      partials[slot * SUMS + first + j] = lanes[j * WG];
    }
  }
}

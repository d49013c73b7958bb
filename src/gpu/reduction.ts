/**
 * One evaluation on the device: one submit, one read-back. The passes over every chunk are
 * encoded into one compute pass (a dispatch per chunk, each writing its workgroups' partials into
 * its own range of one buffer), the partials are copied into a staging buffer in the same command
 * buffer, and the staging buffer is mapped (W3C WebGPU §5.3 mapAsync). The partials are added in
 * float64 on the host, chunk by chunk (which is when "chunk k of K" progress is reported).
 *
 * Errors: the submit runs inside error scopes; a failed map means the device went away. Both
 * become EvaluatorLostError, with the context's own record (device lost, destroyed) preferred.
 */
import { EvaluatorLostError } from '../solver/evaluator';
import type { GpuContext } from './device';
import { openScopes, reasonOf } from './lost';
import type { ChunkPlan } from './plan';
import type { Kernel } from './program';

export interface ReductionTarget {
  /** Where the kernels write their partials (STORAGE | COPY_SRC). */
  readonly partials: GPUBuffer;
  /** Mapped for reading (MAP_READ | COPY_DST), at least as large as the partials. */
  readonly staging: GPUBuffer;
}

export interface ReductionRun {
  readonly kernel: Kernel;
  readonly plan: ChunkPlan;
  /** Sums per partial of this kernel. */
  readonly sums: number;
  readonly target: ReductionTarget;
  /** Writes that must precede the dispatches (queue.writeBuffer is ordered before submit). */
  readonly before?: () => void;
  /** Called right after the submit (tests lose the device while the pass is in flight). */
  readonly afterSubmit?: () => void;
  /** Called after chunk k's partials are added. */
  readonly onChunk?: (chunk: number, chunks: number) => void;
}

/** Encodes, submits, reads back and adds in float64: Σ over every workgroup of each sum. */
export async function runReduction(ctx: GpuContext, run: ReductionRun): Promise<Float64Array> {
  ctx.state.check();
  const { device } = ctx;
  const { kernel, plan, sums, target } = run;
  const bytes = plan.groups * sums * 4;
  const scopes = openScopes(device);
  run.before?.();
  const encoder = device.createCommandEncoder({ label: `${kernel.name} encoder` });
  const pass = encoder.beginComputePass({ label: `${kernel.name} pass` });
  pass.setPipeline(kernel.pipeline);
  plan.chunks.forEach((chunk, k) => {
    pass.setBindGroup(0, kernel.bindGroups[k]);
    pass.dispatchWorkgroups(chunk.groups);
  });
  pass.end();
  encoder.copyBufferToBuffer(target.partials, 0, target.staging, 0, bytes);
  device.queue.submit([encoder.finish({ label: `${kernel.name} commands` })]);
  run.afterSubmit?.();
  const [scoped, mapped] = await Promise.allSettled([scopes.close(), target.staging.mapAsync(GPUMapMode.READ, 0, bytes)]);
  ctx.state.check();
  if (scoped.status === 'fulfilled' && scoped.value) {
    if (mapped.status === 'fulfilled') target.staging.unmap();
    throw new EvaluatorLostError(reasonOf(scoped.value), `The ${kernel.name} pass failed on the GPU: ${scoped.value.message}`);
  }
  if (mapped.status === 'rejected') {
    const why = mapped.reason instanceof Error ? mapped.reason.message : String(mapped.reason);
    throw new EvaluatorLostError('device-lost', `Reading the ${kernel.name} result back from the GPU failed: ${why}`);
  }
  const partials = new Float32Array(target.staging.getMappedRange(0, bytes));
  const total = new Float64Array(sums);
  try {
    plan.chunks.forEach((chunk, k) => {
      for (let g = chunk.partialBase; g < chunk.partialBase + chunk.groups; g++) {
        const o = g * sums;
        for (let s = 0; s < sums; s++) total[s] += partials[o + s];
      }
      run.onChunk?.(k + 1, plan.chunks.length);
    });
  } finally {
    target.staging.unmap();
  }
  return total;
}

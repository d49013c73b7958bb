/**
 * `--backend gpu` for per-group batches: the f32 batch-fit kernel on a WebGPU adapter through Dawn
 * (src/gpu/batchRun.ts) with the float64 check and finish on the CPU
 * (src/fit/batch/acceleratedBatch.ts). Without an adapter, or where the kernel does not apply
 * (robust loss, too many free parameters), the batch runs on the CPU (groupBatch.ts) and a note
 * says why. `auto` keeps batches on the CPU: probing Dawn costs 0.5–1 s, more than a CPU batch of
 * a few thousand small fits.
 */
import { fitGroupsAccelerated } from '../../fit/batch/acceleratedBatch';
import type { BatchInput } from '../../fit/batch/types';
import type { BatchRun } from '../groupHost';
import { probeGpuInChild } from './gpuProbe';
import { runGroupBatch } from './groupBatch';

async function onCpu(input: BatchInput, workers: number | null, note: string): Promise<BatchRun> {
  const { result, workers: used } = await runGroupBatch(input, workers);
  return { result, workers: used, accelerated: null, notes: [`--backend gpu: ${note}`] };
}

export async function runGpuGroupBatch(input: BatchInput, workers: number | null): Promise<BatchRun> {
  // A child asks Dawn first, so that the Vulkan loader's stderr noise stays there (gpuProbe.ts).
  const child = probeGpuInChild();
  if (!child.ok) return onCpu(input, workers, `${child.reason} The batch ran on the CPU.`);
  const [{ probeNodeGpu }, { acquireGpu }, { gpuBatchDevice }] = await Promise.all([import('../../gpu/node'), import('../../gpu/device'), import('../../gpu/batchRun')]);
  const probe = await probeNodeGpu();
  const ctx = probe.ok ? await acquireGpu({ gpu: probe.gpu }) : null;
  if (!ctx) return onCpu(input, workers, `${probe.ok ? 'No WebGPU device could be opened.' : probe.reason} The batch ran on the CPU.`);
  // The float64 check stays in this thread: sent to 16 worker threads as per-group objects it
  // took 1.34 s against 0.95 s here for 100 000 groups on an H100 host (bench/results/batch-gpu-h100.md).
  try {
    const result = await fitGroupsAccelerated(input, gpuBatchDevice(ctx));
    const notes = result.note ? [`--backend gpu: ${result.note}.`] : [];
    if (ctx.adapter.software) notes.push(`--backend gpu: the adapter is a software renderer (${ctx.adapter.description || ctx.adapter.architecture}): correct, not fast.`);
    return { result, workers: 0, accelerated: result.accelerated, notes };
  } finally {
    ctx.destroy();
  }
}

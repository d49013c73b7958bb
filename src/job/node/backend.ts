/**
 * Where the residual passes run. The CPU path is always available; the GPU path needs WebGPU in
 * Node (the optional `webgpu` package, Dawn, with a Vulkan driver). 'auto' takes the GPU only
 * where src/gpu's chooseBackend says it pays (a hardware adapter and enough rows); a request for
 * the GPU that cannot be met falls back to the CPU with a message.
 */
import type { CompiledModel } from '../../model';
import type { BackendChoice } from '../host';
import type { BackendRequest as Backend } from '../job';
import { probeGpuInChild } from './gpuProbe';

const CPU_ONLY: BackendChoice = { primary: null, notes: [], release: () => {} };

export async function selectBackend(requested: Backend, rows: number, model: CompiledModel): Promise<BackendChoice> {
  if (requested === 'cpu') return CPU_ONLY;
  // Loading Dawn costs time: 'auto' does not even try below the crossover.
  const { GPU_CROSSOVER_ROWS, acquireGpu, chooseBackend, gpuPrimary } = await import('../../gpu/index');
  if (requested === 'auto' && rows < GPU_CROSSOVER_ROWS) return CPU_ONLY;
  // Ask a child process first, so that Dawn's and the Vulkan loader's stderr noise stays there.
  const child = probeGpuInChild();
  if (!child.ok) {
    return { ...CPU_ONLY, notes: requested === 'gpu' ? [`--backend gpu: ${child.reason} The fit ran on the CPU.`] : [] };
  }
  const { probeNodeGpu } = await import('../../gpu/node');
  const probe = await probeNodeGpu();
  const ctx = probe.ok ? await acquireGpu({ gpu: probe.gpu }) : null;
  const choice = chooseBackend(rows, ctx, requested);
  const notes: string[] = [];
  if (choice.backend === 'cpu') {
    ctx?.destroy();
    if (requested === 'gpu') notes.push(`--backend gpu: ${probe.ok ? choice.reason : `${probe.reason} The fit ran on the CPU.`}`);
    return { ...CPU_ONLY, notes };
  }
  const primary = gpuPrimary(ctx!, { model, onFallback: (why) => notes.push(why) });
  return {
    primary,
    notes,
    release: () => {
      primary.release();
      ctx!.destroy();
    },
  };
}

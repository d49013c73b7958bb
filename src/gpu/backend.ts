/**
 * Which backend runs a fit's main phase. 'cpu' and 'gpu' are obeyed when they can be ('gpu'
 * without a usable adapter falls back to the CPU with the reason); 'auto' takes the GPU only where
 * it pays: a hardware adapter and at least GPU_CROSSOVER_ROWS rows.
 *
 * The crossover (bench/results/gpu-h100.md, an H100 through Dawn/Vulkan): one GPU evaluation is a
 * round trip of ~0.1–0.2 ms plus almost nothing per row (10⁸ rows in 4.7 ms), while the float64 CPU
 * kernels run ~30 M rows/s on one core for a 4-parameter model and ~0.4 M rows/s for a heavy
 * 16-parameter one; they meet near 10⁴ rows for the simple model, and Chrome's ~0.5 ms round trip
 * moves that to 2–3·10⁴. 50 000 keeps a margin. (End to end, curveFit's float64 work after the GPU
 * phase — its polish, on the normal equations unless κ² > 1e8 — decides; see src/fit/curveFit.ts.)
 * On a software adapter
 * (SwiftShader, a CPU emulation) the GPU path is slower than the CPU kernels at every size
 * (bench/results/gpu-chromium.md), so 'auto' never picks it.
 */
import type { GpuContext } from './device';

export type BackendRequest = 'auto' | 'cpu' | 'gpu';

export interface BackendChoice {
  readonly backend: 'cpu' | 'gpu';
  readonly reason: string;
}

/** Rows from which 'auto' runs the main phase on a hardware GPU. */
export const GPU_CROSSOVER_ROWS = 50_000;

export function chooseBackend(rows: number, ctx: GpuContext | null, requested: BackendRequest): BackendChoice {
  if (requested === 'cpu') return { backend: 'cpu', reason: 'The CPU backend was requested.' };
  if (!ctx) return { backend: 'cpu', reason: 'No WebGPU adapter is available: the fit runs on the CPU.' };
  if (ctx.lost) return { backend: 'cpu', reason: `The GPU was lost (${ctx.lost}): the fit runs on the CPU.` };
  if (requested === 'gpu') return { backend: 'gpu', reason: 'The GPU backend was requested.' };
  if (ctx.adapter.software) {
    return { backend: 'cpu', reason: `The WebGPU adapter is a CPU emulation (${ctx.adapter.architecture || ctx.adapter.description || 'software'}), slower than the float64 CPU kernels.` };
  }
  if (rows < GPU_CROSSOVER_ROWS) {
    return { backend: 'cpu', reason: `${rows} rows: below ${GPU_CROSSOVER_ROWS} the float64 CPU kernels are as fast as a GPU round trip.` };
  }
  return { backend: 'gpu', reason: `${rows} rows on ${ctx.adapter.description || ctx.adapter.vendor || 'the GPU'}: the GPU runs the main phase, the CPU polishes in float64.` };
}

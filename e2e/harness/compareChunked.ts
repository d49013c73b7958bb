/**
 * Acceptance 3: data split over several storage bindings (forced with a small chunkRows) give the
 * same sums as one binding. The split changes which thread adds which row, so the f32 sums agree
 * to rounding (norm-wise), not bit for bit; the progress callback reports every chunk.
 */
import { createGpuEvaluator } from '../../src/gpu/index';
import { LINEAR_LOSS } from '../../src/solver/loss';
import type { ChunkComparison } from './api';
import { context, relNorm } from './context';
import { standardProblem } from './standardModels';

export async function compareChunked(rows: number, chunkRows: number, seed: number): Promise<ChunkComparison> {
  const ctx = await context();
  const { model, data, parameters } = standardProblem('gaussian', rows, seed);
  const x = Float64Array.from(parameters, (p) => p.value);
  const input = { tape: model.tape(), data: { vars: data.vars, y: data.y, w: null }, rows, base: x, free: model.params.map((_, i) => i), loss: LINEAR_LOSS };
  const progress: string[] = [];
  const whole = createGpuEvaluator(ctx, input);
  const split = createGpuEvaluator(ctx, input, { chunkRows, onChunk: (p) => progress.push(`${p.pass} ${p.chunk}/${p.chunks}`) });
  try {
    const [a, b] = [await whole.normalSums(x), await split.normalSums(x)];
    return {
      chunks: (await split.ready()).plan.chunks.length,
      unchunkedChunks: (await whole.ready()).plan.chunks.length,
      rel: relNorm(b.normal, a.normal),
      progress,
    };
  } finally {
    whole.release();
    split.release();
  }
}

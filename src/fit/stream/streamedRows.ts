/**
 * What curveFit needs to fit rows it never holds (issue 12): the chunked columns, and how to walk
 * them. With it, every float64 pass is a streamed one (streamEvaluator.ts) and the statistics are
 * formed chunk by chunk (streamStatistics.ts); the solver and the reported numbers are the same code.
 */
import type { Evaluator } from '../../solver/evaluator';
import type { ChunkSource } from '../../store/chunkSource';
import type { PassCounter } from './streamProgress';
import { DEFAULT_CHUNK_ROWS } from '../cpuEvaluator';
import { CHUNK_SHARE } from '../../store/chunkPlan';

export interface StreamedRows {
  readonly source: ChunkSource;
  /** The in-memory evaluator's chunk, whose partial sums the streamed passes reproduce (default 65 536). */
  readonly sumRows?: number;
  /** Cap on the replicate groups held by the statistics pass (from the memory budget). */
  readonly maxGroups: number;
  /** Counts the passes and hears each finished chunk (the CLI's progress lines). */
  readonly passes?: PassCounter;
  /** Wraps each streamed evaluator (the page's worker: `yielding`, so that a cancel message gets
   *  in between passes); the numbers are the wrapped evaluator's. */
  readonly wrap?: (evaluator: Evaluator) => Evaluator;
}

/**
 * The streamed rows of a fit over `source` within a memory budget, as the CLI (--memory-limit) and
 * the page (its memory budget) both set them: the in-memory chunk for the partial sums, and the
 * replicate groups' means within the budget's share of a chunk (8 bytes each).
 */
export function budgetedRows(source: ChunkSource, budgetBytes: number, passes: PassCounter, wrap?: StreamedRows['wrap']): StreamedRows {
  return { source, sumRows: DEFAULT_CHUNK_ROWS, maxGroups: Math.floor(budgetBytes / CHUNK_SHARE / 8), passes, ...(wrap ? { wrap } : {}) };
}

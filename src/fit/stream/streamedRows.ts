/**
 * What curveFit needs to fit rows it never holds (issue 12): the chunked columns, and how to walk
 * them. With it, every float64 pass is a streamed one (streamEvaluator.ts) and the statistics are
 * formed chunk by chunk (streamStatistics.ts); the solver and the reported numbers are the same code.
 */
import type { Evaluator } from '../../solver/evaluator';
import type { ChunkSource } from '../../store/chunkSource';
import type { PassCounter } from './streamProgress';

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

/**
 * The float64 CPU evaluator over columns streamed chunk by chunk (issue 12, "streaming past
 * memory"): the solver's Evaluator, as cpuEvaluator (fit/cpuEvaluator.ts), reading one chunk of
 * rows at a time from a ChunkSource (a temporary file in the CLI).
 *
 * Every chunk is walked in the in-memory evaluator's own sum chunks (`sumRows`, normally 65 536
 * rows), spans and QR blocks, and the partial sums are added in the same order, so cost, JᵀJ, Jᵀf
 * and the dense QR triangle equal the in-memory evaluator's to the last bit (streamEvaluator.test.ts).
 * That needs chunkRows to be a multiple of sumRows (src/store/chunkPlan.ts makes it so).
 */
import type { ModelData } from '../../model/index';
import { normalLength } from '../../model/index';
import type { Evaluator } from '../../solver/evaluator';
import { NormalLinearModel, QrLinearModel, type LinearModel } from '../../solver/linearModel';
import type { ChunkSource, ChunkView } from '../../store/chunkSource';
import { DEFAULT_BLOCK_ROWS, DEFAULT_CHUNK_ROWS, DenseBlocks, fullParameters, normalSpanRows, sliceData, unpackNormal, type BoundModel, type Linearization } from '../cpuEvaluator';
import type { PassCounter, StreamProgress } from './streamProgress';

/** A bound model without its rows: they come from the chunk source. */
export type StreamBound = Omit<BoundModel, 'data' | 'rows'>;

export interface StreamEvaluatorOptions {
  /** The in-memory evaluator's chunk (its partial-sum unit); chunkRows must be a multiple of it. */
  readonly sumRows?: number;
  readonly blockRows?: number;
  readonly passes?: PassCounter;
}

const dataOf = (view: ChunkView): ModelData => ({ vars: view.vars, y: view.y, w: view.w });

/**
 * Reads every chunk in order; `body` gets each sum chunk (rows [start, end) of the chunk's data);
 * progress after each chunk.
 */
export function streamRows(source: ChunkSource, sumRows: number, pass: StreamProgress['pass'], passes: PassCounter | undefined, body: (data: ModelData, start: number, end: number) => void): void {
  if (source.chunkRows % sumRows !== 0) throw new Error(`Chunks of ${source.chunkRows} rows are not whole multiples of ${sumRows}-row sums.`);
  const passIndex = passes ? ++passes.count : 0;
  for (let k = 0; k < source.chunks; k++) {
    const view = source.read(k);
    const data = dataOf(view);
    for (let start = 0; start < view.rows; start += sumRows) body(data, start, Math.min(view.rows, start + sumRows));
    passes?.onChunk?.({ pass, passIndex, chunk: k + 1, chunks: source.chunks });
  }
}

export function streamEvaluator(bound: StreamBound, source: ChunkSource, linearization: Linearization, options: StreamEvaluatorOptions = {}): Evaluator {
  const m = source.rows;
  const n = bound.free.length;
  const sumRows = options.sumRows ?? DEFAULT_CHUNK_ROWS;
  const blockRows = options.blockRows ?? DEFAULT_BLOCK_ROWS;
  const packed = normalLength(n);
  const { kernels, loss } = bound;
  const p = (x: Float64Array) => fullParameters(bound, x);

  function cost(x: Float64Array): number {
    const params = p(x);
    let sum = 0;
    streamRows(source, sumRows, 'cost', options.passes, (data, start, end) => (sum += kernels.cost(params, sliceData(data, start, end), loss, 0, end - start)));
    return 0.5 * sum;
  }

  const span = normalSpanRows(packed, sumRows, blockRows);

  function linearizeNormal(x: Float64Array): LinearModel {
    const params = p(x);
    const total = new Float64Array(packed);
    const acc = new Float64Array(packed);
    streamRows(source, sumRows, 'linearize', options.passes, (data, start, end) => {
      for (let s = start; s < end; s += span) {
        const e = Math.min(end, s + span);
        kernels.normal(params, sliceData(data, s, e), loss, acc, 0, e - s);
      }
      // The sum chunk's partial added in float64, as the in-memory evaluator adds it.
      for (let i = 0; i < packed; i++) total[i] += acc[i];
      acc.fill(0);
    });
    const { JtJ, g, sumRho } = unpackNormal(total, n);
    return new NormalLinearModel(n, m, JtJ, g, 0.5 * sumRho);
  }

  function linearizeDense(x: Float64Array): LinearModel {
    // DenseBlocks reads model.data at each add: the holder points it at the chunk being walked.
    const holder = { kernels, loss, free: bound.free, data: { vars: [], y: new Float64Array(0), w: null } as ModelData };
    const blocks = new DenseBlocks(holder, p(x), blockRows);
    streamRows(source, sumRows, 'linearize', options.passes, (data, start, end) => {
      holder.data = data;
      for (let s = start; s < end; s += blockRows) blocks.add(s, Math.min(end, s + blockRows));
    });
    return new QrLinearModel(n, m, blocks.qr.R, blocks.qr.qtf, blocks.cost);
  }

  if (linearization === 'dense') return { m, n, label: 'cpu-dense-stream', cost, linearize: linearizeDense };

  // As the in-memory normal evaluator: trial points are linearized at once (the fused pass costs
  // about twice a cost pass, and most trial points are accepted), kept for the next linearize.
  let cached: { x: Float64Array; linear: LinearModel } | null = null;
  return {
    m,
    n,
    label: 'cpu-normal-stream',
    cost(x) {
      const linear = linearizeNormal(x);
      cached = { x: Float64Array.from(x), linear };
      return linear.cost;
    },
    linearize(x) {
      if (cached && cached.x.every((v, i) => v === x[i])) return cached.linear;
      return linearizeNormal(x);
    },
  };
}

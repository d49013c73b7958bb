/**
 * The float64 CPU evaluator: the compiled model's JS kernels over columnar data, behind the
 * solver's Evaluator interface. Two linearizations:
 *
 * - dense: residuals and Jacobian in row blocks folded into a streaming Householder QR
 *   (κ(J) not squared; O(block·n) memory instead of the m×n Jacobian);
 * - normal: one fused pass per chunk accumulating JᵀJ, Jᵀf and Σρ (what the GPU also produces).
 *
 * Chunks report progress so that a long pass over 10⁷ rows shows "chunk k of K".
 */
import type { JsKernels, ModelData } from '../model/index';
import type { Evaluator } from '../solver/evaluator';
import { NormalLinearModel, QrLinearModel, type LinearModel } from '../solver/linearModel';
import { scaleForRobustLoss, type Loss } from '../solver/loss';
import { QrAccumulator } from '../solver/qrAccumulator';

export type Linearization = 'dense' | 'normal';

export interface BoundModel {
  readonly kernels: JsKernels;
  readonly data: ModelData;
  /** Number of rows m. */
  readonly rows: number;
  /** The full parameter vector with fixed values in place; free slots are overwritten. */
  readonly base: Float64Array;
  /** Indices (into the full vector) of the free parameters, in solver order. */
  readonly free: readonly number[];
  readonly loss: Loss;
}

export interface ChunkProgress {
  readonly pass: 'cost' | 'linearize';
  readonly chunk: number;
  readonly chunks: number;
}

export interface CpuEvaluatorOptions {
  readonly blockRows?: number;
  readonly chunkRows?: number;
  readonly onChunk?: (progress: ChunkProgress) => void;
  /**
   * Called between spans of rows (each dense block, each chunk, or a part of a chunk small enough
   * to take tens of milliseconds when there are many parameters). It may return a promise to
   * wait on (the worker yields there, so that a Cancel gets in) and may throw to stop the pass
   * (a cancelled fit). Without it the passes are synchronous, as before.
   */
  readonly checkpoint?: () => void | Promise<void>;
}

/** Rows per dense (QR) block and per chunk of a pass (the unit of progress and of partial sums). */
export const DEFAULT_BLOCK_ROWS = 256;
export const DEFAULT_CHUNK_ROWS = 1 << 16;

/** Multiply–adds of a normal-pass span above which a chunk is walked in parts (many parameters). */
const SPAN_WORK = 1 << 26;

/**
 * Rows per call of the normal kernel. Many parameters make one chunk of the normal pass long
 * (k(k+1)/2 sums per row): it is then walked in parts, which add into the chunk's own partial
 * sums as one call would. The row-parallel passes (fit/parallel) walk the same spans.
 */
export function normalSpanRows(packed: number, chunkRows: number, blockRows: number): number {
  return packed * chunkRows <= SPAN_WORK ? chunkRows : Math.max(blockRows, Math.floor(SPAN_WORK / packed));
}

/** A view of rows [start, end) of the data, so kernels always run on (0, end − start). */
export function sliceData(data: ModelData, start: number, end: number): ModelData {
  return {
    vars: data.vars.map((v) => v.subarray(start, end)),
    y: data.y.subarray(start, end),
    w: data.w ? data.w.subarray(start, end) : null,
  };
}

export function fullParameters(model: Pick<BoundModel, 'base' | 'free'>, x: Float64Array): Float64Array {
  const p = Float64Array.from(model.base);
  model.free.forEach((idx, j) => (p[idx] = x[j]));
  return p;
}

/** Unpacks the `normal` kernel's accumulator (packed upper JᵀJ, Jᵀf, Σρ). */
export function unpackNormal(acc: Float64Array, k: number): { JtJ: Float64Array; g: Float64Array; sumRho: number } {
  const JtJ = new Float64Array(k * k);
  let o = 0;
  for (let a = 0; a < k; a++) {
    for (let b = a; b < k; b++) {
      JtJ[a * k + b] = acc[o];
      JtJ[b * k + a] = acc[o];
      o++;
    }
  }
  return { JtJ, g: acc.slice(o, o + k), sumRho: acc[o + k] };
}

/**
 * The dense pass's work on row blocks: residuals and Jacobian of a block, scaled for the robust
 * loss, folded into a streaming QR. Shared by this evaluator and the row-parallel workers.
 */
export class DenseBlocks {
  readonly qr: QrAccumulator;
  /** The cost of the rows added so far (½Σρ, as scaleForRobustLoss gives it). */
  cost = 0;
  private readonly f: Float64Array;
  private readonly J: Float64Array;

  constructor(
    private readonly model: Pick<BoundModel, 'kernels' | 'data' | 'loss' | 'free'>,
    private readonly p: Float64Array,
    blockRows: number,
  ) {
    const n = model.free.length;
    this.qr = new QrAccumulator(n);
    this.f = new Float64Array(blockRows);
    this.J = new Float64Array(blockRows * n);
  }

  /** Adds rows [start, end), at most blockRows of them. */
  add(start: number, end: number): void {
    const { kernels, data, loss, free } = this.model;
    const n = free.length;
    const rows = end - start;
    const fb = this.f.subarray(0, rows);
    const Jb = this.J.subarray(0, rows * n);
    kernels.residualsJacobian(this.p, sliceData(data, start, end), fb, Jb, 0, rows);
    this.cost += scaleForRobustLoss(loss, fb, Jb, n);
    this.qr.addRows(Jb, fb, rows);
  }
}

export function cpuEvaluator(model: BoundModel, linearization: Linearization, options: CpuEvaluatorOptions = {}): Evaluator {
  const m = model.rows;
  const n = model.free.length;
  const blockRows = options.blockRows ?? DEFAULT_BLOCK_ROWS;
  const chunkRows = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
  const chunks = Math.max(1, Math.ceil(m / chunkRows));
  const { kernels, data, loss } = model;
  const packed = (n * (n + 1)) / 2 + n + 1;

  /**
   * Walks the rows in spans of at most `span` that never cross a chunk: `body` per span, chunk
   * progress at each chunk's end (after `chunkEnd`), the checkpoint between spans. Synchronous
   * until a checkpoint returns a promise; from there on the walk (and its result) is a promise.
   */
  function walk<T>(pass: ChunkProgress['pass'], span: number, body: (start: number, end: number) => void, chunkEnd: (() => void) | null, finish: () => T): T | Promise<T> {
    let start = 0;
    let chunk = 0;
    const step = (): boolean => {
      const end = Math.min(m, (chunk + 1) * chunkRows, start + span);
      body(start, end);
      start = end;
      if (start === Math.min(m, (chunk + 1) * chunkRows)) {
        chunkEnd?.();
        chunk += 1;
        options.onChunk?.({ pass, chunk, chunks });
      }
      return start >= m;
    };
    for (;;) {
      if (step()) return finish();
      const wait = options.checkpoint?.();
      if (wait) {
        return wait.then(async () => {
          for (;;) {
            if (step()) return finish();
            const next = options.checkpoint?.();
            if (next) await next;
          }
        });
      }
    }
  }

  function cost(x: Float64Array): number | Promise<number> {
    const p = fullParameters(model, x);
    let sum = 0;
    return walk('cost', chunkRows, (start, end) => (sum += kernels.cost(p, sliceData(data, start, end), loss, 0, end - start)), null, () => 0.5 * sum);
  }

  const normalSpan = normalSpanRows(packed, chunkRows, blockRows);

  /** values: the model's value at every row, written in the same pass (the kernel's by-product). */
  function linearizeNormal(x: Float64Array, values: Float64Array | null = null): LinearModel | Promise<LinearModel> {
    const p = fullParameters(model, x);
    const total = new Float64Array(packed);
    const acc = new Float64Array(packed);
    // Per-chunk partial sums added in float64: shorter running sums, smaller rounding drift.
    const addChunk = () => {
      for (let i = 0; i < packed; i++) total[i] += acc[i];
      acc.fill(0);
    };
    const span = (start: number, end: number) => kernels.normal(p, sliceData(data, start, end), loss, acc, 0, end - start, values && values.subarray(start, end));
    return walk('linearize', normalSpan, span, addChunk, () => {
      const { JtJ, g, sumRho } = unpackNormal(total, n);
      return new NormalLinearModel(n, m, JtJ, g, 0.5 * sumRho);
    });
  }

  function linearizeDense(x: Float64Array): LinearModel | Promise<LinearModel> {
    const blocks = new DenseBlocks(model, fullParameters(model, x), blockRows);
    return walk('linearize', blockRows, (start, end) => blocks.add(start, end), null, () => new QrLinearModel(n, m, blocks.qr.R, blocks.qr.qtf, blocks.cost));
  }

  if (linearization === 'dense') return { m, n, label: 'cpu-dense', cost, linearize: linearizeDense };

  // The fused normal pass costs about twice a cost-only pass and most trial points are accepted,
  // so trial points are linearized at once and the result kept for the linearize() that follows.
  let cached: { x: Float64Array; linear: LinearModel } | null = null;
  return {
    m,
    n,
    label: 'cpu-normal',
    cost(x) {
      const keep = (linear: LinearModel) => {
        cached = { x: Float64Array.from(x), linear };
        return linear.cost;
      };
      const linear = linearizeNormal(x);
      return linear instanceof Promise ? linear.then(keep) : keep(linear);
    },
    linearize(x) {
      if (cached && cached.x.every((v, i) => v === x[i])) return cached.linear;
      return linearizeNormal(x);
    },
    linearizeWithValues(x, values) {
      if (values.length !== m) throw new Error(`linearizeWithValues: ${values.length} values for ${m} rows.`);
      return linearizeNormal(x, values);
    },
  };
}

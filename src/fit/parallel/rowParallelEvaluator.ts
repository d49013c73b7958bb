/**
 * The float64 passes over the rows spread across a worker pool (issue 12, "all cores"): the same
 * Evaluator as cpuEvaluator (fit/cpuEvaluator.ts), with the rows split into contiguous runs of
 * whole chunks, one task per worker per pass. The columns are shared (SharedArrayBuffer), so a pass
 * sends only the parameters and gets back each chunk's partial sums; those are added here in chunk
 * order, the serial evaluator's order, so cost and the normal equations are the serial ones to the
 * last bit. The dense (QR) pass folds the workers' triangles in order (TSQR): as precise as the
 * serial QR, not bit-equal to it.
 */
import type { WorkerPool } from '../../parallel/pool';
import { normalLength } from '../../model/index';
import type { Evaluator } from '../../solver/evaluator';
import { NormalLinearModel, QrLinearModel, type LinearModel } from '../../solver/linearModel';
import { QrAccumulator } from '../../solver/qrAccumulator';
import { DEFAULT_BLOCK_ROWS, DEFAULT_CHUNK_ROWS, fullParameters, unpackNormal, type BoundModel, type Linearization } from '../cpuEvaluator';
import type { TaskStatus } from '../../parallel/types';
import type { RowPass, RowPassInput, RowPassOutput, RowPassSetup } from './rowPassTypes';
import { sharedColumn } from './sharedColumns';

export type RowPool = WorkerPool<RowPassInput, RowPassOutput>;

export interface RowParallelSource {
  /** The model's text and the columns it reads, in the order of bound.data.vars. */
  readonly source: string;
  readonly variables: readonly string[];
}

let setups = 0;

/** A fresh key for a set-up (workers cache kernels, and held rows, by it). */
export function setupKey(): string {
  return `${Date.now().toString(36)}-${++setups}`;
}

/** The rows' chunks split into `parts` contiguous runs of whole chunks: [chunkStart, chunkEnd) each. */
export function chunkParts(rows: number, chunkRows: number, workers: number): { chunkStart: number; chunkEnd: number }[] {
  const chunks = Math.max(1, Math.ceil(rows / chunkRows));
  const parts = Math.min(chunks, workers);
  return Array.from({ length: parts }, (_, i) => ({ chunkStart: Math.floor((i * chunks) / parts), chunkEnd: Math.floor(((i + 1) * chunks) / parts) }));
}

/** Runs one pass over all the rows as one task per part; outputs in row order (it throws on a failed part). */
export interface RowRunner {
  readonly parts: number;
  pass(kind: Exclude<RowPass, 'values'>, p: Float64Array): Promise<RowPassOutput[]>;
  /** A normal pass that also writes the model's values into `out` (shared, length m); only a
   *  runner whose workers see all the rows in shared memory has it. */
  normalWithValues?(p: Float64Array, out: Float64Array): Promise<RowPassOutput[]>;
  /** The model's values at every row for the full parameters p (into `out` where given: shared, length m). */
  values(p: Float64Array, out?: Float64Array): Promise<Float64Array>;
}

/** Throws on the first failed part, naming it. */
export function partOutputs<O>(statuses: readonly TaskStatus<O>[]): O[] {
  return statuses.map((status, i) => {
    if (!status.ok) throw new Error(`A row pass on worker ${i + 1} of ${statuses.length} ${status.error.code}: ${status.error.message}`);
    return status.value;
  });
}

/** The runner of shared columns: every task carries the set-up (handles to shared memory, no copy). */
export function sharedRunner(bound: BoundModel, setup: RowPassSetup, pool: RowPool): RowRunner {
  const ranges = chunkParts(bound.rows, setup.chunkRows, pool.size);
  const run = async (pass: RowPass, p: Float64Array, out?: Float64Array) => partOutputs(await pool.map(ranges.map((r) => ({ setup, pass, p, ...r, out }))));
  return {
    parts: ranges.length,
    pass: (kind, p) => run(kind, p),
    normalWithValues: (p, out) => {
      if (!(out.buffer instanceof SharedArrayBuffer) || out.length !== bound.rows) throw new Error('A normal pass with values needs a shared array of one value per row.');
      return run('normal', p, out);
    },
    async values(p, given) {
      const out = given ?? new Float64Array(new SharedArrayBuffer(bound.rows * Float64Array.BYTES_PER_ELEMENT));
      if (!(out.buffer instanceof SharedArrayBuffer) || out.length !== bound.rows) throw new Error('A values pass needs a shared array of one value per row.');
      await run('values', p, out);
      return out;
    },
  };
}

/** The model's values at every row for the free parameters x (the statistics' residuals), on the pool. */
export async function rowParallelValues(bound: BoundModel, setup: RowPassSetup, pool: RowPool, x: Float64Array, out?: Float64Array): Promise<Float64Array> {
  return sharedRunner(bound, setup, pool).values(fullParameters(bound, x), out);
}

/** Shares the bound model's columns (copied into shared memory once, unless they already are). */
export function rowPassSetup(bound: BoundModel, model: RowParallelSource, chunkRows = DEFAULT_CHUNK_ROWS): RowPassSetup {
  return {
    key: setupKey(),
    source: model.source,
    columns: model.variables,
    free: bound.free,
    loss: bound.loss,
    vars: bound.data.vars.map(sharedColumn),
    y: sharedColumn(bound.data.y),
    w: bound.data.w ? sharedColumn(bound.data.w) : null,
    chunkRows,
    blockRows: DEFAULT_BLOCK_ROWS,
  };
}

export function rowParallelEvaluator(bound: BoundModel, setup: RowPassSetup, pool: RowPool, linearization: Linearization): Evaluator {
  return runnerEvaluator(bound, sharedRunner(bound, setup, pool), linearization);
}

/** The Evaluator of a fit whose passes a runner spreads over workers (shared or held rows). */
export function runnerEvaluator(bound: BoundModel, runner: RowRunner, linearization: Linearization): Evaluator {
  const m = bound.rows;
  const n = bound.free.length;
  const parts = runner.parts;
  const packed = normalLength(n);

  const pass = (kind: Exclude<RowPass, 'values'>, x: Float64Array) => runner.pass(kind, fullParameters(bound, x));

  async function cost(x: Float64Array): Promise<number> {
    let sum = 0;
    for (const out of await pass('cost', x)) {
      if (out.pass === 'cost') for (const s of out.partials) sum += s;
    }
    return 0.5 * sum;
  }

  async function linearizeNormal(x: Float64Array, values?: Float64Array): Promise<LinearModel> {
    const total = new Float64Array(packed);
    const outputs = values ? await runner.normalWithValues!(fullParameters(bound, x), values) : await pass('normal', x);
    for (const out of outputs) {
      if (out.pass !== 'normal') continue;
      for (let o = 0; o < out.partials.length; o += packed) {
        for (let i = 0; i < packed; i++) total[i] += out.partials[o + i];
      }
    }
    const { JtJ, g, sumRho } = unpackNormal(total, n);
    return new NormalLinearModel(n, m, JtJ, g, 0.5 * sumRho);
  }

  async function linearizeDense(x: Float64Array): Promise<LinearModel> {
    const qr = new QrAccumulator(n);
    let costSum = 0;
    for (const out of await pass('dense', x)) {
      if (out.pass !== 'dense') continue;
      qr.addRows(Float64Array.from(out.R), Float64Array.from(out.qtf), n);
      costSum += out.cost;
    }
    return new QrLinearModel(n, m, qr.R, qr.qtf, costSum);
  }

  const label = `cpu-${linearization}×${parts}`;
  if (linearization === 'dense') return { m, n, label, cost, linearize: linearizeDense };

  // As the serial normal evaluator: trial points are linearized at once (the fused pass costs
  // about twice a cost pass and most trial points are accepted) and kept for the next linearize.
  let cached: { x: Float64Array; linear: LinearModel } | null = null;
  return {
    m,
    n,
    label,
    async cost(x) {
      const linear = await linearizeNormal(x);
      cached = { x: Float64Array.from(x), linear };
      return linear.cost;
    },
    async linearize(x) {
      if (cached && cached.x.every((v, i) => v === x[i])) return cached.linear;
      return linearizeNormal(x);
    },
    // The values are written by the workers into shared memory: the caller gives a shared array.
    ...(runner.normalWithValues ? { linearizeWithValues: (x: Float64Array, values: Float64Array) => linearizeNormal(x, values) } : {}),
  };
}

/** What curveFit runs on a pool: its float64 evaluators and the statistics' model values. */
export interface RowPasses {
  evaluator(bound: BoundModel, linearization: Linearization): Evaluator;
  /** out: an array to write them into (shared memory, length m) where the runner can; else a new one. */
  values(bound: BoundModel, x: Float64Array, out?: Float64Array): Promise<Float64Array>;
}

/**
 * The row passes of fits of one model on one pool. The columns are shared once per data set
 * (sharedColumn keeps the copy), and the set-up, with the workers' compiled kernels, is kept while
 * the bound data are the same (the main phase, the polish, the statistics of one fit).
 */
export function rowPasses(pool: RowPool, model: RowParallelSource): RowPasses {
  let last: { data: BoundModel['data']; setup: RowPassSetup } | null = null;
  const setupFor = (bound: BoundModel) => {
    if (last?.data !== bound.data) last = { data: bound.data, setup: rowPassSetup(bound, model) };
    return last.setup;
  };
  return {
    evaluator: (bound, linearization) => rowParallelEvaluator(bound, setupFor(bound), pool, linearization),
    values: (bound, x, out) => rowParallelValues(bound, setupFor(bound), pool, x, out),
  };
}

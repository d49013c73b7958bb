/**
 * The row-parallel passes without shared memory (a page that is not cross-origin isolated, where
 * SharedArrayBuffer does not exist): each worker is given a copy of its own run of rows once per
 * data set (transferred, so the copy is made once, here), and each pass then sends it only the
 * parameters and the set-up's key and gets back its partial sums. The split into runs of whole
 * chunks, the worker side (rowPassTask.ts) and the order in which partials are added are those of
 * the shared runner, so the results are the same to the last bit.
 *
 * A worker keeps its rows, so each has a pool of its own (WorkerPool hands a task to any idle
 * worker). A worker that was replaced (it died) no longer holds them: its next task sends them again.
 */
import { DEFAULT_BLOCK_ROWS, DEFAULT_CHUNK_ROWS, fullParameters, type BoundModel } from '../cpuEvaluator';
import { chunkParts, partOutputs, runnerEvaluator, setupKey, type RowParallelSource, type RowPasses, type RowPool, type RowRunner } from './rowParallelEvaluator';
import type { RowPass, RowPassInput, RowPassSetup } from './rowPassTypes';

interface Held {
  readonly data: BoundModel['data'];
  readonly key: string;
  readonly ranges: { chunkStart: number; chunkEnd: number }[];
  /** The set-up of each part, with copies of its rows; null once its worker has it. */
  readonly pending: (RowPassSetup | null)[];
}

/** The set-up of rows [first, last): copies of those rows of each column. */
function partSetup(bound: BoundModel, model: RowParallelSource, key: string, chunkRows: number, first: number, last: number): RowPassSetup {
  const copy = (column: Float64Array) => column.slice(first, last);
  return {
    key,
    source: model.source,
    columns: model.variables,
    free: bound.free,
    loss: bound.loss,
    vars: bound.data.vars.map(copy),
    y: copy(bound.data.y),
    w: bound.data.w ? copy(bound.data.w) : null,
    chunkRows,
    blockRows: DEFAULT_BLOCK_ROWS,
    rows: bound.rows,
    firstRow: first,
  };
}

function heldRunner(held: Held, pools: readonly RowPool[], rows: number): RowRunner {
  const run = async (pass: RowPass, p: Float64Array) => {
    const statuses = await Promise.all(
      held.ranges.map((range, i) => {
        const setup = held.pending[i];
        const input: RowPassInput = { setup: setup ?? { key: held.key }, pass, p, ...range };
        const transfer = setup ? [...setup.vars, setup.y, ...(setup.w ? [setup.w] : [])].map((c) => c.buffer as ArrayBuffer) : [];
        held.pending[i] = null;
        return pools[i].run(input, { transfer });
      }),
    );
    return partOutputs(statuses);
  };
  return {
    parts: held.ranges.length,
    pass: (kind, p) => run(kind, p),
    async values(p) {
      const out = new Float64Array(rows);
      let at = 0;
      for (const part of await run('values', p)) {
        if (part.pass !== 'values' || !part.values) throw new Error('A values pass returned no values.');
        out.set(part.values, at);
        at += part.values.length;
      }
      return out;
    },
  };
}

/**
 * The row passes of fits of one model on workers that each hold their rows: `pools` are pools of
 * one worker each. The rows go to the workers when a new data set is first fitted; a failed pass
 * sends them again next time (its worker may have been replaced).
 */
export function heldRowPasses(pools: readonly RowPool[], model: RowParallelSource, chunkRows = DEFAULT_CHUNK_ROWS): RowPasses {
  let held: Held | null = null;
  const runnerFor = (bound: BoundModel): RowRunner => {
    if (held?.data !== bound.data) {
      const key = setupKey();
      const ranges = chunkParts(bound.rows, chunkRows, pools.length);
      const rowOf = (chunk: number) => Math.min(bound.rows, chunk * chunkRows);
      const pending = ranges.map((r) => partSetup(bound, model, key, chunkRows, rowOf(r.chunkStart), rowOf(r.chunkEnd)));
      held = { data: bound.data, key, ranges, pending };
    }
    const h = held;
    const runner = heldRunner(h, pools, bound.rows);
    // After a failure, every part sends its rows again (a worker that died was replaced empty).
    const resend = <T>(work: Promise<T>) =>
      work.catch((error: unknown) => {
        if (held === h) held = null;
        throw error;
      });
    return { parts: runner.parts, pass: (kind, p) => resend(runner.pass(kind, p)), values: (p) => resend(runner.values(p)) };
  };
  return {
    evaluator: (bound, linearization) => runnerEvaluator(bound, runnerFor(bound), linearization),
    values: (bound, x) => runnerFor(bound).values(fullParameters(bound, x)),
  };
}


/**
 * The worker side of the row-parallel float64 passes (issue 12): runs the compiled model's
 * kernels over chunks [chunkStart, chunkEnd) of shared columns and returns partial sums. It walks
 * each chunk exactly as the serial CPU evaluator does (same chunk and span boundaries, each chunk's
 * sums started from zero), so that the caller, adding the chunks' partials in chunk order, gets
 * the serial pass's sums to the last bit. A dense pass returns this range's QR triangle instead
 * (TSQR, Demmel et al. 2012: the caller folds the triangles in order).
 *
 * The model is recompiled here from its text through the validated syntax tree (never eval'd),
 * once per model: the compiled kernels are kept by its text. Held rows (a page without
 * shared memory, heldRows.ts): the set-up came once with this worker's rows only, and later
 * passes name it by its key.
 */
import { compileModel, normalLength, type JsKernels, type ModelData } from '../../model/index';
import type { TaskHandler } from '../../parallel/types';
import { DenseBlocks, normalSpanRows, sliceData } from '../cpuEvaluator';
import type { RowPassInput, RowPassOutput, RowPassSetup, RowPassSetupKey } from './rowPassTypes';

let cached: { key: string; setup: RowPassSetup; kernels: JsKernels } | null = null;

// Compiled kernels by model text, columns and free parameters, kept across set-ups: a fit of the
// same model again (the page's next fit, another start) reuses code the JIT has already optimized
// instead of a fresh function that runs its first passes cold. A few models at most.
const compiledKernels = new Map<string, JsKernels>();
const KEEP_MODELS = 4;

function kernelsFor(setup: RowPassSetup): JsKernels {
  const id = JSON.stringify([setup.source, setup.columns, setup.free]);
  let kernels = compiledKernels.get(id);
  if (!kernels) {
    const compiled = compileModel(setup.source, { columns: setup.columns });
    if (!compiled.ok) throw new Error(compiled.error.message);
    kernels = compiled.value.kernels(setup.free);
    if (compiledKernels.size >= KEEP_MODELS) compiledKernels.delete(compiledKernels.keys().next().value as string);
  }
  compiledKernels.delete(id);
  compiledKernels.set(id, kernels); // most recent last
  return kernels;
}

function held(setup: RowPassSetup | RowPassSetupKey): { setup: RowPassSetup; kernels: JsKernels } {
  if (cached?.key === setup.key) return cached;
  if (!('source' in setup)) throw new Error(`This worker does not hold the rows of set-up ${setup.key} (it was replaced): send the set-up again.`);
  cached = { key: setup.key, setup, kernels: kernelsFor(setup) };
  return cached;
}

export function runRowPass(input: RowPassInput): RowPassOutput {
  const { p, chunkStart, chunkEnd } = input;
  const { setup, kernels } = held(input.setup);
  const data: ModelData = { vars: [...setup.vars], y: setup.y, w: setup.w };
  // Chunk boundaries are the serial pass's, over all the rows; `at` maps a row to its index here.
  const m = setup.rows ?? setup.y.length;
  const offset = setup.firstRow ?? 0;
  const n = setup.free.length;
  const { chunkRows, loss } = setup;
  const chunkRange = (c: number): [number, number] => [c * chunkRows - offset, Math.min(m, (c + 1) * chunkRows) - offset];
  const [first] = chunkRange(chunkStart);
  const [, last] = chunkRange(chunkEnd - 1);
  if (first < 0 || last > setup.y.length) throw new Error(`Rows ${first + offset}–${last + offset} are not held by this worker.`);

  const sharedOut = (): Float64Array | null => {
    if (!input.out) return null;
    if (input.out.length !== m || offset !== 0) throw new Error(`A ${input.pass} pass into a shared output needs all the rows and one value per row.`);
    return input.out;
  };

  if (input.pass === 'values') {
    if (!input.out) {
      const values = new Float64Array(last - first);
      kernels.evaluate(p, sliceData(data, first, last).vars, values, 0, last - first);
      return { pass: 'values', values };
    }
    kernels.evaluate(p, data.vars, sharedOut()!, first, last);
    return { pass: 'values' };
  }

  if (input.pass === 'cost') {
    const partials = new Float64Array(chunkEnd - chunkStart);
    for (let c = chunkStart; c < chunkEnd; c++) {
      const [start, end] = chunkRange(c);
      partials[c - chunkStart] = kernels.cost(p, sliceData(data, start, end), loss, 0, end - start);
    }
    return { pass: 'cost', partials };
  }

  if (input.pass === 'normal') {
    const packed = normalLength(n);
    const span = normalSpanRows(packed, chunkRows, setup.blockRows);
    const partials = new Float64Array((chunkEnd - chunkStart) * packed);
    const out = sharedOut();
    for (let c = chunkStart; c < chunkEnd; c++) {
      const acc = partials.subarray((c - chunkStart) * packed, (c - chunkStart + 1) * packed);
      const [first, last] = chunkRange(c);
      for (let start = first; start < last; start += span) {
        const end = Math.min(last, start + span);
        kernels.normal(p, sliceData(data, start, end), loss, acc, 0, end - start, out && out.subarray(start, end));
      }
    }
    return { pass: 'normal', partials };
  }

  const block = setup.blockRows;
  const dense = new DenseBlocks({ kernels, data, loss, free: setup.free }, p, block);
  for (let start = first; start < last; start += block) dense.add(start, Math.min(last, start + block));
  return { pass: 'dense', R: dense.qr.R, qtf: dense.qr.qtf, cost: dense.cost };
}

/** The pass, and where it ran in time (bench/pool-passes.ts reads these; nothing else does). */
export const task: TaskHandler<RowPassInput, RowPassOutput> = (input) => {
  const started = performance.now();
  const output = runRowPass(input);
  return { ...output, startedAt: performance.timeOrigin + started, kernelMs: performance.now() - started };
};

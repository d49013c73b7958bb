/**
 * The worker side of the row-parallel float64 passes (issue 12): runs the compiled model's
 * kernels over chunks [chunkStart, chunkEnd) of shared columns and returns partial sums. It walks
 * each chunk exactly as the serial CPU evaluator does (same chunk and span boundaries, each chunk's
 * sums started from zero), so that the caller, adding the chunks' partials in chunk order, gets
 * the serial pass's sums to the last bit. A dense pass returns this range's QR triangle instead
 * (TSQR, Demmel et al. 2012: the caller folds the triangles in order).
 *
 * The model is recompiled here from its text through the validated syntax tree (never eval'd),
 * once per fit: the compiled kernels are kept by the set-up's key.
 */
import { compileModel, normalLength, type JsKernels, type ModelData } from '../../model/index';
import type { TaskHandler } from '../../parallel/types';
import { DenseBlocks, normalSpanRows, sliceData } from '../cpuEvaluator';
import type { RowPassInput, RowPassOutput, RowPassSetup } from './rowPassTypes';

let cached: { key: string; kernels: JsKernels } | null = null;

function kernelsOf(setup: RowPassSetup): JsKernels {
  if (cached?.key === setup.key) return cached.kernels;
  const compiled = compileModel(setup.source, { columns: setup.columns });
  if (!compiled.ok) throw new Error(compiled.error.message);
  cached = { key: setup.key, kernels: compiled.value.kernels(setup.free) };
  return cached.kernels;
}

export function runRowPass(input: RowPassInput): RowPassOutput {
  const { setup, p, chunkStart, chunkEnd } = input;
  const kernels = kernelsOf(setup);
  const data: ModelData = { vars: [...setup.vars], y: setup.y, w: setup.w };
  const m = setup.y.length;
  const n = setup.free.length;
  const { chunkRows, loss } = setup;
  const chunkRange = (c: number): [number, number] => [c * chunkRows, Math.min(m, (c + 1) * chunkRows)];

  if (input.pass === 'values') {
    if (!input.out || input.out.length !== m) throw new Error('A values pass needs a shared output of one value per row.');
    const [first] = chunkRange(chunkStart);
    const [, last] = chunkRange(chunkEnd - 1);
    kernels.evaluate(p, data.vars, input.out, first, last);
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
    for (let c = chunkStart; c < chunkEnd; c++) {
      const acc = partials.subarray((c - chunkStart) * packed, (c - chunkStart + 1) * packed);
      const [first, last] = chunkRange(c);
      for (let start = first; start < last; start += span) {
        const end = Math.min(last, start + span);
        kernels.normal(p, sliceData(data, start, end), loss, acc, 0, end - start);
      }
    }
    return { pass: 'normal', partials };
  }

  const block = setup.blockRows;
  const dense = new DenseBlocks({ kernels, data, loss, free: setup.free }, p, block);
  const [first] = chunkRange(chunkStart);
  const [, last] = chunkRange(chunkEnd - 1);
  for (let start = first; start < last; start += block) dense.add(start, Math.min(last, start + block));
  return { pass: 'dense', R: dense.qr.R, qtf: dense.qr.qtf, cost: dense.cost };
}

export const task: TaskHandler<RowPassInput, RowPassOutput> = (input) => runRowPass(input);

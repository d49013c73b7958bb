/**
 * A group's rows as the kernels read them: columns checked against the model, rows with a missing
 * or non-finite value (or σ ≤ 0) skipped and counted, weights w = 1/σ. Copies only when a row
 * must go; a clean group is used in place.
 */
import type { CompiledModel, ModelData } from '../../model/index';
import { FitInputError } from '../parameters';
import type { FitData } from '../types';

export interface PreparedGroup {
  readonly data: ModelData;
  readonly rows: number;
  readonly skipped: number;
  /** The kept rows' lines in the file (FitData.lines), for messages; null where unknown. */
  readonly lines: ArrayLike<number> | null;
}

function usable(data: FitData, i: number): boolean {
  if (!Number.isFinite(data.y[i])) return false;
  const vars = data.vars;
  for (let c = 0; c < vars.length; c++) if (!Number.isFinite(vars[c][i])) return false;
  const sigma = data.sigma;
  if (sigma && !(sigma[i] > 0 && sigma[i] < Infinity)) return false;
  return true;
}

export function prepareGroup(model: CompiledModel, data: FitData): PreparedGroup {
  const m = data.y.length;
  if (data.vars.length !== model.variables.length) {
    throw new FitInputError('variables', `The model uses ${model.variables.length} variables but the group has ${data.vars.length} columns.`);
  }
  for (let c = 0; c < data.vars.length; c++) {
    const v = data.vars[c];
    if (v.length !== m) throw new FitInputError('shape', `Column "${model.variables[c]}" has ${v.length} rows, y has ${m}.`);
  }
  if (data.sigma && data.sigma.length !== m) throw new FitInputError('shape', `sigma has ${data.sigma.length} rows, y has ${m}.`);
  let keep = 0;
  for (let i = 0; i < m; i++) if (usable(data, i)) keep++;
  if (keep === m) {
    return { data: { vars: data.vars, y: data.y, w: data.sigma ? data.sigma.map((s) => 1 / s) : null }, rows: m, skipped: 0, lines: data.lines ?? null };
  }
  const rows: number[] = [];
  for (let i = 0; i < m; i++) if (usable(data, i)) rows.push(i);
  const pick = (a: Float64Array) => Float64Array.from(rows, (i) => a[i]);
  return {
    data: { vars: data.vars.map(pick), y: pick(data.y), w: data.sigma ? Float64Array.from(rows, (i) => 1 / (data.sigma as Float64Array)[i]) : null },
    rows: keep,
    skipped: m - keep,
    lines: data.lines ? Int32Array.from(rows, (i) => (data.lines as ArrayLike<number>)[i]) : null,
  };
}

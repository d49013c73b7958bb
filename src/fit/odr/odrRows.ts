/**
 * The rows of an errors-in-variables fit, checked once: every value finite, every σ positive,
 * and the first bad one named by its line (rowName.ts) with the fix. ODR has no "skip the row":
 * a row's δ is a parameter, so the caller drops rows it does not want before the fit.
 */
import { FitInputError } from '../parameters';
import { rowName } from '../rowName';
import type { OdrInput } from './types';

function checkColumn(what: string, c: Float64Array, n: number, lines: OdrInput['lines'], sigma: boolean): void {
  if (c.length !== n) throw new FitInputError('shape', `${what} has ${c.length} rows, the data ${n}.`);
  for (let i = 0; i < n; i++) {
    const v = c[i];
    if (!Number.isFinite(v)) throw new FitInputError(sigma ? 'sigma-x' : 'nonfinite-data', `${what} is not a finite number at ${rowName(lines, i)}: fill it in or leave the row out.`);
    if (sigma && !(v > 0)) throw new FitInputError('sigma-x', `${what} is ${v} at ${rowName(lines, i)}: a standard deviation must be positive (leave the row out, or give the column's error).`);
  }
}

/** 1/c entry by entry (a plain loop: Float64Array.map calls a closure per row). */
export function reciprocal(c: Float64Array): Float64Array {
  const out = new Float64Array(c.length);
  for (let i = 0; i < c.length; i++) out[i] = 1 / c[i];
  return out;
}

/** Checks the columns; returns the observed variables (those with a δ) and u = 1/σ of each. */
export function odrRows(input: OdrInput): { observed: number[]; u: Float64Array[]; n: number } {
  const { model, vars, lines } = input;
  const names = model.variables;
  if (vars.length !== names.length) throw new FitInputError('shape', `${vars.length} columns for the model's ${names.length} variables.`);
  const n = input.implicit ? (vars[0]?.length ?? 0) : (input.y?.length ?? 0);
  vars.forEach((c, v) => checkColumn(`"${names[v]}"`, c, n, lines, false));
  if (!input.implicit) {
    if (!input.y) throw new FitInputError('shape', 'An explicit errors-in-variables fit needs the y column.');
    checkColumn('y', input.y, n, lines, false);
    if (input.sigmaY) checkColumn('σ of y', input.sigmaY, n, lines, true);
  }
  const observed: number[] = [];
  const u: Float64Array[] = [];
  names.forEach((name, v) => {
    const s = input.sigmaX[v] ?? null;
    if (s) checkColumn(`σ of "${name}"`, s, n, lines, true);
    if (!s && !input.implicit) return;
    observed.push(v);
    u.push(s ? reciprocal(s) : new Float64Array(n).fill(1));
  });
  if (observed.length === 0) throw new FitInputError('sigma-x', `No column has errors: give σ for ${names.map((c) => `"${c}"`).join(' or ')} (--sigma-x), or fit without errors in x.`);
  return { observed, u, n };
}

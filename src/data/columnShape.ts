/**
 * The shape of a column's values in row order: what a person would see scrolling down it, and what
 * the default choice of x and y (defaultColumns.ts) needs to know.
 *
 *   text      kept as categories, or no numbers at all (labels, a group column)
 *   constant  one distinct value
 *   counter   the integers lo…lo+n−1, each once (a row number or an ID: run 1…n)
 *   monotone  never decreases (or never increases), mostly distinct values (a time or dose axis)
 *   steps     monotone, but mostly repeats of the value above (replicates, a sorted group key)
 *   grid      a rising axis that starts over: several rising runs of ≥ 3 values each (a time
 *             grid repeated per subject, the concentrations of two treatments one after another)
 *   blocks    not monotone, mostly repeats of the value above (a covariate constant per subject)
 *   scatter   anything else (a measured response)
 *
 * NaN cells are skipped: the shape is that of the numbers a column holds.
 */
import type { Column } from './types';

export type ColumnShape = 'text' | 'constant' | 'counter' | 'monotone' | 'steps' | 'grid' | 'blocks' | 'scatter';

export interface ColumnFacts {
  readonly shape: ColumnShape;
  /** Every finite value is an integer (and there is at least one). */
  readonly integer: boolean;
}

/** Runs of non-decreasing values whose mean length and distinct count make a repeated axis. */
const GRID_RUN = 3;

/** The finite values of a column in row order. */
function finiteValues(values: Float64Array): Float64Array {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i] as number)) n++;
  if (n === values.length) return values;
  const out = new Float64Array(n);
  for (let i = 0, k = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isFinite(v)) out[k++] = v;
  }
  return out;
}

/** Integers lo…lo+n−1, each once (one pass and a bitmap: no sort of 10⁷ values). */
function isCounter(v: Float64Array): boolean {
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of v) { if (x < lo) lo = x; if (x > hi) hi = x; }
  if (hi - lo !== v.length - 1) return false;
  const seen = new Uint8Array(v.length);
  for (const x of v) {
    const k = x - lo;
    if (seen[k]) return false;
    seen[k] = 1;
  }
  return true;
}

export function columnFacts(column: Pick<Column, 'values' | 'categories' | 'numericCount'>): ColumnFacts {
  if (column.categories || column.numericCount === 0) return { shape: 'text', integer: false };
  const v = finiteValues(column.values);
  const n = v.length;
  if (n === 0) return { shape: 'text', integer: false };
  let integer = true;
  let ties = 0;
  let rises = 0;
  let falls = 0;
  // Rising runs (split where a value falls) and the distinct values within each.
  let runs = 1;
  let distinctInRuns = 1;
  for (let i = 0; i < n; i++) {
    const x = v[i] as number;
    if (!Number.isInteger(x)) integer = false;
    if (i === 0) continue;
    const prev = v[i - 1] as number;
    if (x === prev) ties++;
    else if (x > prev) { rises++; distinctInRuns++; }
    else { falls++; runs++; distinctInRuns++; }
  }
  const facts = (shape: ColumnShape): ColumnFacts => ({ shape, integer });
  if (rises === 0 && falls === 0) return facts('constant');
  if (integer && ties === 0 && isCounter(v)) return facts('counter');
  const repeats = ties >= (n - 1) / 2;
  if (rises === 0 || falls === 0) return facts(repeats ? 'steps' : 'monotone');
  if (runs < n / GRID_RUN && distinctInRuns / runs >= GRID_RUN) return facts('grid');
  return facts(repeats ? 'blocks' : 'scatter');
}

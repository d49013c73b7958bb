/**
 * Parameters slice: one row per model parameter (value, bounds, fixed, the slider's range), a
 * memory of rows whose parameter left the model (so retyping a name brings its values back:
 * nothing the user entered is lost), and input errors keyed by parameter.
 */
import type { GuessedParameter } from '../../library/types';
import { sliderRange, type SliderRange } from '../sliderScale';

export interface ParamRow {
  readonly name: string;
  /** The start value; null: left empty, so Fit first searches for it (issue 11). */
  readonly value: number | null;
  readonly min: number;
  readonly max: number;
  readonly fixed: boolean;
  /** A strictly positive scale (the library says so): the slider is logarithmic. */
  readonly positive: boolean;
  readonly range: SliderRange;
}

export interface ParamsSlice {
  readonly params: readonly ParamRow[];
  /** Maps, never plain objects: a parameter may be called `constructor` or `__proto__`. */
  readonly paramMemory: ReadonlyMap<string, ParamRow>;
  /** Messages about a parameter's input (from the fit's input checks), keyed by name. */
  readonly paramErrors: ReadonlyMap<string, string>;
  /** Tied parameters (issue 10), `b = 2*a`: not fitted, replaced in the model by the expression
   *  (src/state/ties.ts). A tie whose parameter left the model waits, unused, until it is back. */
  readonly ties: readonly TieRow[];
}

/** One tie: the parameter's name and the expression of the others it is defined by. */
export interface TieRow {
  readonly name: string;
  readonly expression: string;
}

export const NO_TIES: readonly TieRow[] = [];

export const NO_PARAM_ERRORS: ReadonlyMap<string, string> = new Map();

export const initialParams: ParamsSlice = { params: [], paramMemory: new Map(), paramErrors: NO_PARAM_ERRORS, ties: NO_TIES };

export function makeRow(name: string, patch: Partial<Omit<ParamRow, 'name' | 'range'>> = {}): ParamRow {
  const base = { value: 1, min: -Infinity, max: Infinity, fixed: false, positive: false, ...patch };
  return { name, ...base, range: sliderRange(base) };
}

/** A row with some fields changed; the slider range follows unless the slider itself moved. */
export function updateRow(row: ParamRow, patch: Partial<Omit<ParamRow, 'name' | 'range'>>, keepRange = false): ParamRow {
  const next = { ...row, ...patch };
  return keepRange ? next : { ...next, range: sliderRange(next) };
}

/**
 * Rows for the model's parameter names, in its order: existing rows, remembered rows, or new. A
 * new row has no start value: Fit searches for it (issue 11) rather than starting at an arbitrary
 * 1, from which a typed model often ends in a wrong minimum. (A library model's guesser fills its
 * rows right after.)
 */
export function reconcileParams(state: Pick<ParamsSlice, 'params' | 'paramMemory'>, names: readonly string[]): Pick<ParamsSlice, 'params' | 'paramMemory'> {
  const current = new Map(state.params.map((r) => [r.name, r]));
  const memory = new Map(state.paramMemory);
  for (const row of state.params) if (!names.includes(row.name)) memory.set(row.name, row);
  const params = names.map((name) => current.get(name) ?? memory.get(name) ?? makeRow(name, { value: null }));
  for (const name of names) memory.delete(name);
  if (params.length === state.params.length && params.every((r, i) => r === state.params[i])) {
    return { params: state.params, paramMemory: state.paramMemory };
  }
  return { params, paramMemory: memory };
}

/** Guessed starting values (and bounds) applied to the rows they name; fixed rows keep theirs. */
export function applyGuesses(rows: readonly ParamRow[], guesses: readonly GuessedParameter[]): ParamRow[] {
  const byName = new Map(guesses.map((g) => [g.name, g]));
  return rows.map((row) => {
    const g = byName.get(row.name);
    if (!g || !Number.isFinite(g.value)) return row;
    return updateRow(row, {
      value: row.fixed ? row.value : g.value,
      min: g.min ?? -Infinity,
      max: g.max ?? Infinity,
      positive: g.positive ?? false,
    });
  });
}

/** Values in the model's parameter order (the worker's curve request; an empty one is NaN, so
 *  the curve is drawn only when every row has a value: see canDrawCurve). */
export function paramVector(rows: readonly ParamRow[]): Float64Array {
  return Float64Array.from(rows, (r) => r.value ?? NaN);
}

/** The rows whose start value is empty: Fit searches for them first (issue 11). */
export function emptyRows(rows: readonly ParamRow[]): ParamRow[] {
  return rows.filter((r) => r.value === null);
}

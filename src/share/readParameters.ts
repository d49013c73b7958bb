/**
 * Reads `parameters` of a link: one row per parameter of the compiled model (any order, each
 * once, no others), with a finite value or null (an empty start value, which the page's Fit
 * searches for; a fixed parameter must have a value), bounds that are finite numbers or null (no bound: −∞ for
 * min, +∞ for max), min < max, and a free parameter's start value within its bounds (the solver
 * starts there; a fixed one may sit anywhere, as in resolveParameters).
 */
import { MAX_PARAMETERS } from './limits';
import { array, boolean, fail, finite, identifier, nullable, object } from './schema';
import type { ParameterRow } from './types';

const KEYS = ['name', 'value', 'min', 'max', 'fixed'] as const;

function row(v: unknown, path: string): ParameterRow {
  const o = object(v, path, KEYS);
  const name = identifier(o.name, `${path}.name`);
  const value = nullable(o.value, (x) => finite(x, `${path}.value`));
  const min = nullable(o.min, (x) => finite(x, `${path}.min`)) ?? -Infinity;
  const max = nullable(o.max, (x) => finite(x, `${path}.max`)) ?? Infinity;
  const fixed = boolean(o.fixed, `${path}.fixed`);
  if (!(min < max)) fail(`${path}.min`, `must be below max (${max})`, min);
  if (fixed && value === null) fail(`${path}.value`, 'must be a number: a fixed parameter needs a value', value);
  if (!fixed && value !== null && (value < min || value > max)) fail(`${path}.value`, `must lie within its bounds [${min}, ${max}]`, value);
  return { name, value, min, max, fixed };
}

/**
 * The rows, checked against `params` (the compiled model's parameter list) and `columns` (no
 * parameter may share a name with a data column: in the page it would read as that column).
 */
export function readParameters(v: unknown, path: string, params: readonly string[], columns: readonly string[]): ParameterRow[] {
  const rows = array(v, path, MAX_PARAMETERS).map((r, i) => row(r, `${path}[${i}]`));
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    if (seen.has(r.name)) fail(`${path}[${i}].name`, 'is listed twice', r.name);
    if (columns.includes(r.name)) fail(`${path}[${i}].name`, 'is the name of a data column', r.name);
    if (!params.includes(r.name)) fail(`${path}[${i}].name`, `is not a parameter of the model (${params.join(', ') || 'none'})`, r.name);
    seen.add(r.name);
  });
  const missing = params.filter((p) => !seen.has(p));
  if (missing.length > 0) fail(path, `lacks the model's parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return rows;
}

/**
 * A link's `groups` (FitSpec.groups, issue 9) checked field by field: the group column is a
 * column name (which the page looks up when the data are loaded, and reports there if the data
 * lack it), the mode one of 'each', 'global' and 'mixed', the shared parameters names of the
 * compiled model, each once, never fixed ones, and the picked keys texts. Mixed mode's `mixed`
 * (issue 25): its random parameters checked as the shared ones (at least one), Ψ 'full' or
 * 'diag', the method 'ml' or 'reml'; present only in mixed mode. Keys and names are only compared
 * with other strings and kept in arrays and Maps, so a key or name like `__proto__` is just a name.
 */
import { MAX_GROUP_KEY_CHARS, MAX_PARAMETERS, MAX_PICKED_GROUPS } from './limits';
import { array, fail, identifier, object, oneOf, string } from './schema';
import type { GroupSpec, MixedGroupSpec, ParameterRow } from './types';

const names = (list: readonly string[]) => list.map((n) => `"${n}"`).join(', ');

/** `params`: the compiled model's parameters; `rows`: the spec's parameter table (fixed marks). */
/** Names of free parameters of the model, each once (the shared marks, the random ones). */
function parameterNames(v: unknown, path: string, params: readonly string[], rows: readonly ParameterRow[], fixedWhy: string): string[] {
  const list = array(v, path, MAX_PARAMETERS).map((n, i) => {
    const name = string(n, `${path}[${i}]`, 1, 256);
    if (!params.includes(name)) fail(`${path}[${i}]`, `names "${name.length > 40 ? `${name.slice(0, 40)}…` : name}", which is not a parameter of the model (its parameters are ${names(params)})`);
    if (rows.some((r) => r.name === name && r.fixed)) fail(`${path}[${i}]`, `names "${name}", which is fixed (${fixedWhy})`);
    return name;
  });
  const twice = list.find((n, i) => list.indexOf(n) !== i);
  if (twice !== undefined) fail(path, `names "${twice}" more than once`);
  return list;
}

function readMixed(v: unknown, path: string, params: readonly string[], rows: readonly ParameterRow[]): MixedGroupSpec {
  const o = object(v, path, ['random', 'cov', 'method']);
  const random = parameterNames(o.random, `${path}.random`, params, rows, 'a fixed parameter cannot vary between groups');
  if (random.length === 0) fail(`${path}.random`, 'must name at least one parameter with a random effect');
  return { random, cov: oneOf(o.cov, `${path}.cov`, ['full', 'diag'] as const), method: oneOf(o.method, `${path}.method`, ['ml', 'reml'] as const) };
}

export function readGroups(v: unknown, path: string, params: readonly string[], rows: readonly ParameterRow[]): GroupSpec {
  const has = (key: string) => typeof v === 'object' && v !== null && Object.prototype.hasOwnProperty.call(v, key);
  const hasPick = has('pick');
  const hasMixed = has('mixed');
  const o = object(v, path, ['column', 'mode', 'shared', ...(hasPick ? ['pick'] : []), ...(hasMixed ? ['mixed'] : [])]);
  const column = identifier(o.column, `${path}.column`);
  const mode = oneOf(o.mode, `${path}.mode`, ['each', 'global', 'mixed'] as const);
  const shared = parameterNames(o.shared, `${path}.shared`, params, rows, 'a fixed parameter is the same in every group already');
  if ((mode === 'mixed') !== hasMixed) fail(`${path}.mixed`, mode === 'mixed' ? 'is missing: a mixed-effects fit names its random parameters, Ψ and method' : `belongs to the mixed mode (the mode is "${mode}")`);
  const mixed = hasMixed ? { mixed: readMixed(o.mixed, `${path}.mixed`, params, rows) } : {};
  if (!hasPick) return { column, mode, shared, ...mixed };
  const pick = array(o.pick, `${path}.pick`, MAX_PICKED_GROUPS).map((k, i) => {
    if (typeof k !== 'string') fail(`${path}.pick[${i}]`, 'must be text (a group key as written in the file)', k);
    if (k.length > MAX_GROUP_KEY_CHARS) fail(`${path}.pick[${i}]`, `must have at most ${MAX_GROUP_KEY_CHARS} characters (has ${k.length})`);
    return k;
  });
  return { column, mode, shared, pick, ...mixed };
}

/** Inline data's group keys: one text per row, at most MAX_GROUP_KEY_CHARS each, no control
 *  characters (the inline table is written as CSV with one row per line). */
export function readGroupKeys(v: unknown, path: string, rows: number): string[] {
  const list = array(v, path, rows);
  if (list.length !== rows) fail(path, `must have ${rows} keys, one per row`, list);
  return list.map((k, i) => {
    if (typeof k !== 'string') fail(`${path}[${i}]`, 'must be text (a group key)', k);
    if (k.length > MAX_GROUP_KEY_CHARS) fail(`${path}[${i}]`, `must have at most ${MAX_GROUP_KEY_CHARS} characters (has ${k.length})`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(k)) fail(`${path}[${i}]`, 'must not contain control characters');
    return k;
  });
}

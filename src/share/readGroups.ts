/**
 * A link's `groups` (FitSpec.groups, issue 9) checked field by field: the group column is a
 * column name (which the page looks up when the data are loaded, and reports there if the data
 * lack it), the mode one of 'each' and 'global', the shared parameters names of the compiled
 * model, each once, never fixed ones, and the picked keys texts. Keys and names are only compared
 * with other strings and kept in arrays and Maps, so a key or name like `__proto__` is just a name.
 */
import { MAX_GROUP_KEY_CHARS, MAX_PARAMETERS, MAX_PICKED_GROUPS } from './limits';
import { array, fail, identifier, object, oneOf, string } from './schema';
import type { GroupSpec, ParameterRow } from './types';

const names = (list: readonly string[]) => list.map((n) => `"${n}"`).join(', ');

/** `params`: the compiled model's parameters; `rows`: the spec's parameter table (fixed marks). */
export function readGroups(v: unknown, path: string, params: readonly string[], rows: readonly ParameterRow[]): GroupSpec {
  const hasPick = typeof v === 'object' && v !== null && Object.prototype.hasOwnProperty.call(v, 'pick');
  const o = object(v, path, hasPick ? ['column', 'mode', 'shared', 'pick'] : ['column', 'mode', 'shared']);
  const column = identifier(o.column, `${path}.column`);
  const mode = oneOf(o.mode, `${path}.mode`, ['each', 'global'] as const);
  const shared = array(o.shared, `${path}.shared`, MAX_PARAMETERS).map((n, i) => {
    const name = string(n, `${path}.shared[${i}]`, 1, 256);
    if (!params.includes(name)) fail(`${path}.shared[${i}]`, `names "${name.length > 40 ? `${name.slice(0, 40)}…` : name}", which is not a parameter of the model (its parameters are ${names(params)})`);
    if (rows.some((r) => r.name === name && r.fixed)) fail(`${path}.shared[${i}]`, `names "${name}", which is fixed (a fixed parameter is the same in every group already)`);
    return name;
  });
  const twice = shared.find((n, i) => shared.indexOf(n) !== i);
  if (twice !== undefined) fail(`${path}.shared`, `names "${twice}" more than once`);
  if (!hasPick) return { column, mode, shared };
  const pick = array(o.pick, `${path}.pick`, MAX_PICKED_GROUPS).map((k, i) => {
    if (typeof k !== 'string') fail(`${path}.pick[${i}]`, 'must be text (a group key as written in the file)', k);
    if (k.length > MAX_GROUP_KEY_CHARS) fail(`${path}.pick[${i}]`, `must have at most ${MAX_GROUP_KEY_CHARS} characters (has ${k.length})`);
    return k;
  });
  return { column, mode, shared, pick };
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

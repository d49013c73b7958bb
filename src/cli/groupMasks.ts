/**
 * The groups of `--group COL` that a fit of its own per group (an ODE model, errors in x) fits:
 * each group's rows as a skip mask (0: fitted) among those `base` keeps, in the file's order of
 * first appearance, narrowed by --groups; `inFit`: whether a column is one the fit reads.
 */
import { countGroups, groupKeys, type Table } from '../data';
import { CliError } from './errors';
import { dataError } from './load';

export function groupMasks(command: { readonly file: string; readonly group: string; readonly groups: readonly string[] | null }, table: Table, base: Uint8Array | null, inFit: (column: string) => boolean) {
  const keyed = groupKeys(table, command.group);
  if (!keyed.ok) throw dataError(command.file, keyed.error, '--group');
  const { codes, keys, column } = keyed.value;
  if (inFit(column.name)) throw new CliError(`--group: ${column.name} is a column of the fit; group by another column.`);
  const kept = (r: number) => !base || !base[r];
  const ungrouped = codes.reduce((n: number, c, r) => (c < 0 && kept(r) ? n + 1 : n), 0);
  let order = countGroups(keyed.value, kept).map((g) => g.key);
  if (command.groups) {
    for (const k of command.groups) if (!keys.includes(k)) throw new CliError(`--groups: ${column.name} has no group ${JSON.stringify(k)} (the groups are ${keys.slice(0, 12).join(', ')}${keys.length > 12 ? ', …' : ''}).`);
    order = order.filter((k) => command.groups!.includes(k));
    if (order.length === 0) throw new CliError(`--groups: none of the groups ${command.groups.join(', ')} has a row that the --where filters keep.`);
  }
  const groups = order.map((key) => {
    const g = keys.indexOf(key);
    return { key, skip: Uint8Array.from(codes, (c, r) => (c === g && kept(r) ? 0 : 1)) };
  });
  return { column: column.name, groups, ungrouped };
}

/**
 * --groups KEY,…: the groups of a split that the command fits. Keys are matched as written in the
 * file (a numeric group column's keys are its shortest decimals, so `--groups 1.0` finds the
 * group `1` by value when no key reads `1.0` exactly). The fitted groups keep the file's order.
 *
 * A key that names no group of the column is an error that names it (and the closest key); a key
 * whose rows the --where filters all leave out is a group of the file but not of this fit, as
 * without --groups: it is left out with a warning.
 */
import { didYouMean } from '../data/didYouMean';
import { parseNumber, type DataGroup, type GroupSplit } from '../data';
import { CliError } from './errors';

export interface PickedGroups {
  readonly split: GroupSplit;
  readonly warnings: string[];
}

/** The key of `keys` that `wanted` names: itself, else one equal to it as a number. */
function match(wanted: string, keys: readonly string[]): string | undefined {
  if (keys.includes(wanted)) return wanted;
  const v = parseNumber(wanted);
  return v === undefined ? undefined : keys.find((k) => parseNumber(k) === v);
}

function listed(keys: readonly string[]): string {
  const shown = keys.slice(0, 12).join(', ');
  return keys.length > 12 ? `${shown}, … (${keys.length} in all)` : shown;
}

/**
 * `split` narrowed to the groups `wanted` names. `allKeys`: every key of the group column in the
 * file, filtered or not (for a wide split, the y columns); `what` names them in messages.
 */
export function pickGroups(split: GroupSplit, wanted: readonly string[], allKeys: readonly string[], what: string): PickedGroups {
  const kept = split.groups.map((g) => g.key);
  const chosen = new Set<string>();
  const warnings: string[] = [];
  for (const key of wanted) {
    const found = match(key, allKeys);
    if (found === undefined) {
      const guess = didYouMean(key, allKeys);
      throw new CliError(`--groups: ${what} has no group ${JSON.stringify(key)}${guess ? `; did you mean ${JSON.stringify(guess)}?` : ''} (the groups are ${listed(allKeys)}; a comma inside a key is written \\,).`);
    }
    if (match(found, kept) === undefined) warnings.push(`The group ${JSON.stringify(found)} has no row that the --where filters keep, so it was not fitted.`);
    else chosen.add(found);
  }
  const groups: DataGroup[] = split.groups.filter((g) => chosen.has(g.key));
  if (groups.length === 0) throw new CliError(`--groups: none of the groups ${listed(wanted)} has a row that the --where filters keep.`);
  return { split: { ...split, groups }, warnings };
}

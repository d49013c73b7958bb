/**
 * Exchangeable parameters of a global fit (issue 27, item 9; the test is ../exchangeable.ts): two
 * shared parameters that can be swapped in every group at once, or two local ones that can be
 * swapped within a group. A shared parameter and a local one cannot be exchanged: the shared value
 * would have to change for one group only.
 */
import type { JsKernels, ModelData } from '../../model/index';
import { exchangeablePairs, exchangeWarning } from '../exchangeable';

interface FittedGroup {
  readonly key: string;
  readonly data: ModelData;
  readonly rows: number;
  readonly full: Float64Array;
}

export function globalExchangeWarnings(
  names: readonly string[],
  groups: readonly FittedGroup[],
  free: { readonly shared: readonly number[]; readonly local: readonly number[] },
  kernels: JsKernels,
  bounds: (index: number) => { readonly min: number; readonly max: number },
): string[] {
  const pairsIn = (g: FittedGroup, indices: readonly number[]) => exchangeablePairs({ kernels, vars: g.data.vars, rows: g.rows, full: g.full, names, free: indices, bounds });
  const warnings: string[] = [];
  if (groups.length === 0) return warnings;
  // Shared pairs: one swap for all groups, so it must leave every group's curve as it is.
  const key = ([i, j]: [number, number]) => `${i},${j}`;
  let shared = new Map(pairsIn(groups[0], free.shared).map((pair) => [key(pair), pair]));
  for (const g of groups.slice(1)) {
    if (shared.size === 0) break;
    const here = new Set(pairsIn(g, free.shared).map(key));
    shared = new Map([...shared].filter(([k]) => here.has(k)));
  }
  for (const pair of shared.values()) warnings.push(exchangeWarning(names, pair, { full: groups[0].full }));
  // Local pairs: each group's own values, named by the groups where they can be exchanged.
  const local = new Map<string, { pair: [number, number]; groups: string[] }>();
  for (const g of groups) {
    for (const pair of pairsIn(g, free.local)) {
      const entry = local.get(key(pair)) ?? { pair, groups: [] };
      entry.groups.push(g.key);
      local.set(key(pair), entry);
    }
  }
  for (const { pair, groups: keys } of local.values()) warnings.push(exchangeWarning(names, pair, { groups: keys, of: groups.length }));
  return warnings;
}

/**
 * Which fit the results card, the report and the exports describe, and its name (issue 27): the
 * page's one single fit (`outcome`), which is a fit of the rows in use, of every group together
 * while groups are chosen but none is open (the pooled fit beside the group cards), or of one
 * opened group alone. Group fits ("Fit each group", global) have their own cards and exports.
 */
import type { FitSpec } from '../share/types';
import { portableSpec } from './shareSpec';
import type { AppState } from './store';

export type FitScope =
  | { readonly kind: 'rows' }
  | { readonly kind: 'pooled'; readonly groups: string }
  | { readonly kind: 'group'; readonly groups: string; readonly key: string; readonly wide: boolean };

export function fitScope(s: Pick<AppState, 'batchOpen' | 'groupBy' | 'groupWide'>): FitScope {
  const groups = s.groupWide ? 'y column' : s.groupBy;
  if (s.batchOpen && groups !== null) return { kind: 'group', groups, key: s.batchOpen.key, wide: s.groupWide };
  return groups !== null ? { kind: 'pooled', groups } : { kind: 'rows' };
}

/** The fit's short name ("Plant = Mc1", "every Plant pooled", "all rows"), for titles. */
export function fitScopeName(scope: FitScope): string {
  if (scope.kind === 'group') return scope.wide ? `y column ${scope.key}` : `${scope.groups} = ${scope.key}`;
  return scope.kind === 'pooled' ? `every ${scope.groups} pooled` : 'all rows';
}

/** The fit in words, with its row count: "Plant = Mc1 alone (7 rows), opened from the fits of each Plant". */
export function fitScopeText(scope: FitScope, rows: number): string {
  const n = `${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}`;
  if (scope.kind === 'group') {
    return `One fit to ${scope.wide ? 'the ' : ''}${fitScopeName(scope)} alone (${n}), opened from the fits of each ${scope.groups}.`;
  }
  if (scope.kind === 'pooled') return `One fit to all ${n}, every ${scope.groups} together (pooled: the groups are ignored; the fits per ${scope.groups} are in their own card).`;
  return `One fit to all ${n}.`;
}

/**
 * The spec of the single fit on the page: the groups left out, since this fit ignores them (its
 * rows are the mapping's; an opened group's are its row filter, or its y column). The results
 * JSON of this fit, and the script and command of an opened group, carry it.
 */
export function singleFitSpec(s: AppState): FitSpec {
  const { groups: _groups, ...spec } = portableSpec(s);
  return spec;
}

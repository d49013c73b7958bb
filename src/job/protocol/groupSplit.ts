/**
 * The groups of a fit request, however they are named (issue 9): by a group column's values
 * (splitGroups) or, for a wide file, one per y column (splitWide over wideYColumns: every numeric
 * column but the x columns and sigma). One place, so the per-group and global fits and the group
 * picker see the same groups with the same keys.
 */
import type { RowChoice } from '../../data/chooseRows';
import { splitGroups, type GroupSplit } from '../../data/splitGroups';
import { splitWide, wideYColumns } from '../../data/splitWide';
import type { Table } from '../../data/types';
import type { DataMapping } from './request';
import type { Status } from './status';

export interface GroupSource {
  /** The group column (ignored when `wide`). */
  readonly group: string;
  /** Each y column is a dataset: the groups are the numeric columns besides x and sigma. */
  readonly wide?: boolean;
}

/** The y columns of a wide split for this mapping. */
export function wideColumns(table: Table, mapping: Pick<DataMapping, 'x' | 'sigma'>): string[] {
  return wideYColumns(table, [...mapping.x, ...(mapping.sigma ? [mapping.sigma] : [])]);
}

/** The rows split into groups: `x` are the columns fitted as variables (the model's). */
export function splitRequest(table: Table, x: readonly string[], mapping: DataMapping, source: GroupSource, rows: RowChoice): Status<GroupSplit> {
  const split = source.wide
    ? splitWide(table, { x, ys: wideColumns(table, mapping), sigma: mapping.sigma, rows })
    : splitGroups(table, { x, y: mapping.y, sigma: mapping.sigma, group: source.group, rows });
  return split.ok ? split : { ok: false, error: { ...split.error, field: 'mapping' } };
}

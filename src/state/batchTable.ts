/**
 * The per-group results table (issue 9): its rows in the chosen sort, and as CSV (one row per
 * group: key, rows, status, each parameter and its standard error, reduced χ², R², message).
 * Sorting is stable; a column that cannot be compared (NaN for a failed group) sorts last either way.
 */
import { groupTiedValues } from './groupTies';
import { csvTable } from '../export/csvText';
import { naturalCompare } from '../data/groupKeys';
import type { BatchRow } from '../fit/groupRow';
import type { GroupBatchOutcome } from '../worker/api';

export type BatchSort = { readonly column: string; readonly descending: boolean } | null;

/** A group's status in words: a fit whose data leave a parameter undetermined (standard error
 *  ∞, a flat well's EC50) is not called converged, though the solver stopped cleanly. */
export function groupStatusText(row: BatchRow): string {
  if (row.success) return row.stderr.some((v) => v === Infinity) ? 'undetermined' : 'converged';
  return row.code ? 'not fitted' : 'not converged';
}

/** Why a group did not give a usable fit, in words for its row; null when it did. */
export function groupWhy(row: BatchRow, names: readonly string[]): string | null {
  if (!row.success) return row.message;
  const loose = names.filter((_, j) => row.stderr[j] === Infinity);
  if (loose.length === 0) return null;
  return `the data do not determine ${loose.join(', ')} (standard error ∞)`;
}

function sortValue(row: BatchRow, column: string, names: readonly string[]): number | string {
  if (column === 'group') return row.key;
  if (column === 'status') return groupStatusText(row);
  if (column === 'rows') return row.rows;
  if (column === 'redchi2') return row.redchi2;
  if (column === 'r2') return row.r2;
  const j = names.indexOf(column);
  return j >= 0 ? row.params[j] : NaN;
}

export function sortedBatchRows(batch: GroupBatchOutcome, sort: BatchSort): readonly BatchRow[] {
  if (!sort) return batch.rows;
  const sign = sort.descending ? -1 : 1;
  return batch.rows
    .map((row, i) => ({ row, i, v: sortValue(row, sort.column, batch.names) }))
    .sort((a, b) => {
      if (typeof a.v === 'string' || typeof b.v === 'string') return sign * naturalCompare(String(a.v), String(b.v)) || a.i - b.i;
      const an = Number.isNaN(a.v);
      const bn = Number.isNaN(b.v);
      if (an || bn) return an === bn ? a.i - b.i : an ? 1 : -1;
      return sign * (a.v - b.v) || a.i - b.i;
    })
    .map((e) => e.row);
}

export function batchCsv(batch: GroupBatchOutcome, groupColumn: string, sort: BatchSort = null): string {
  // A tied parameter: its value per group (computed from the fitted ones), no standard error.
  const ties = batch.ties ?? [];
  const head = [groupColumn, 'rows', 'status', ...batch.names.flatMap((n) => [n, `${n}_stderr`]), ...ties.map((t) => `${t.name}_tied`), 'redchi2', 'r2', 'message'];
  const rows = sortedBatchRows(batch, sort).map((row) => [
    row.key,
    row.rows,
    groupStatusText(row),
    ...batch.names.flatMap((_, j) => [row.params[j], row.stderr[j]]),
    ...groupTiedValues(ties, batch.names, row.params),
    row.redchi2,
    row.r2,
    row.message,
  ]);
  return csvTable(head, rows);
}

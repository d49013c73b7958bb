/**
 * The unknowns read off the curve (issue 26) as CSV: one row per sample, the CLI's JSON fields
 * (row, y, x, lower, upper, status; src/cli) plus the sample, its file lines, the replicates and
 * the status in words. No x̂ (a status other than ok) is an empty cell, never a number.
 */
import { csvTable } from '../../export/index';
import type { InterpolatedUnknown } from '../../fit/interpolate';
import { STATUS_WORDS } from '../../export/unknownStatus';

const orEmpty = (v: number | null): number => (v === null ? NaN : v);

export function unknownsCsv(rows: readonly InterpolatedUnknown[], names: { readonly x: string; readonly y: string }): string {
  return csvTable(
    ['row', 'sample', 'lines', 'n', `${names.y}_mean`, names.x, 'lower', 'upper', 'status', 'meaning'],
    rows.map((u) => [u.row, u.sample ?? '', u.rows.join(' '), u.n, u.y, orEmpty(u.x), orEmpty(u.lower), orEmpty(u.upper), u.status, STATUS_WORDS[u.status]]),
  );
}

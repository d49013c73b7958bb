/**
 * Header detection: the first record is a header when it is mostly non-numeric (fewer than half of
 * its non-empty cells are numbers) while the records after it are mostly numeric, and more so.
 *
 * A lone non-numeric record counts as a header, so that a file holding only `x,y` is reported as
 * "a header but no data" rather than as one row of two unusable cells. A file that is text
 * throughout has no header: there is no numeric body for a header to stand above.
 */
import { CellKind, classifyCell } from './numberText';

/** Share of the non-empty cells that are numbers; null when every cell is empty. */
function numericShare(records: readonly string[][], from: number, to: number, decimalComma: boolean): number | null {
  let cells = 0;
  let numeric = 0;
  for (let r = from; r < to; r++) {
    for (const cell of records[r] ?? []) {
      const kind = classifyCell(cell, decimalComma);
      if (kind === CellKind.Empty) continue;
      cells++;
      if (kind !== CellKind.Text) numeric++;
    }
  }
  return cells ? numeric / cells : null;
}

export function detectHeader(records: readonly string[][], decimalComma: boolean, forced: 'auto' | boolean): boolean {
  if (forced !== 'auto') return forced;
  const first = numericShare(records, 0, 1, decimalComma);
  if (first === null || first >= 0.5) return false;
  const body = numericShare(records, 1, records.length, decimalComma);
  if (body === null) return records.length === 1;
  return body >= 0.5 && body > first;
}

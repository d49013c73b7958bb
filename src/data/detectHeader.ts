/**
 * Header detection, column by column (the idea of Python's csv.Sniffer.has_header): a column whose
 * body is mostly numbers votes "header" when its first cell is text and "no header" when its first
 * cell is a number; text columns cannot tell and do not vote. The first record is a header when
 * the votes for it outnumber those against.
 *
 * Deciding by the share of numbers in the whole first record (as before) failed on files whose
 * leading columns are labels (site, species, treatment, then two numbers): the body was mostly
 * text too, so the header was taken for data and the columns were named c1…c5.
 *
 * Without any numeric column to vote: a lone non-numeric record counts as a header, so that a file
 * holding only `x,y` is reported as "a header but no data" rather than as one row of two unusable
 * cells; a file that is text throughout has no header (no numeric body for a header to stand above).
 */
import { CellKind, classifyCell } from './numberText';

/** Whether most of the non-empty body cells (records after the first) of column j are numbers; null: all empty. */
function numericColumn(records: readonly string[][], j: number, decimalComma: boolean): boolean | null {
  let cells = 0;
  let numeric = 0;
  for (let r = 1; r < records.length; r++) {
    const kind = classifyCell(records[r]?.[j] ?? '', decimalComma);
    if (kind === CellKind.Empty) continue;
    cells++;
    if (kind !== CellKind.Text) numeric++;
  }
  return cells ? numeric > cells / 2 : null;
}

/** Votes for (> 0) or against (< 0) the first record being a header; null when no column votes. */
export function headerVotes(records: readonly string[][], decimalComma: boolean): number | null {
  const first = records[0] ?? [];
  let votes = 0;
  let voters = 0;
  for (let j = 0; j < first.length; j++) {
    const head = classifyCell(first[j] ?? '', decimalComma);
    if (head === CellKind.Empty || numericColumn(records, j, decimalComma) !== true) continue;
    voters++;
    votes += head === CellKind.Text ? 1 : -1;
  }
  return voters ? votes : null;
}

export function detectHeader(records: readonly string[][], decimalComma: boolean, forced: 'auto' | boolean): boolean {
  if (forced !== 'auto') return forced;
  const first = records[0];
  if (!first) return false;
  const votes = headerVotes(records, decimalComma);
  if (votes !== null) return votes > 0;
  // No numeric column: a lone record of text is a header over no data; anything else has none.
  return records.length === 1 && first.some((c) => classifyCell(c, decimalComma) === CellKind.Text);
}

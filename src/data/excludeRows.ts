/**
 * Excluded rows: points the user takes out of a fit (an outlier) without editing the file. They
 * are named by the file's line numbers (1-based, the header is line 1), the numbers our messages
 * already use (`data.csv:17: …`) and a spreadsheet shows, so `3,17,20-25` reads the same everywhere.
 */
import type { DataError, Result, Table } from './types';

/** Inclusive range of physical lines. */
export interface LineRange {
  readonly from: number;
  readonly to: number;
}

function badRows(message: string, line?: number): { ok: false; error: DataError } {
  return { ok: false, error: line === undefined ? { code: 'bad-rows', message } : { code: 'bad-rows', message, line } };
}

const EXAMPLE = 'write line numbers and ranges, e.g. 3,17,20-25';

function lineNumber(text: string): number | null {
  return /^\d+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

/** `3,17,20-25` → ranges. Blank items are ignored; anything else that is not a line or range is an error. */
export function parseLineList(text: string): Result<LineRange[]> {
  const out: LineRange[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const dash = item.indexOf('-', 1);
    const from = lineNumber((dash < 0 ? item : item.slice(0, dash)).trim());
    const to = dash < 0 ? from : lineNumber(item.slice(dash + 1).trim());
    if (from === null || to === null) return badRows(`${JSON.stringify(item)} is not a line number or range; ${EXAMPLE}`);
    if (to < from) return badRows(`${JSON.stringify(item)} runs backwards; write the smaller line first (${to}-${from})`);
    out.push({ from, to });
  }
  return { ok: true, value: out };
}

/** Index of the first data row on or after physical line `line` (lines increase: binary search). */
function firstRowFrom(table: Table, line: number): number {
  const { lines } = table;
  let lo = 0;
  let hi = table.rowCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((lines[mid] ?? 0) < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the data row on physical line `line`, or -1. */
export function rowOfLine(table: Table, line: number): number {
  const r = firstRowFrom(table, line);
  return r < table.rowCount && table.lines[r] === line ? r : -1;
}

const span = (table: Table): string => `data rows are on lines ${table.lines[0] ?? 0}–${table.lines[table.rowCount - 1] ?? 0}`;

/** Why `line` is not a data row, in words. */
function notARow(table: Table, line: number): string {
  const first = table.lines[0] ?? 0;
  const last = table.lines[table.rowCount - 1] ?? 0;
  if (line > last) return `Line ${line} is past the last data row (${span(table)})`;
  if (line < first) return `Line ${line} is ${table.hasHeader && line === first - 1 ? 'the header' : 'above the data (the header or a comment)'}, not a data row (${span(table)})`;
  return `Line ${line} is not a data row (a blank or comment line; ${span(table)})`;
}

/**
 * excluded[r] = 1 for every data row on a listed line. A range may span blank and comment lines
 * (they are skipped); a single line that is not a data row, or a range holding none, is an error.
 */
export function excludedRows(table: Table, ranges: readonly LineRange[]): Result<Uint8Array> {
  const excluded = new Uint8Array(table.rowCount);
  for (const { from, to } of ranges) {
    if (from === to) {
      const r = rowOfLine(table, from);
      if (r < 0) return badRows(`${notARow(table, from)}; list only lines that hold data`, from);
      excluded[r] = 1;
      continue;
    }
    let r = firstRowFrom(table, from);
    if (r >= table.rowCount || (table.lines[r] ?? 0) > to) {
      return badRows(`Lines ${from}-${to} hold no data row (${span(table)}); list lines that hold data`, from);
    }
    for (; r < table.rowCount && (table.lines[r] ?? 0) <= to; r++) excluded[r] = 1;
  }
  return { ok: true, value: excluded };
}

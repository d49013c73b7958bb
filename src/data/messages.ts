/**
 * The words people read: whole-file errors and row-issue reasons, kept in one place so that they
 * stay consistent. Each names the place (a line) and the fix. Row reasons are verb phrases that
 * `formatIssue` puts after "Line 12 ".
 */
import { CellKind, classifyCell } from './numberText';
import type { DataError, Delimiter } from './types';

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function emptyFile(): DataError {
  return { code: 'empty', message: 'The file is empty: it has no lines other than blank lines and comments' };
}

export function headerOnly(line: number): DataError {
  return { code: 'header-only', line, message: `The file has a header (line ${line}) but no data rows below it` };
}

export function binaryFile(line: number): DataError {
  return {
    code: 'binary',
    line,
    message: `This does not look like a text file (binary data on line ${line}); choose a CSV, TSV or whitespace-separated text file saved as UTF-8`,
  };
}

export function unterminatedQuote(line: number, why: string): DataError {
  return {
    code: 'unterminated-quote',
    line,
    message: `Line ${line} opens a quoted field that ${why}; check for a stray " character or close the quote`,
  };
}

export function lineTooLong(line: number, max: number): DataError {
  const size = max % (1 << 20) === 0 ? ` (${max / (1 << 20)} MiB)` : '';
  return {
    code: 'line-too-long',
    line,
    message: `Line ${line} is longer than ${max} characters${size}, more than one row of a table holds; check that the file is a CSV, TSV or text table with one row per line`,
  };
}

export function tooManyFields(line: number, count: number, max: number): DataError {
  return { code: 'too-many-fields', line, message: `Line ${line} has ${count} fields, more than the ${max} supported; check the delimiter` };
}

export function tooManyColumns(count: number, max: number): DataError {
  return { code: 'too-many-columns', message: `The file has ${count} columns, more than the ${max} supported; check the delimiter` };
}

export function noNumbers(rows: number, columns: number, delimiter: Delimiter | 'cells', decimalComma: boolean): DataError {
  if (delimiter === 'cells') return { code: 'no-numbers', message: `No numbers found in ${plural(rows, 'row')} × ${plural(columns, 'column')} of cells; the columns to fit must hold numbers` };
  const how = delimiter === 'whitespace' ? 'blank-separated' : `with delimiter ${JSON.stringify(delimiter)}`;
  const decimals = decimalComma ? 'decimal commas' : "'.' decimals";
  return {
    code: 'no-numbers',
    message: `No numbers found in ${plural(rows, 'row')} × ${plural(columns, 'column')} read ${how} and ${decimals}; check the delimiter and the decimal separator`,
  };
}

/** Row reasons (after "Line N "). `expected` is e.g. "the header has 2" or "most rows have 2". */
export const rowReasons = {
  tooMany: (n: number, expected: string) => `has ${n} fields but ${expected}; check the delimiter or quote the field`,
  tooFew: (n: number, expected: string) => `has ${plural(n, 'field')} but ${expected}; fill in the missing values or check the delimiter`,
  shortHeader: (n: number, count: number) =>
    `(the header) has ${plural(n, 'field')} but most rows have ${count}; the unnamed columns are called c${n + 1}…`,
  malformedQuote: () => 'has a malformed quoted field; a quote inside a quoted field must be doubled ("")',
};

const QUOTE_LIMIT = 40; // characters of a bad cell quoted in messages

/** `"abc"` for messages, shortened when long. */
export function quoteCell(text: string): string {
  const t = text.trim();
  return JSON.stringify(t.length > QUOTE_LIMIT ? `${t.slice(0, QUOTE_LIMIT)}…` : t);
}

/** Why a text cell is not a number, with a hint when the decimal separator looks like the cause. */
function notANumber(text: string, decimalComma: boolean): string {
  const q = quoteCell(text);
  if (classifyCell(text, !decimalComma) === CellKind.Finite) {
    return decimalComma
      ? `${q} is not a number (this file was read with decimal commas)`
      : `${q} is not a number (a decimal comma? this file was read with '.' as the decimal point)`;
  }
  return `${q} is not a number`;
}

/** Cell reasons (after `column "y": `). */
export const cellReasons = {
  /** A cell whose kind is not Finite. */
  unusable: (text: string, kind: CellKind, decimalComma: boolean): string =>
    kind === CellKind.Empty ? 'is empty'
    : kind === CellKind.NonFinite ? `${quoteCell(text)} is not a finite number`
    : notANumber(text, decimalComma),
  notRead: (n: number, count: number) => `was not read: the line has ${n} fields, expected ${count}`,
  missing: (n: number) => `is missing (the line has ${plural(n, 'field')})`,
};

/**
 * Plain-data types of the ingest module. Everything here is structured-clone friendly (typed arrays,
 * strings, numbers, plain objects), so a Table or FitData can cross the worker boundary as is, and
 * the typed arrays can be transferred instead of copied.
 */

/** A problem tied to one place in the file. `line` is the 1-based physical line number. */
export interface RowIssue {
  line: number;
  /** Column name, or null when the problem concerns the whole row. */
  column: string | null;
  reason: string;
}

/**
 * One cell whose value is not a finite number, recorded while parsing so that the selection step can
 * say *why* it dropped a row (`"abc" is not a number`) without the raw text of every cell being kept.
 */
export interface CellNote {
  /** Data-row index (0-based, into `values`). */
  row: number;
  /** Message fragment, e.g. `"abc" is not a number`, `is empty`, `is missing (the line has 1 field)`. */
  reason: string;
}

export interface Column {
  /** Identifier usable in model expressions: [A-Za-z_][A-Za-z0-9_]*. */
  name: string;
  /** The header text as written (trimmed), or the name when the file has no header. */
  label: string;
  /** One value per data row; NaN where the cell is empty, missing or not a number. */
  values: Float64Array;
  /**
   * Decimal residual: the cell's decimal text equals values[i] + lo[i] to ~30 significant digits.
   * 0 for non-finite cells. null when the table exceeded `maxLoCells` (then treat lo as 0).
   */
  lo: Float64Array | null;
  /** Cells that parsed as numbers, including the literals NaN/inf (which are not usable). */
  numericCount: number;
  /** Non-empty cells that are not numbers. */
  nonNumericCount: number;
  /** Empty or missing cells. */
  emptyCount: number;
  /** The first `maxNotesPerColumn` cells whose value is not finite, in row order. */
  notes: CellNote[];
  /**
   * The cells as text categories, kept only for a column that is mostly text (more text cells than
   * numbers) with at most `maxLevels` distinct cells; null (or absent, in tables saved before
   * categories existed) otherwise. A numeric column never carries it: grouping by one keys its rows
   * by value (see `groupKeys`).
   */
  categories?: Categories | null;
}

/**
 * A text column as categories (R's factor, pandas' Categorical): one small integer per row instead of
 * one string, so a 10⁷-row group column costs 40 MB, not a string per cell.
 */
export interface Categories {
  /** Index into `levels` per data row; -1 where the cell is empty or missing. */
  codes: Int32Array;
  /** The distinct cells as written (trimmed), in order of first appearance. */
  levels: string[];
}

export interface Table {
  columns: Column[];
  rowCount: number;
  /** Physical line of each data row (1-based). */
  lines: Int32Array;
  /** ',', '\t', ';', '|', 'whitespace' (runs of spaces and tabs), or 'cells' (a spreadsheet). */
  delimiter: string;
  decimalComma: boolean;
  hasHeader: boolean;
  /** Structural problems (wrong field count, malformed quotes), the first `maxIssues` of them. */
  issues: RowIssue[];
  /** How many structural problems there were in all. */
  issueCount: number;
  /** The first ~20 raw records, header included, as split into fields. */
  preview: string[][];
  /** Where the cells came from when not from delimited text (absent: text). */
  source?: SheetSource | null;
}

/** A spreadsheet or columnar file: its format and, for a workbook, the sheet read and all sheets. */
export interface SheetSource {
  format: 'xlsx' | 'ods' | 'parquet';
  sheet: string | null;
  sheets: string[];
}

/** An expected failure, as data: a stable code for programs and a message for people. */
export interface DataError {
  code: DataErrorCode;
  message: string;
  /** 1-based physical line the error points at, when there is one. */
  line?: number;
}

export type DataErrorCode =
  | 'empty'
  | 'header-only'
  | 'binary'
  | 'no-numbers'
  | 'unterminated-quote'
  | 'too-many-columns'
  | 'line-too-long'
  | 'too-many-fields'
  | 'aborted'
  | 'unknown-column'
  | 'duplicate-column'
  | 'no-x'
  | 'no-usable-rows'
  | 'strict'
  | 'no-groups'
  | 'too-many-groups'
  | 'bad-where'
  | 'bad-rows'
  | 'unknown-sheet';

export type Result<T> = { ok: true; value: T } | { ok: false; error: DataError };

export type Delimiter = ',' | '\t' | ';' | '|' | 'whitespace';

/** Options are plain data; every field has a default (see `resolveOptions`). */
export interface ParseOptions {
  /** 'auto' (default) samples the first lines. */
  delimiter?: 'auto' | Delimiter;
  /** Decimal separator; 'auto' (default) detects decimal commas when the delimiter is not a comma. */
  decimal?: 'auto' | '.' | ',';
  /** 'auto' (default): a mostly non-numeric first row over numeric rows is a header. */
  header?: 'auto' | boolean;
  /** Lines whose first non-blank character is this are skipped (default '#'; null: none). */
  comment?: string | null;
  /** Compute `lo` only while rows × columns stays at or below this (default 2e6). */
  maxLoCells?: number;
  /** Cap on `Table.issues` (default 1000; `issueCount` counts all). */
  maxIssues?: number;
  /** Cap on `Column.notes` (default 1000). */
  maxNotesPerColumn?: number;
  /** Cap on the distinct cells of a text column kept as categories (default 100000; beyond it: none). */
  maxLevels?: number;
  /** Raw records kept in `Table.preview` (default 20). */
  previewRows?: number;
  /** Give up when one line, or one record (e.g. an unterminated quote), grows beyond this many characters (default 1 MiB). */
  maxRecordChars?: number;
  /** Refuse files with more columns, or a record with more fields, than this (default 10000). */
  maxColumns?: number;
  /** Cancellation; checked between chunks. Structural, so an AbortSignal fits. */
  signal?: { readonly aborted: boolean } | null;
}

/** Progress of a streaming parse. */
export interface ParseProgress {
  /** Characters read (bytes, from parseBlob). */
  charsRead: number;
  rows: number;
  /** charsRead / totalBytes when the source told its size (exact for ASCII text), else null. */
  fraction: number | null;
}

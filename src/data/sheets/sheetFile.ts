/**
 * Spreadsheets and columnar files in, a Table out: .xlsx and .ods (one sheet at a time, chosen by
 * name; the first by default) and .parquet. The format is told by the file's first bytes, not its
 * name. An old binary .xls gets a clear refusal: no maintained reader without an open advisory
 * exists for it. This module is imported lazily (by the worker, on the first such file), so its
 * readers cost nothing until used.
 */
import type { ParseOptions, Result, Table } from '../types';
import { openOds } from './ods';
import { readParquet } from './parquet';
import { recordsTable } from './recordsTable';
import type { Workbook } from './sheetTypes';
import { openXlsx } from './xlsx';
import { openZip } from './zipEntries';

export interface SheetOptions extends ParseOptions {
  /** The sheet to read, by name; null or absent: the first. */
  sheet?: string | null;
}

/** A workbook's format from its parts: xlsx has xl/workbook.xml, ods a spreadsheet mimetype. */
function zipFormat(bytes: Uint8Array): 'xlsx' | 'ods' | null {
  const listed = openZip(bytes, 'zip', (n) => n === 'mimetype');
  if (!listed.ok) return null;
  if (listed.value.names.includes('xl/workbook.xml')) return 'xlsx';
  if (listed.value.text('mimetype')?.trim() === 'application/vnd.oasis.opendocument.spreadsheet') return 'ods';
  return null;
}

function readWorkbook(book: Workbook, options: SheetOptions): Result<Table> {
  const wanted = options.sheet ?? null;
  const index = wanted === null ? 0 : book.sheets.indexOf(wanted);
  if (index < 0) return { ok: false, error: { code: 'unknown-sheet', message: `There is no sheet "${wanted}"; the sheets are ${book.sheets.map((s) => `"${s}"`).join(', ')}` } };
  const sheet = book.read(index);
  const name = book.sheets[index] as string;
  if (typeof sheet === 'string') return { ok: false, error: { code: 'binary', message: `Sheet "${name}" could not be read: ${sheet}` } };
  const source = { format: book.format, sheet: name, sheets: [...book.sheets] };
  const table = recordsTable(sheet, source, options);
  if (table.ok || book.sheets.length === 1) return table;
  return { ok: false, error: { ...table.error, message: `Sheet "${name}": ${table.error.message}; pick another sheet` } };
}

export async function readSheetFile(buffer: ArrayBuffer, format: 'zip' | 'parquet', options: SheetOptions = {}): Promise<Result<Table>> {
  const bytes = new Uint8Array(buffer);
  if (format === 'parquet') {
    const read = await readParquet(buffer);
    if (!read.ok) return read;
    // The column names are the header: a Parquet file always has them.
    return recordsTable(read.value, { format: 'parquet', sheet: null, sheets: [] }, { ...options, header: true });
  }
  const kind = zipFormat(bytes);
  if (kind === null) return { ok: false, error: { code: 'binary', message: 'This is a zip file, but neither an Excel (.xlsx) nor an OpenDocument (.ods) spreadsheet; unpack it and open the CSV inside, or save the sheet as .xlsx, .ods or CSV.' } };
  const book = kind === 'xlsx' ? openXlsx(bytes) : openOds(bytes);
  return book.ok ? readWorkbook(book.value, options) : book;
}

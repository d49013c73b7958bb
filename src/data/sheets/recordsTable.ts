/**
 * Records of cells (a spreadsheet's rows, a Parquet file's rows as text) into a Table through the
 * CSV path's own stages: header detection (detectHeader), the body's modal width, and the
 * TableBuilder that types cells into column stores. So a sheet and the CSV of the same cells give
 * the same columns, values, decimal residuals, categories and row issues.
 */
import { modalFieldCount } from '../detectDelimiter';
import { detectHeader } from '../detectHeader';
import { resolveOptions } from '../options';
import { TableBuilder } from '../tableBuilder';
import type { ParseOptions, Result, SheetSource, Table } from '../types';
import type { SheetRecords } from './sheetTypes';

/** How many leading records header detection looks at (as the text path's sniff does). */
const SNIFF_RECORDS = 100;

export function recordsTable(sheet: SheetRecords, source: SheetSource, options: ParseOptions = {}): Result<Table> {
  const opts = resolveOptions(options);
  // A sheet leaves trailing empty cells out of a row: they are empty cells, not missing fields.
  let width = 0;
  for (const r of sheet.records) width = Math.max(width, r.length);
  if (width <= opts.maxColumns) for (const r of sheet.records) while (r.length < width) r.push('');
  const head = sheet.records.slice(0, SNIFF_RECORDS);
  const hasHeader = detectHeader(head, false, opts.header);
  const body = modalFieldCount(hasHeader ? head.slice(1) : head);
  const builder = new TableBuilder({ delimiter: 'cells', decimalComma: false, hasHeader, modalCount: body.count, modalShare: body.share }, opts);
  for (let i = 0; i < sheet.records.length && !builder.error; i++) builder.record(sheet.records[i] as string[], sheet.lines[i] as number);
  const built = builder.finish();
  return built.ok ? { ok: true, value: { ...built.value, source } } : built;
}

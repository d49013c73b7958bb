/**
 * Apache Parquet files read with hyparquet (no dependencies, maintained, no advisory; snappy built
 * in). The columns come back as JS values and are written as the text a CSV of the same numbers
 * would hold: a double as its shortest round-trip decimal (String(v) parses back to the very same
 * double), an integer (also 64-bit) exactly, a string as it is, a date as ISO text, null as empty.
 * The records then take the CSV path's TableBuilder, so the numbers reach the same column store.
 * The column names are the header (line 1); row i is line i + 2.
 */
import { parquetMetadata, parquetRead, parquetSchema } from 'hyparquet';
import type { Result } from '../types';
import type { SheetRecords } from './sheetTypes';


/** One value as the text a CSV would hold. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString();
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? String(x) : x)) ?? '';
}

export async function readParquet(buffer: ArrayBuffer): Promise<Result<SheetRecords>> {
  try {
    const metadata = parquetMetadata(buffer);
    const names = parquetSchema(metadata).children.map((c) => c.element.name);
    let rows: unknown[][] = [];
    await parquetRead({ file: buffer, metadata, rowFormat: 'array', onComplete: (r: unknown[][]) => { rows = r; } });
    const records: string[][] = [names];
    const lines: number[] = [1];
    for (let i = 0; i < rows.length; i++) {
      records.push((rows[i] ?? []).map(cellText));
      lines.push(i + 2);
    }
    return { ok: true, value: { records, lines } };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { code: 'binary', message: `This Parquet file could not be read (${why}). Files compressed with snappy or not at all are read; save it with one of those, or as CSV.` } };
  }
}

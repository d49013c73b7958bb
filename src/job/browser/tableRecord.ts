/**
 * A saved session's table as IndexedDB holds it under its data key (written and read by the
 * worker, src/worker/tables.ts): the parsed table, the input it was read from (up to INPUT_BYTES)
 * and, for a streamed table, its folder's record (streamRecord.ts). What is read back is checked
 * before it is used: storage is another program's too.
 */
import type { Table } from '../../data/types';
import type { TableInput } from '../../worker/session';
import type { SavedStream } from './streamRecord';

/** What one data key holds. */
export interface SavedTable {
  readonly format: 'fitbench-table';
  readonly version: 1;
  readonly fileName: string | null;
  readonly table: Table;
  /** The file or text it was read from, up to INPUT_BYTES (older records lack it): a restored
   *  session can read it again with other options ("First row is header"). */
  readonly input?: TableInput | null;
  /** A streamed table (issue 12): `table` is its sample and its columns are in this folder of the
   *  Origin Private File System (absent: the table is the data). */
  readonly stream?: SavedStream;
}

/** Inputs kept with a saved table up to this size; a larger one is not stored twice. */
export const INPUT_BYTES = 16 * 1024 * 1024;

export function inputBytes(input: TableInput): number {
  return input.kind === 'blob' ? input.blob.size : input.text.length * 2;
}

/** A stored input read back: checked, since storage is another program's too. */
export function isInput(v: unknown): v is TableInput {
  if (typeof v !== 'object' || v === null) return false;
  const i = v as Partial<{ kind: string; blob: unknown; text: unknown; options: unknown }>;
  const options = typeof i.options === 'object' && i.options !== null;
  return options && ((i.kind === 'blob' && i.blob instanceof Blob) || (i.kind === 'text' && typeof i.text === 'string'));
}

/** A table read back from storage is checked before it is used (storage is another program's too). */
export function isTable(t: unknown): t is Table {
  if (typeof t !== 'object' || t === null) return false;
  const table = t as Partial<Table>;
  const rows = table.rowCount;
  return (
    typeof rows === 'number' &&
    Number.isInteger(rows) &&
    rows >= 0 &&
    table.lines instanceof Int32Array &&
    table.lines.length === rows &&
    Array.isArray(table.columns) &&
    table.columns.length > 0 &&
    table.columns.every((c) => typeof c?.name === 'string' && c.values instanceof Float64Array && c.values.length === rows && (c.lo === null || (c.lo instanceof Float64Array && c.lo.length === rows)) && Array.isArray(c.notes)) &&
    typeof table.delimiter === 'string' &&
    typeof table.decimalComma === 'boolean' &&
    typeof table.hasHeader === 'boolean' &&
    Array.isArray(table.issues) &&
    Array.isArray(table.preview)
  );
}

/**
 * A data file parsed on this thread: UTF-8 through the byte ingest, read a piece at a time
 * (data/byteIngest.ts), so the file never has to be in memory whole (only its columns are); UTF-16
 * (with a BOM, as the page reads it: data/blobChunks.ts) decoded whole, then the text ingest. A
 * spreadsheet or Parquet file is refused with what to do (the page reads them).
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createByteIngest } from '../byteIngest';
import { parseDelimitedText } from '../parseText';
import { fileFormat, xlsRefused } from '../sheets/fileFormat';
import { decodeBytes, sniffEncoding } from '../textEncoding';
import type { Result, Table } from '../types';

/** Bytes per read. */
const READ_BYTES = 4 << 20;

/** `size`: the file's size in bytes (the ingest sizes its columns from it). */
export function readTableFile(file: string, size: number): Result<Table> {
  const fd = openSync(file, 'r');
  try {
    const buffer = new Uint8Array(Math.min(READ_BYTES, Math.max(size, 3)));
    let n = readSync(fd, buffer, 0, buffer.length, 0);
    const format = fileFormat(buffer.subarray(0, n));
    if (format === 'xls') return { ok: false, error: xlsRefused() };
    if (format !== 'text') {
      const what = format === 'zip' ? 'a spreadsheet (.xlsx, .ods) or another zip file' : 'a Parquet file';
      return { ok: false, error: { code: 'binary', message: `This is ${what}; the command line reads delimited text (CSV, TSV, blank-separated). Open it in the page, which reads it, or save it as CSV.` } };
    }
    if (sniffEncoding(buffer.subarray(0, n)) !== 'utf-8') return parseDelimitedText(decodeBytes(readFileSync(file)));
    const ingest = createByteIngest({}, size);
    for (let at = 0; n > 0 && !ingest.error; n = readSync(fd, buffer, 0, buffer.length, at)) {
      ingest.push(buffer.subarray(0, n)); // the ingest copies what it keeps (a line cut by the read)
      at += n;
    }
    return ingest.finish();
  } finally {
    closeSync(fd);
  }
}

/**
 * What kind of file a drop is, from its first bytes: text (CSV and friends, the streaming path),
 * a zip container (.xlsx, .ods), Parquet, or an old binary Excel file (.xls, an OLE2 compound
 * document), which is refused with what to do.
 */
import type { DataError } from '../types';

export type FileFormat = 'text' | 'zip' | 'parquet' | 'xls';

/** Bytes needed to tell the formats apart. */
export const FORMAT_BYTES = 8;

export function fileFormat(head: Uint8Array): FileFormat {
  const b = (i: number) => head[i] ?? -1;
  if (b(0) === 0x50 && b(1) === 0x4b && b(2) === 0x03 && b(3) === 0x04) return 'zip';
  if (b(0) === 0x50 && b(1) === 0x41 && b(2) === 0x52 && b(3) === 0x31) return 'parquet';
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (ole.every((v, i) => b(i) === v)) return 'xls';
  return 'text';
}

export const xlsRefused = (): DataError => ({
  code: 'binary',
  message: 'This is an old binary Excel file (.xls), which Fitbench does not read: no maintained reader of it is free of security advisories. Open it in Excel or LibreOffice and save it as .xlsx, .ods or CSV.',
});

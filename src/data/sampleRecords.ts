/**
 * Splits the sniffing sample (normalized text, comments already blanked) into records for one
 * candidate delimiter, the same way the full parse will: Papa Parse for real delimiters (so quoted
 * fields count as one field), blank-run splitting for 'whitespace'. Blank records are left out.
 */
import Papa from 'papaparse';
import type { Delimiter } from './types';

/** At most this many records are looked at; more does not change the verdicts. */
export const SAMPLE_RECORDS = 100;

export function sampleRecords(sample: string, delimiter: Delimiter): string[][] {
  const rows =
    delimiter === 'whitespace'
      ? sample.split('\n').map(splitWhitespace)
      : Papa.parse<string[]>(sample, { delimiter, newline: '\n', quoteChar: '"', preview: SAMPLE_RECORDS * 4 }).data;
  const out: string[][] = [];
  for (const row of rows) {
    if (!isBlankRecord(row)) out.push(row);
    if (out.length >= SAMPLE_RECORDS) break;
  }
  return out;
}

/** Fields of a whitespace-separated line: runs of spaces and tabs separate, ends are trimmed. */
export function splitWhitespace(line: string): string[] {
  const t = line.trim();
  return t === '' ? [''] : t.split(/[ \t]+/);
}

/** A record whose fields are all blank: a blank line, a blanked comment, or a row of bare delimiters. */
export function isBlankRecord(fields: readonly string[]): boolean {
  for (const f of fields) if (f.trim() !== '') return false;
  return true;
}

/** Field count ignoring trailing blank fields (trailing delimiters, as Excel writes them); at least 1. */
export function fieldCount(fields: readonly string[]): number {
  let n = fields.length;
  while (n > 1 && (fields[n - 1] ?? '').trim() === '') n--;
  return n;
}

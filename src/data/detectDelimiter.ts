/**
 * Delimiter and decimal-separator detection from the first records of a file.
 *
 * Each candidate splits the sample; the records after the first (which may be a header) are scored by
 *   consistency = share of records with the modal field count (must be > 1 field), and
 *   numeric      = share of cells that read as numbers,
 * as consistency + numeric / 2. Consistency alone cannot decide: `1,5;2,25` splits consistently on
 * ',' too (3 fields: "1", "5;2", "25"), but only ';' with decimal commas makes every cell a number.
 * Ties go to the earlier candidate in CANDIDATES, so a tab beats the whitespace reading of the
 * same tab-separated file (which would lose its empty cells).
 *
 * Decimal commas are considered only when the delimiter is not ',': for each other candidate the
 * cells are read both ways and the comma reading wins when it makes strictly more cells numeric.
 * When decimal commas are forced, ',' is not a candidate at all.
 */
import { CellKind, classifyCell } from './numberText';
import { fieldCount, sampleRecords } from './sampleRecords';
import type { Delimiter } from './types';

export const CANDIDATES: readonly Delimiter[] = [',', '\t', ';', '|', 'whitespace'];

export interface DelimiterVerdict {
  delimiter: Delimiter;
  decimalComma: boolean;
  /** The records of the sample under the chosen delimiter (blank ones left out). */
  records: string[][];
}

interface Scored extends DelimiterVerdict {
  score: number;
}

/** Most common field count (see `fieldCount`) and the share of records that have it; ties go to the wider. */
export function modalFieldCount(records: readonly string[][]): { count: number; share: number } {
  const freq = new Map<number, number>();
  let best = 0;
  let bestN = 0;
  for (const r of records) {
    const width = fieldCount(r);
    const n = (freq.get(width) ?? 0) + 1;
    freq.set(width, n);
    if (n > bestN || (n === bestN && width > best)) { best = width; bestN = n; }
  }
  return { count: best, share: records.length ? bestN / records.length : 0 };
}

function isNumeric(kind: CellKind): boolean {
  return kind === CellKind.Finite || kind === CellKind.NonFinite;
}

function score(sample: string, delimiter: Delimiter, decimal: 'auto' | '.' | ',', firstMayBeHeader: boolean): Scored {
  const records = sampleRecords(sample, delimiter);
  // The first record may be a header, with its own shape and no numbers: judge the body, unless
  // the first record is all there is, or the caller says the file has no header (then the first
  // record is data, and may be the only one with a decimal comma).
  const body = records.length > 1 && firstMayBeHeader ? records.slice(1) : records;
  const { count, share } = modalFieldCount(body);
  let dot = 0;
  let comma = 0;
  let cells = 0;
  for (const record of body) {
    for (const cell of record) {
      cells++;
      if (isNumeric(classifyCell(cell, false))) dot++;
      if (delimiter !== ',' && isNumeric(classifyCell(cell, true))) comma++;
    }
  }
  const decimalComma = decimal === ',' || (decimal === 'auto' && comma > dot);
  const numeric = cells ? (decimalComma ? comma : dot) / cells : 0;
  return { delimiter, decimalComma, records, score: count > 1 ? share + numeric / 2 : 0 };
}

/**
 * Picks the delimiter (or checks the forced one) and the decimal separator. With a single column
 * every candidate scores 0 and ',' is returned, which splits nothing in a one-column file.
 * `header`: false when the file is known to have none (its first record is judged too).
 */
export function detectDelimiter(
  sample: string,
  forced: 'auto' | Delimiter,
  decimal: 'auto' | '.' | ',',
  header: 'auto' | boolean = 'auto',
): DelimiterVerdict {
  const firstMayBeHeader = header !== false;
  const candidates = forced !== 'auto' ? [forced] : decimal === ',' ? CANDIDATES.filter((d) => d !== ',') : CANDIDATES;
  let best: Scored | null = null;
  for (const d of candidates) {
    // A comma delimiter rules out decimal commas: an unquoted cell could not hold one.
    const s = score(sample, d, d === ',' ? '.' : decimal, firstMayBeHeader);
    if (best === null || s.score > best.score) best = s;
  }
  const b = best ?? score(sample, ',', decimal, firstMayBeHeader);
  return { delimiter: b.delimiter, decimalComma: b.decimalComma, records: b.records };
}

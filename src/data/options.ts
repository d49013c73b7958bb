/**
 * Parse options with their defaults filled in, validated once at the entry (Ceres-style: options are
 * plain data; nothing downstream re-checks them).
 */
import type { ParseOptions } from './types';

export type ResolvedOptions = Required<Omit<ParseOptions, 'signal'>> & Pick<ParseOptions, 'signal'>;

export const DEFAULT_OPTIONS: Readonly<ResolvedOptions> = {
  delimiter: 'auto',
  decimal: 'auto',
  header: 'auto',
  comment: '#',
  maxLoCells: 2e6,
  maxIssues: 1000,
  maxNotesPerColumn: 1000,
  maxLevels: 100_000,
  previewRows: 20,
  maxRecordChars: 1 << 20,
  maxColumns: 10000,
  signal: null,
};

/** Non-negative integer or the default: a bad cap must not turn into "keep nothing" silently. */
function count(v: number | undefined, fallback: number): number {
  return v !== undefined && Number.isFinite(v) && v >= 0 ? Math.floor(v) : fallback;
}

export function resolveOptions(o: ParseOptions = {}): ResolvedOptions {
  const d = DEFAULT_OPTIONS;
  return {
    delimiter: o.delimiter ?? d.delimiter,
    decimal: o.decimal ?? d.decimal,
    header: o.header ?? d.header,
    comment: o.comment === undefined ? d.comment : o.comment === '' ? null : o.comment,
    maxLoCells: count(o.maxLoCells, d.maxLoCells),
    maxIssues: count(o.maxIssues, d.maxIssues),
    maxNotesPerColumn: count(o.maxNotesPerColumn, d.maxNotesPerColumn),
    maxLevels: count(o.maxLevels, d.maxLevels),
    previewRows: count(o.previewRows, d.previewRows),
    maxRecordChars: count(o.maxRecordChars, d.maxRecordChars),
    maxColumns: count(o.maxColumns, d.maxColumns),
    signal: o.signal ?? null,
  };
}

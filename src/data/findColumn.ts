/**
 * Column lookup by name (the identifier), falling back to the header label as written, so that
 * `--x "Time (s)"` works on the command line as well as `--x Time_s`.
 */
import { didYouMean } from './didYouMean';
import type { Column, DataError, Result, Table } from './types';

export function findColumn(table: Table, wanted: string): Result<Column> {
  const byName = table.columns.find((c) => c.name === wanted);
  const column = byName ?? table.columns.find((c) => c.label === wanted.trim());
  if (column) return { ok: true, value: column };
  const names = table.columns.map((c) => c.name);
  const guess = didYouMean(wanted, names);
  const hint = guess ? `; did you mean ${JSON.stringify(guess)}?` : '';
  const error: DataError = {
    code: 'unknown-column',
    message: `Unknown column ${JSON.stringify(wanted)}${hint} (columns: ${names.join(', ')})`,
  };
  return { ok: false, error };
}

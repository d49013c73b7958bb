/**
 * --memory-limit SIZE (issue 12): the memory a fit may use, which chooses between holding the
 * columns in memory and streaming them from a temporary file. Without the option the limit is half
 * of the machine's memory (os.totalmem).
 *
 * The choice is made from the file's size and its first piece, before the rest is read: the rows
 * are estimated from the bytes per row of the first piece, and the in-memory fit holds per row
 * 8 bytes per column of the file, 4 for its line number, and 24 for the statistics' model values,
 * differences and residuals (src/fit/residuals.ts, stats/diagnostics.ts).
 */
import { totalmem } from 'node:os';
import { CliError } from './errors';

const UNITS: Record<string, number> = { '': 1, B: 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** The least budget: a quarter of it holds one chunk of 65 536 rows. It counts the data a fit holds; the runtime (~50 MB for Node) comes on top. */
export const MIN_MEMORY_LIMIT = 16 * 1024 ** 2;

/** "512M", "2G", "1.5G", "300000000" (bytes); K, M, G, T are powers of 1024, with an optional B or iB. */
export function parseMemoryLimit(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?\s*$/i.exec(text);
  const example = 'e.g. --memory-limit 512M or --memory-limit 2G';
  if (!match) throw new CliError(`--memory-limit must be a size in bytes with an optional K, M, G or T (${example}), got "${text}".`);
  const bytes = Math.floor(Number(match[1]) * UNITS[match[2].toUpperCase()]);
  if (!(bytes >= MIN_MEMORY_LIMIT)) throw new CliError(`--memory-limit ${text} is below the 16M a fit needs at least (${example}).`);
  return bytes;
}

export function defaultMemoryLimit(): number {
  return Math.max(MIN_MEMORY_LIMIT, Math.floor(totalmem() / 2));
}

/** Bytes per row of an in-memory fit of a file with `columns` columns (see the module note). */
export function inMemoryBytesPerRow(columns: number): number {
  return 8 * columns + 4 + 24;
}

/** "256 MB", "1.2 GB": sizes in messages and the report. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 100 * 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

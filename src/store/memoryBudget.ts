/**
 * The memory budget (issue 12): how much memory a fit may hold, which chooses between holding the
 * columns in memory and streaming them in chunks (a temporary file in the CLI, the Origin Private
 * File System in the page). The CLI takes it from --memory-limit (src/cli/memoryLimit.ts), the
 * page from its setting (src/app/data/MemoryBudget.tsx); both read sizes the same way.
 *
 * An in-memory fit holds per row 8 bytes per column of the file, 4 for its line number, and 24 for
 * the statistics' model values, differences and residuals (src/fit/residuals.ts, stats/diagnostics.ts).
 */

const UNITS: Record<string, number> = { '': 1, B: 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** The least budget: a quarter of it holds one chunk of 65 536 rows. It counts the data a fit holds; the runtime comes on top. */
export const MIN_MEMORY_BUDGET = 16 * 1024 ** 2;

/**
 * The most a budget may be: 1024T (1 PiB), beyond any machine's memory and exactly a double. A
 * 400-digit number was accepted as a budget of Infinity bytes (issue 27): a typo, not a size.
 */
export const MAX_MEMORY_BUDGET = 1024 ** 5;

/** Why a size was refused: not a size at all, below MIN_MEMORY_BUDGET, or above MAX_MEMORY_BUDGET. */
export type SizeProblem = 'not-a-size' | 'too-small' | 'too-large';

/** "512M", "2G", "1.5G", "300000000" (bytes); K, M, G, T are powers of 1024, with an optional B or iB. */
export function parseMemorySize(text: string): { ok: true; bytes: number } | { ok: false; problem: SizeProblem } {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?\s*$/i.exec(text);
  if (!match) return { ok: false, problem: 'not-a-size' };
  const bytes = Math.floor(Number(match[1]) * UNITS[match[2].toUpperCase()]);
  if (!(bytes >= MIN_MEMORY_BUDGET)) return { ok: false, problem: 'too-small' };
  if (!(bytes <= MAX_MEMORY_BUDGET)) return { ok: false, problem: 'too-large' };
  return { ok: true, bytes };
}

/** Half of the machine's memory, never under the least budget. */
export function halfOf(totalBytes: number): number {
  return Math.max(MIN_MEMORY_BUDGET, Math.floor(totalBytes / 2));
}

/** Bytes per row of an in-memory fit of a file with `columns` columns (see the module note). */
export function inMemoryBytesPerRow(columns: number): number {
  return 8 * columns + 4 + 24;
}

/** "256 MiB", "1.2 GiB": sizes in messages and reports, in powers of 1024 as --memory-limit reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 100 * 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${Math.round(bytes / 1024)} KiB`;
}

/** The page's default: half of navigator.deviceMemory (GiB, rounded by the browser; absent: 4 GiB). */
export function defaultPageBudget(deviceMemoryGiB: number | undefined): number {
  return halfOf((deviceMemoryGiB && deviceMemoryGiB > 0 ? deviceMemoryGiB : 4) * 1024 ** 3);
}

/** The budget as the page shows it: "256 MiB", "2 GiB", "1.5 GiB". */
export function formatBudget(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  if (gib >= 1) return `${Number(gib.toFixed(2))} GiB`;
  return `${Number((bytes / 1024 ** 2).toFixed(1))} MiB`;
}

/** The budget as one would type it: "256M", "2G", "1.5G". */
export function budgetText(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  if (gib >= 1) return `${Number(gib.toFixed(2))}G`;
  return `${Number((bytes / 1024 ** 2).toFixed(1))}M`;
}

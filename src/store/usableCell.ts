/**
 * The row test of a streamed selection (issue 12), the in-memory selection's (src/data/
 * selectColumns.ts `firstUnusable`) over read buffers: every chosen cell finite, and σ (the cell at
 * `sigmaAt`, −1 for none) > 0 with 1/σ² a positive finite double. Shared by the counting pass
 * (usableRows.ts) and the compacted chunks (columnFiles.ts), so both leave out the same rows.
 */
import { usableSigma } from '../data/selectColumns';

/** Index into `buffers` of the first unusable cell of row i, or −1. */
export function firstUnusableCell(buffers: readonly Float64Array[], i: number, sigmaAt: number): number {
  for (let k = 0; k < buffers.length; k++) {
    const v = buffers[k][i];
    if (!Number.isFinite(v) || (k === sigmaAt && !usableSigma(v))) return k;
  }
  return -1;
}

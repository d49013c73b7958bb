/**
 * The usable-cells fingerprint of a fit's data (issue 12), one pair of 32-bit lanes per column
 * (MurmurHash3's mixing constants, as dataDigest in checkpointSubject.ts), folded with the row
 * count at the end. Each column's lanes see only that column's words, in row order, so the digest
 * can be taken a piece of rows at a time, all columns together, without holding the columns: the
 * page's counting pass over its column files (usableRows.ts) and the CLI's streamed ingest
 * (src/cli/streamLoad.ts) take it that way, and the CLI's in-memory fit over its arrays, so a
 * checkpoint of either CLI fit resumes the other on the same file.
 */
import type { DataDigest } from './checkpointSubject';

/** Lane seeds of column k (usableRows.ts started with these: changing them orphans checkpoints). */
export const laneSeeds = (columns: number): { h1: number[]; h2: number[] } => ({
  h1: Array.from({ length: columns }, (_, k) => (0x9747b28c + k) | 0),
  h2: Array.from({ length: columns }, (_, k) => (0x85ebca6b ^ k) | 0),
});

/** The lanes folded column after column with the row count, then MurmurHash3's fmix: 16 hex digits. */
export function finishLanes(h1: readonly number[], h2: readonly number[], rows: number): string {
  let a = rows | 0;
  let b = Math.floor(rows / 2 ** 32) | 0;
  for (let k = 0; k < h1.length; k++) {
    a = Math.imul(a ^ h1[k], 0xcc9e2d51);
    a = (a << 13) | (a >>> 19);
    b = Math.imul(b + h2[k], 0x1b873593) ^ (b >>> 15) ^ a;
  }
  const fmix = (h: number) => {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
  const hex = (h: number) => h.toString(16).padStart(8, '0');
  return hex(fmix(a)) + hex(fmix(b));
}

/**
 * Column k's lanes over its 32-bit words [from, to) (two per double, in row order): the one mixing
 * step of every digest here, so that the page's counting pass and the CLI's hash stay the same.
 */
export function mixLanes(h1: number[], h2: number[], k: number, words: Uint32Array, from: number, to: number): void {
  let a = h1[k];
  let b = h2[k];
  for (let j = from; j < to; j++) {
    const w = words[j];
    a = Math.imul(a ^ w, 0xcc9e2d51);
    a = (a << 13) | (a >>> 19);
    b = Math.imul(b + w, 0x1b873593) ^ (b >>> 15);
  }
  h1[k] = a;
  h2[k] = b;
}

export interface CellHasher {
  /** Hashes rows [0, count) of the columns (in the same order at every call). */
  add(columns: readonly Float64Array[], count: number): void;
  readonly digest: () => DataDigest;
}

export function cellHasher(columns: number): CellHasher {
  const { h1, h2 } = laneSeeds(columns);
  let rows = 0;
  return {
    add(data, count) {
      if (data.length !== columns) throw new Error(`cellHasher: ${data.length} columns given, ${columns} expected.`);
      for (let k = 0; k < columns; k++) {
        const column = data[k];
        mixLanes(h1, h2, k, new Uint32Array(column.buffer, column.byteOffset, 2 * count), 0, 2 * count);
      }
      rows += count;
    },
    digest: () => ({ rows, hash: finishLanes(h1, h2, rows) }),
  };
}

/** The digest of whole columns (all of one length). */
export function cellDigest(columns: readonly Float64Array[]): DataDigest {
  const hasher = cellHasher(columns.length);
  hasher.add(columns, columns[0]?.length ?? 0);
  return hasher.digest();
}

/**
 * Which stored rows of a streamed table a fit can use (issue 12): those whose chosen cells are all
 * usable, exactly as the in-memory selection decides (src/data/selectColumns.ts: every x, y and σ
 * finite, σ > 0 with 1/σ² a positive finite double). One pass over the chosen column files counts
 * the usable rows and the dropped ones, notes the first dropped rows (stored row, first offending
 * column, in the selection's check order) for the page's list, whether the first x never decreases
 * over the usable rows, and where every `stride`-th usable row is stored, so that the fit's chunks
 * are the compacted rows [k·R, k·R + r) of the in-memory selection (columnFiles.ts `columnChunks`),
 * read without a second counting pass. The same pass fingerprints the usable cells (`hash`), so a
 * streamed fit's checkpoint is tied to the data as an in-memory fit's is (issue 12: a re-dropped
 * copy of the same file resumes; other data, or other columns, do not).
 */
import { readRows, type SyncFile } from './columnFiles';
import { finishLanes, laneSeeds, mixLanes } from './cellDigest';
import { firstUnusableCell } from './usableCell';

export interface UsableRows {
  /** Stored rows in all. */
  readonly stored: number;
  /** Rows the fit uses. */
  readonly rows: number;
  /** Stored rows left out (stored − rows). */
  readonly dropped: number;
  /** Usable row j·stride is stored row marks[j]. */
  readonly stride: number;
  readonly marks: Float64Array;
  /** The first variable never decreases over the usable rows. */
  readonly sortedX: boolean;
  /** The first dropped rows: stored row and the index (in `columns`) of the first unusable cell. */
  readonly first: readonly { readonly row: number; readonly column: number }[];
  /** The file indices tested, in the selection's check order (the variables, y, then σ), and the
   *  index in it of σ (−1: none): the compacted chunks test these same cells. */
  readonly columns: readonly number[];
  readonly sigmaAt: number;
  /** 16 hex digits over the usable rows' chosen cells (a checkpoint's data fingerprint,
   *  src/store/checkpointSubject.ts: the same mixing, one pair of lanes per column). */
  readonly hash: string;
}

export interface UsableRowsInput {
  readonly files: readonly SyncFile[];
  readonly rows: number;
  /** File indices in the selection's check order: the variables, y, then σ (if any). */
  readonly columns: readonly number[];
  /** Whether the last of `columns` is σ. */
  readonly sigma: boolean;
  /** Whether columns[0] is a variable (the one sortedness is asked of). */
  readonly variables: number;
  /** The fit's sum unit (65 536): the chunks start at multiples of it. */
  readonly stride: number;
  /** Stored rows read at a time. */
  readonly blockRows?: number;
  /** Dropped rows noted in `first`. */
  readonly maxFirst?: number;
}

export function usableRows({ files, rows: m, columns, sigma, variables, stride, blockRows = 1 << 16, maxFirst = 500 }: UsableRowsInput): UsableRows {
  const block = Math.max(1, Math.min(blockRows, m));
  const buffers = columns.map(() => new Float64Array(block));
  const marks: number[] = [];
  const first: { row: number; column: number }[] = [];
  const sigmaAt = sigma ? columns.length - 1 : -1;
  const words = buffers.map((b) => new Uint32Array(b.buffer));
  // The lanes of cellDigest.ts, updated here row by row over the usable rows only.
  const { h1, h2 } = laneSeeds(columns.length);
  let used = 0;
  let sortedX = variables > 0;
  let last = -Infinity;
  for (let start = 0; start < m; start += block) {
    const r = Math.min(block, m - start);
    columns.forEach((c, i) => readRows(files[c], buffers[i], start, r, Math.floor(start / block)));
    for (let i = 0; i < r; i++) {
      const bad = firstUnusableCell(buffers, i, sigmaAt);
      if (bad >= 0) {
        if (first.length < maxFirst) first.push({ row: start + i, column: bad });
        continue;
      }
      if (used % stride === 0) marks.push(start + i);
      for (let k = 0; k < words.length; k++) mixLanes(h1, h2, k, words[k], 2 * i, 2 * i + 2);
      if (sortedX) {
        const x = buffers[0][i];
        if (x < last) sortedX = false;
        last = x;
      }
      used++;
    }
  }
  return { stored: m, rows: used, dropped: m - used, stride, marks: Float64Array.from(marks), sortedX: sortedX && used > 0, first, columns: [...columns], sigmaAt, hash: finishLanes(h1, h2, used) };
}

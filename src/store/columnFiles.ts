/**
 * A table's numeric columns kept as float64 files, one file per column (issue 12, "streaming past
 * memory" in the page): the ingest appends each parsed piece's rows to every column's file, and a
 * fit reads the columns it uses as chunks (`columnChunks`, a ChunkSource like the CLI's
 * tempColumns.ts). One file per column makes a chunk of one column one contiguous read, whatever
 * columns the fit picks after the ingest.
 *
 * The files are FileSystemSyncAccessHandles of the Origin Private File System in the page
 * (src/job/browser/opfsColumns.ts); this module knows only their read/write-at-offset shape, so it runs
 * in Node on arrays too (columnFiles.test.ts checks the chunks against memoryChunks bit for bit).
 */
import type { ChunkSource, ChunkView } from './chunkSource';
import { firstUnusableCell } from './usableCell';
import type { UsableRows } from './usableRows';

/** The part of FileSystemSyncAccessHandle the columns use (byte offsets). */
export interface SyncFile {
  read(buffer: Uint8Array, options: { at: number }): number;
  write(buffer: Uint8Array, options: { at: number }): number;
}

/** What the ingest learns of a stored column while writing it (for the fit's checks). */
export interface StoredColumnFacts {
  /** NaN or ±∞ cells (empty, text, or the literals). */
  nonFinite: number;
  /** Finite cells ≤ 0 (a σ column must have none). */
  nonPositive: number;
  /** The values never decrease along the rows (NaN breaks it). */
  sorted: boolean;
}

export interface ColumnWriter {
  /** Appends rows [0, count) of each column (`columns[c]` goes to file c). */
  append(columns: readonly Float64Array[], count: number): void;
  readonly rows: number;
  readonly facts: readonly StoredColumnFacts[];
}

function asBytes(values: Float64Array, count: number): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, count * 8);
}

export function columnWriter(files: readonly SyncFile[]): ColumnWriter {
  let rows = 0;
  const facts: StoredColumnFacts[] = files.map(() => ({ nonFinite: 0, nonPositive: 0, sorted: true }));
  const last = files.map(() => -Infinity);
  return {
    get rows() { return rows; },
    facts,
    append(columns, count) {
      if (columns.length !== files.length) throw new Error(`${columns.length} columns for ${files.length} column files.`);
      columns.forEach((values, c) => {
        const bytes = asBytes(values, count);
        for (let at = 0; at < bytes.length; ) {
          const n = files[c].write(bytes.subarray(at), { at: rows * 8 + at });
          if (n <= 0) throw new Error('The browser storage refused to write (is it full?).');
          at += n;
        }
        const f = facts[c];
        let prev = last[c];
        for (let i = 0; i < count; i++) {
          const v = values[i];
          if (!Number.isFinite(v)) { f.nonFinite++; f.sorted = false; continue; }
          if (v <= 0) f.nonPositive++;
          if (v < prev) f.sorted = false;
          prev = v;
        }
        last[c] = prev;
      });
      rows += count;
    },
  };
}

/** Reads stored rows [start, start + r) of one column file into `into` (k: the chunk, for the error). */
export function readRows(file: SyncFile, into: Float64Array, start: number, r: number, k: number): void {
  const bytes = asBytes(into, r);
  for (let at = 0; at < bytes.length; ) {
    const n = file.read(bytes.subarray(at), { at: start * 8 + at });
    if (n <= 0) throw new Error(`The stored columns ended early (chunk ${k + 1}): the browser storage was cleared; load the file again.`);
    at += n;
  }
}

export interface ColumnChunksInput {
  readonly files: readonly SyncFile[];
  readonly rows: number;
  readonly chunkRows: number;
  /** File indices of the model's variables, y, and σ (null: unweighted). */
  readonly x: readonly number[];
  readonly y: number;
  readonly sigma: number | null;
  /** The first variable never decreases over the rows the chunks hold (StoredColumnFacts.sorted,
   *  or UsableRows.sortedX where that is the first variable's column). */
  readonly sortedX: boolean;
  /** The rows the selection keeps (usableRows.ts), when it leaves some out: the chunks are then the
   *  compacted rows, as the in-memory selection's arrays (absent or none dropped: every row). */
  readonly usable?: UsableRows | null;
}

/**
 * The chosen columns as chunks: chunk k holds rows [k·R, k·R + r), each column read into one
 * reused buffer, and wᵢ = 1/σᵢ formed as curveFit forms it from σ (the same division, the same bits).
 * With rows left out (`usable`), row i is the i-th usable stored row: chunk k is read from the
 * stored row usableRows marked for it, a stored block at a time, keeping the rows the in-memory
 * selection keeps, so the chunks hold what memoryChunks over the selected arrays holds.
 */
export function columnChunks({ files, rows: stored, chunkRows, x, y, sigma, sortedX, usable = null }: ColumnChunksInput): ChunkSource {
  const compact = usable !== null && usable.dropped > 0 ? usable : null;
  if (compact && chunkRows % compact.stride !== 0) throw new Error(`Chunks of ${chunkRows} rows do not start at the ${compact.stride}-row marks of the usable rows.`);
  const m = compact ? compact.rows : stored;
  const r0 = Math.max(1, Math.min(m, chunkRows));
  const picked = [...x, y, ...(sigma === null ? [] : [sigma])];
  const buffers = picked.map(() => new Float64Array(r0));
  // The compacted rows are those whose cells usableRows tested are all usable: every chosen x
  // column (the model may use fewer), y and σ. They are read into scratch; the picked ones copied.
  const tested = compact ? compact.columns : [];
  const scratch = tested.map(() => new Float64Array(r0));
  const from = picked.map((c) => tested.indexOf(c));
  if (compact && from.some((i) => i < 0)) throw new Error('A fitted column is not among the columns its usable rows were decided by.');
  const w = sigma === null ? null : new Float64Array(r0);
  /** Fills rows [0, r) of the buffers with usable rows from stored row `start` on. */
  const readCompacted = (start: number, r: number, k: number) => {
    let filled = 0;
    for (let at = start, n = 0; filled < r && at < stored; at += n) {
      // As many stored rows as usable rows are still wanted (a few more: some will be dropped).
      n = Math.min(r0, stored - at, Math.max(r - filled, 4096));
      tested.forEach((c, i) => readRows(files[c], scratch[i], at, n, k));
      for (let i = 0; i < n && filled < r; i++) {
        if (firstUnusableCell(scratch, i, compact!.sigmaAt) >= 0) continue;
        for (let j = 0; j < picked.length; j++) buffers[j][filled] = scratch[from[j]][i];
        filled++;
      }
    }
    if (filled < r) throw new Error(`The stored columns ended early (chunk ${k + 1}): the browser storage was cleared; load the file again.`);
  };
  return {
    rows: m,
    chunkRows,
    chunks: Math.max(1, Math.ceil(m / chunkRows)),
    variables: x.length,
    weighted: sigma !== null,
    // The caller's: it knows whether the first variable is the column usableRows judged sorted.
    sortedX: x.length > 0 && sortedX,
    read(k): ChunkView {
      const start = k * chunkRows;
      const r = Math.min(chunkRows, m - start);
      if (compact) readCompacted(compact.marks[start / compact.stride], r, k);
      else picked.forEach((c, i) => readRows(files[c], buffers[i], start, r, k));
      const view = (i: number) => buffers[i].subarray(0, r);
      let wv: Float64Array | null = null;
      if (w) {
        const s = buffers[picked.length - 1];
        for (let i = 0; i < r; i++) w[i] = 1 / s[i];
        wv = w.subarray(0, r);
      }
      return { start, rows: r, vars: x.map((_, i) => view(i)), y: view(x.length), w: wv };
    },
  };
}

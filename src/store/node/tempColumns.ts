/**
 * The streamed columns of the CLI (issue 12): a temporary binary file in os.tmpdir() holding the
 * model's variables, y and the weights as float64, chunk after chunk (src/store/chunkSource.ts).
 * Chunk k holds rows [k·R, k·R + r) as whole columns one after another (r = R but for the last
 * chunk), so one read fills one reused buffer and each column is a view on it.
 *
 * A temporary file of hundreds of megabytes must not outlive the run, however it ends. On POSIX
 * systems its name is removed as soon as it is open: the open descriptor keeps the data, and the
 * system frees it when the process ends, even when it is killed (Ctrl-C stops a streamed fit at
 * once, its passes being synchronous). Where an open file cannot be removed (Windows) it is
 * removed when the fit ends, when the process exits, and on SIGINT and SIGTERM.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, rmdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChunkSource, ChunkView } from '../chunkSource';

export interface TempColumns {
  /** Appends rows [0, count) of the columns: the variables, y and w (null when not weighted). */
  append(vars: readonly Float64Array[], y: Float64Array, w: Float64Array | null, count: number): void;
  /** Ends the writing; the chunks can be read from then on. */
  finish(): ChunkSource & { readonly bytes: number };
  /** Closes and removes the file (idempotent). */
  remove(): void;
  /** Where the file was made (on POSIX its name is gone already). */
  readonly path: string;
  readonly rows: number;
}

const live = new Set<() => void>();
let hooked = false;

/** Removes every live temporary file; then, for a signal, exits as the signal would. */
function hookCleanup(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => [...live].forEach((remove) => remove()));
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.on(signal, () => {
      // Only when a temporary file is live: otherwise this handler must not change how the signal ends the process.
      const removers = [...live];
      removers.forEach((remove) => remove());
      if (removers.length > 0 || process.listenerCount(signal) === 1) process.exit(code);
    });
  }
}

export function createTempColumns(variables: number, weighted: boolean, chunkRows: number): TempColumns {
  const columns = variables + 1 + (weighted ? 1 : 0);
  const dir = mkdtempSync(join(tmpdir(), 'fitbench-stream-'));
  const path = join(dir, 'columns.f64');
  let fd: number | null = openSync(path, 'w+');
  const remove = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
    rmSync(dir, { recursive: true, force: true });
    live.delete(remove);
  };
  if (process.platform === 'win32') {
    live.add(remove);
    hookCleanup();
  } else {
    unlinkSync(path);
    rmdirSync(dir);
  }

  let buffer: Float64Array | null = new Float64Array(chunkRows * columns);
  let filled = 0; // rows in the buffer
  let rows = 0;
  let written = 0; // bytes
  let sorted = true;
  let lastX = -Infinity;

  /** Writes the buffered rows as one chunk: each column's r values, then the next column's. */
  const flush = () => {
    if (filled === 0 || !buffer) return;
    const out = filled === chunkRows ? buffer : new Float64Array(filled * columns);
    if (out !== buffer) for (let c = 0; c < columns; c++) out.set(buffer.subarray(c * chunkRows, c * chunkRows + filled), c * filled);
    const bytes = new Uint8Array(out.buffer, out.byteOffset, filled * columns * 8);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd!, bytes, at, bytes.length - at, written + at);
    written += bytes.length;
    filled = 0;
  };

  return {
    path,
    get rows() { return rows; },
    append(vars, y, w, count) {
      const b = buffer!;
      for (let from = 0; from < count; ) {
        const take = Math.min(count - from, chunkRows - filled);
        const put = (column: Float64Array, c: number) => b.set(column.subarray(from, from + take), c * chunkRows + filled);
        vars.forEach(put);
        put(y, variables);
        if (weighted) put(w!, variables + 1);
        if (variables > 0 && sorted) {
          const x = vars[0];
          for (let i = from; i < from + take && sorted; i++) {
            if (x[i] < lastX) sorted = false;
            lastX = x[i];
          }
        }
        from += take;
        filled += take;
        rows += take;
        if (filled === chunkRows) flush();
      }
    },
    finish() {
      flush();
      buffer = null; // the writer's buffer goes before the reader's is made
      const m = rows;
      const chunks = Math.max(1, Math.ceil(m / chunkRows));
      const read = new Float64Array(Math.min(m, chunkRows) * columns);
      const bytes = new Uint8Array(read.buffer);
      return {
        rows: m,
        chunkRows,
        chunks,
        variables,
        weighted,
        sortedX: variables > 0 && sorted,
        bytes: written,
        read(k: number): ChunkView {
          if (fd === null) throw new Error('The temporary column file was removed.');
          const start = k * chunkRows;
          const r = Math.min(chunkRows, m - start);
          const length = r * columns * 8;
          const position = start * columns * 8;
          for (let at = 0; at < length; ) {
            const n = readSync(fd, bytes, at, length - at, position + at);
            if (n === 0) throw new Error(`The temporary column file ${path} ended early (chunk ${k + 1}).`);
            at += n;
          }
          const column = (c: number) => read.subarray(c * r, (c + 1) * r);
          return { start, rows: r, vars: Array.from({ length: variables }, (_, c) => column(c)), y: column(variables), w: weighted ? column(variables + 1) : null };
        },
      };
    },
    remove,
  };
}

/**
 * The CLI's parallel parse (issue 12, "parse in parallel by byte ranges on the worker pool"): a
 * UTF-8 text file of at least PARALLEL_MIN_BYTES is cut into RANGES_PER_THREAD byte ranges per
 * thread; this thread parses the first (the head), then the ranges after it go to whichever thread
 * is free, this one or a worker_threads worker (rangeTask.ts), each into its slot of shared columns
 * (data/parallelIngest.ts). The Table is the one-thread parse's; where the parallel parse
 * cannot promise that (quotes past the head, text cells, errors: see rangeParse.ts), null, and the
 * caller parses on one thread.
 *
 * Threads: --workers N (0 or 1: this thread only), else every core. Below the size a parse takes
 * well under a second and starting a worker (~0.45 s of CPU with tsx in the worker, ~0.2 s from
 * the esbuild bundle of rangeWorkerScript.ts, measured on this 2-core machine) would not pay.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { closeSync, openSync, readSync } from 'node:fs';
import { rangeCuts, parseRanges, type ClaimedRanges, type RangeRunner } from '../parallelIngest';
import { markPublished } from '../rangeClaim';
import { sniffEncoding } from '../textEncoding';
import { fileFormat } from '../sheets/fileFormat';
import type { Result, Table } from '../types';
import { bundledHost } from '../../parallel/node/bundledHost';
import { createNodePool } from '../../parallel/node/nodePool';
import { fileSource } from './fileSource';
import type { RangeTaskInput } from './rangeTask';
import { rangeWorkerScript } from './rangeWorkerScript';

/** Ranges per thread: small enough that a thread left waiting finds work. */
const RANGES_PER_THREAD = 4;

/** Files from this size on are parsed on several threads by default. */
export const PARALLEL_MIN_BYTES = 64 << 20;

/** Threads for parsing a file of `size` bytes: 1 below PARALLEL_MIN_BYTES, else --workers (0 → 1; at most the cores) or the cores. */
export function parseThreads(size: number, requested: number | null, cores = availableParallelism()): number {
  if (size < PARALLEL_MIN_BYTES) return 1;
  return Math.max(1, Math.min(requested ?? cores, cores));
}

/** Whether the file starts as UTF-8 delimited text (the others take the one-thread path and its messages). */
function isUtf8Text(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = new Uint8Array(1 << 12);
    const n = readSync(fd, head, 0, head.length, 0);
    return fileFormat(head.subarray(0, n)) === 'text' && sniffEncoding(head.subarray(0, n)) === 'utf-8';
  } finally {
    closeSync(fd);
  }
}

/**
 * The file parsed on `threads` threads, or null: then parse it on one thread. `size` is the file's
 * size (the caller has checked the file).
 */
export async function readTableParallel(file: string, size: number, threads: number): Promise<Result<Table> | null> {
  if (threads < 2 || size < 2 || !isUtf8Text(file)) return null;
  const source = fileSource(file, size);
  const cuts = rangeCuts(source, RANGES_PER_THREAD * threads);
  if (!cuts) return null;
  // From a clone the workers run the parse bundled by esbuild (rangeWorkerScript.ts: no tsx in the
  // worker); the one-file CLI is its own worker script.
  const script = bundledHost.url ? null : await rangeWorkerScript();
  const pool = createNodePool<RangeTaskInput, ClaimedRanges>({ module: new URL('./rangeTask.ts', import.meta.url), bundledName: 'rangeTask', size: threads - 1, script });
  pool.warm(); // the workers start while this thread reads the head (and join the line count when up)
  const runner: RangeRunner = {
    workers: threads - 1,
    start(board) {
      const channels = Array.from({ length: threads - 1 }, () => new MessageChannel());
      const runs = channels.map(async ({ port2 }) => {
        const status = await pool.run({ file, size, board, jobs: port2 }, { transfer: [port2] });
        if (!status.ok) throw new Error(`a parse worker failed: ${status.error.message}`);
        return status.value;
      });
      return {
        publish(jobs) {
          for (const { port1 } of channels) {
            port1.postMessage(jobs);
            port1.close();
          }
          markPublished(board);
        },
        // A worker that failed gives no ranges; the others' are kept (parseRanges checks that every range was parsed).
        done: Promise.all(runs.map((run) => run.catch((): ClaimedRanges => []))).then((parts) => parts.flat()),
      };
    },
  };
  try {
    return await parseRanges(source, cuts, runner);
  } catch {
    return null; // a worker that could not start or died: the one-thread parse says what is wrong, if anything
  } finally {
    pool.close();
  }
}

/**
 * The shared board of a parallel parse (parallelIngest.ts): every thread, the calling one
 * included, claims byte ranges from counters in one SharedArrayBuffer (Atomics.add), first to count
 * their line breaks, then to parse them. Claiming rather than handing out from the calling thread's
 * event loop means a thread that finishes a range takes the next at once: handed out, a worker
 * waited for the calling thread's own range to end (~0.1 s per range at 10⁷ rows), and the line
 * count (~0.1 s of 0.6 s) ran on one thread before any parse.
 *
 *   all threads:  claim a range ─▶ count its line breaks ─▶ breaks[k] ─▶ …
 *   calling:      head sniffed; counts itself any range not counted yet ─▶ slots ─▶ jobs published
 *   all threads:  claim a range ─▶ parse it into its slot ─▶ … until none is left or one stopped
 *
 * The calling thread never waits for another: a range a worker is still counting (or died
 * counting) is counted again, which gives the same number (a late store by the worker is
 * harmless). Only a worker waits, with Atomics.wait, for the jobs (allowed in Node's threads and
 * in a page's workers, not in a page's main thread).
 */
import { countLineBreaks, parseRange, type RangeJob, type RangeOutcome } from './rangeParse';

/** Byte ranges read in order (a file source, or bytes in memory). */
export interface RangeChunks {
  chunks(start: number, end: number): Iterable<Uint8Array>;
}

/** The counters and the line breaks of a parallel parse, in shared memory (they cross to workers). */
export interface RangeBoard {
  /** Offsets 0 = c₀ < … < c_n = size: range k is [c_k, c_k+1). */
  readonly cuts: readonly number[];
  /** The line breaks of each range, once counted; −1 before. */
  readonly breaks: Int32Array;
  /** NEXT_COUNT, NEXT, STOP, PUBLISHED. */
  readonly claim: Int32Array;
}

/** The ranges one thread parsed: [index into the jobs, outcome]. */
export type ClaimedRanges = Array<[number, RangeOutcome]>;

const NEXT_COUNT = 0;
const NEXT = 1;
const STOP = 2;
const PUBLISHED = 3;

const sharedInt32 = (length: number) => new Int32Array(new SharedArrayBuffer(length * Int32Array.BYTES_PER_ELEMENT));

export function rangeBoard(cuts: readonly number[]): RangeBoard {
  const breaks = sharedInt32(cuts.length - 1).fill(-1);
  return { cuts, breaks, claim: sharedInt32(4) };
}

function countRange(source: RangeChunks, board: RangeBoard, k: number): void {
  let b = 0;
  for (const chunk of source.chunks(board.cuts[k] as number, board.cuts[k + 1] as number)) b += countLineBreaks(chunk);
  Atomics.store(board.breaks, k, b);
}

/** Ranges claimed one at a time and their line breaks counted, until none is left to claim (at most `most`). */
export function countClaimed(source: RangeChunks, board: RangeBoard, most = Infinity): void {
  const n = board.cuts.length - 1;
  for (let taken = 0; taken < most; taken++) {
    const k = Atomics.add(board.claim, NEXT_COUNT, 1);
    if (k >= n) return;
    countRange(source, board, k);
  }
}

/**
 * Every range's line breaks (the calling thread, once nothing is left to claim): those not stored
 * yet, claimed by a worker still counting or one that died, are counted here.
 */
export function allBreaks(source: RangeChunks, board: RangeBoard): number[] {
  countClaimed(source, board);
  for (let k = 0; k < board.breaks.length; k++) if (Atomics.load(board.breaks, k) < 0) countRange(source, board, k);
  return Array.from(board.breaks);
}

/** Says the jobs are published (or that there are none): threads waiting in awaitPublished go on. */
export function markPublished(board: RangeBoard): void {
  Atomics.store(board.claim, PUBLISHED, 1);
  Atomics.notify(board.claim, PUBLISHED);
}

/** Waits (a worker) until markPublished, at most `ms`; whether it was. */
export function awaitPublished(board: RangeBoard, ms: number): boolean {
  return Atomics.wait(board.claim, PUBLISHED, 0, ms) !== 'timed-out' || Atomics.load(board.claim, PUBLISHED) === 1;
}

/** Stops every thread's claims: a range stopped, or the parse goes to one thread. */
export function stopClaims(board: RangeBoard): void {
  Atomics.store(board.claim, STOP, 1);
}

export function claimsStopped(board: RangeBoard): boolean {
  return Atomics.load(board.claim, STOP) !== 0;
}

/**
 * Jobs taken one at a time and parsed, until none is left or any thread's range has stopped (then
 * the whole file goes to one thread, so the rest need not be read). At most `most` jobs.
 */
export function claimRanges(source: RangeChunks, jobs: readonly RangeJob[], board: RangeBoard, most = Infinity): ClaimedRanges {
  const done: ClaimedRanges = [];
  while (done.length < most && !claimsStopped(board)) {
    const k = Atomics.add(board.claim, NEXT, 1);
    if (k >= jobs.length) break;
    const outcome = parseRange(source, jobs[k] as RangeJob);
    done.push([k, outcome]);
    if (!outcome.ok) stopClaims(board);
  }
  return done;
}

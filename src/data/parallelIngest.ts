/**
 * A large file parsed by byte ranges on several threads (issue 12, "parse in parallel by byte
 * ranges"), with the one-thread result or none:
 *
 *   cuts at line ends ─▶ range 0 on this thread: the byte ingest sniffs the head
 *   every range's line breaks counted, on every thread (a byte scan, SWAR) ─▶ shared columns sized by the line count
 *   range k ≥ 1 (rangeParse.ts), on whichever thread is free ─▶ its rows into its slot (from the
 *                 line breaks before it: its first line number and an upper bound on the rows before it)
 *   range 0 read on, then ranges left ─▶ each part absorbed in order (copyWithin moves its rows down) ─▶ finish
 *
 * The ranges are claimed, to count and then to parse, by every thread from shared counters
 * (rangeClaim.ts).
 *
 * Why count first: a range's first line number is only known once the ranges before it are counted,
 * and a slot per range in one shared column lets each thread write its rows where they end up, so
 * the columns are held once (a part per thread, concatenated, would hold them twice at the peak).
 * Counting is a byte scan, a small part of a parse. `null` says "parse on one thread": a quote or a
 * lone CR, a text cell, an error, or anything else whose outcome depends on the rows before it
 * (rangeParse.ts), and a table whose residuals (maxLoCells) the line count could not decide.
 */
import { createByteIngest } from './byteIngest';
import { allBreaks, claimRanges, claimsStopped, countClaimed, markPublished, rangeBoard, stopClaims, type ClaimedRanges, type RangeBoard } from './rangeClaim';
import { countLineBreaks, parseRange, rangeSettings, type RangeJob, type RangeOutcome, type RangeSettings } from './rangeParse';
import type { RowStorage } from './tableBuilder';
import type { ParseOptions, Result, Table } from './types';

export type { RangeJob };

/** The file as byte ranges: whole reads in order, the buffer reused (the consumers copy what they keep). */
export interface RangeSource {
  readonly size: number;
  chunks(start: number, end: number): Iterable<Uint8Array>;
  /** Up to `length` bytes at `position` (a look for the line end near a cut). */
  bytesAt(position: number, length: number): Uint8Array;
}

export { countLineBreaks, parseRange };
export type { ClaimedRanges, RangeBoard };

/** The threads besides the calling one (worker_threads in the CLI, inline in the tests). */
export interface RangeRunner {
  /** Threads that parse ranges besides this one. */
  readonly workers: number;
  /** Starts them on the board: each counts the line breaks of the ranges it claims (countClaimed),
   *  waits for the jobs, then parses the ranges it claims (claimRanges). */
  start(board: RangeBoard): RangeCrew;
}

export interface RangeCrew {
  /** Hands the started threads the jobs (null: there are none; they return), then markPublished. */
  publish(jobs: readonly RangeJob[] | null): void;
  /** Every range they parsed (a thread that failed parsed none; it may have lost one it claimed). */
  readonly done: Promise<ClaimedRanges>;
}

/** How far past a nominal cut the line end is looked for; a longer line: no parallel parse. */
const CUT_LOOK = 1 << 20;
const LF = 10;

/**
 * Offsets 0 = c₀ < c₁ < … < c_N = size, each c_k (0 < k < N) just past a line break near k·size/N.
 * Null when a range would be empty or no line end is near a cut.
 */
export function rangeCuts(source: RangeSource, ranges: number): number[] | null {
  const cuts = [0];
  for (let k = 1; k < ranges; k++) {
    const nominal = Math.floor((k * source.size) / ranges);
    const look = source.bytesAt(nominal, Math.min(CUT_LOOK, source.size - nominal));
    const nl = look.indexOf(LF);
    if (nl < 0) return null;
    const cut = nominal + nl + 1;
    if (cut <= (cuts[k - 1] as number) || cut >= source.size) return null;
    cuts.push(cut);
  }
  cuts.push(source.size);
  return cuts;
}

function sharedF64(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));
}

/** The views of one range's slot: rows [at, at + length). */
function slot(storage: RowStorage, at: number, length: number): RowStorage {
  const view = (a: Float64Array) => new Float64Array(a.buffer, a.byteOffset + at * 8, length);
  return {
    values: storage.values.map(view),
    lo: storage.lo ? storage.lo.map(view) : null,
    lines: new Int32Array(storage.lines.buffer, storage.lines.byteOffset + at * 4, length),
  };
}

/**
 * The file parsed by this thread and the runner's workers, or null: then parse it on one thread
 * (parseBytes or a byte ingest), which gives the result a parallel parse could not. `cuts` has
 * more ranges than threads (rangeCuts(source, 4 × threads), say): the ranges after the head go
 * to whichever thread is free (this one too, once it has read the head's range), so a busy core
 * or a slow worker start does not leave the others waiting.
 */
export async function parseRanges(source: RangeSource, cuts: readonly number[], runner: RangeRunner, options: ParseOptions = {}): Promise<Result<Table> | null> {
  const n = cuts.length - 1;
  const board = rangeBoard(cuts);
  // The workers start counting line breaks at once (those still starting join in when they can).
  const crew = runner.workers > 0 ? runner.start(board) : null;
  let published = false;
  const publish = (jobs: readonly RangeJob[] | null) => {
    published = true;
    crew?.publish(jobs);
  };
  // A worker that failed (it could not start, or died) lost the ranges it had claimed and not
  // finished, if any: the parse is whole only if the threads left parsed every range (checked below).
  const crewDone: Promise<ClaimedRanges> = crew?.done.catch(() => []) ?? Promise.resolve([]);

  // Range 0: the byte ingest, until the head is sniffed and the width known.
  const ingest = createByteIngest(options, null);
  const reader = source.chunks(0, cuts[1] as number)[Symbol.iterator]();
  try {
    return await readRanges();
  } finally {
    reader.return?.(); // a file source closes its file
    if (!published) publish(null);
  }

  async function readRanges(): Promise<Result<Table> | null> {
    let settings: RangeSettings | null = null;
    for (let r = reader.next(); !r.done; r = reader.next()) {
      ingest.push(r.value);
      if (ingest.error || ingest.mode === 'text') break;
      const stage = ingest.stage;
      if (ingest.mode === 'fast' && stage && (settings = rangeSettings(stage.builder, stage.delimiter))) break;
    }
    if (!settings || ingest.error || ingest.mode !== 'fast' || !ingest.stage) return null;
    const builder = ingest.stage.builder;
    const s = settings;

    // Every range's line breaks (a byte scan, ~20× faster than a parse): first lines and slots.
    const breaks = allBreaks(source, board);
    const capacity = breaks.reduce((a, b) => a + b, 0) + 1;
    const before = breaks.map((_, k) => breaks.slice(0, k).reduce((a, b) => a + b, 0));

    // Shared columns with a row per line (an upper bound on the rows), residuals only if every
    // possible row fits in maxLoCells (else decided after the parse, below): the rows so far and
    // a row per line after them (the header and the blank lines of the head are not rows).
    const lastLF = source.bytesAt(source.size - 1, 1)[0] === 10;
    // Lines of the head that are no rows (the header, blank lines): every later range has at least
    // these fewer rows before it than lines, so its slot starts that much lower, and where no other
    // line is a non-row (most files) each range's rows are already in place (absorb moves nothing).
    const skipped = ingest.nextLine - 1 - builder.rowCount;
    const mostRows = capacity - (lastLF ? 1 : 0) - skipped;
    const wantLo = builder.wantsLo && mostRows * s.count <= s.limits.maxLoCells;
    if (!wantLo) builder.dropLo();
    const storage: RowStorage = {
      values: Array.from({ length: s.count }, () => sharedF64(capacity)),
      lo: wantLo ? Array.from({ length: s.count }, () => sharedF64(capacity)) : null,
      lines: new Int32Array(new SharedArrayBuffer(capacity * 4)),
    };
    builder.adopt(storage);
    const job = (k: number): RangeJob => {
      const rows = (breaks[k] as number) + (k === n - 1 ? 1 : 0); // the last line may lack its LF
      return { start: cuts[k] as number, end: cuts[k + 1] as number, settings: s, firstLine: (before[k] as number) + 1, storage: slot(storage, (before[k] as number) - skipped, rows) };
    };

    // The ranges after the head, claimed by whichever thread is free; a stop anywhere stops the claims.
    const jobs = Array.from({ length: n - 1 }, (_, i) => job(i + 1));
    publish(jobs);

    // Range 0 read on, here; then the ranges left. (A text cell here, or a stop in another range,
    // ends it early: the file goes to one thread.)
    for (let r = reader.next(); !r.done && !claimsStopped(board) && !ingest.error && ingest.mode === 'fast' && builder.textCells === 0; r = reader.next()) ingest.push(r.value);
    if (ingest.error || ingest.mode !== 'fast' || ingest.pending > 0 || !builder.numericReady || builder.textCells > 0) stopClaims(board);
    const claimed = [...claimRanges(source, jobs, board), ...(await crewDone)];
    if (claimsStopped(board) || claimed.length !== n - 1) return null;
    const outcomes: RangeOutcome[] = [];
    for (const [k, o] of claimed) outcomes[k] = o;
    outcomes.forEach((o, i) => { if (o.ok) builder.absorb(o.part, (before[i + 1] as number) - skipped); });
    // Without residuals only because the line count said the table might outgrow them: one thread
    // would have kept them.
    if (!wantLo && s.limits.maxLoCells > 0 && builder.rowCount * s.count <= s.limits.maxLoCells) return null;
    return ingest.finish();
  }
}

/**
 * The in-process runner (tests): one "worker" in this thread, which counts one range when started
 * and parses one when the jobs are published (before this thread reads on), so that both sides of
 * each claim are exercised.
 */
export function inlineRunner(source: RangeSource): RangeRunner {
  return {
    workers: 1,
    start(board) {
      countClaimed(source, board, 1);
      let parsed: (value: ClaimedRanges) => void = () => undefined;
      const done = new Promise<ClaimedRanges>((resolve) => (parsed = resolve));
      return {
        publish(jobs) {
          parsed(jobs ? claimRanges(source, jobs, board, 1) : []);
          markPublished(board);
        },
        done,
      };
    },
  };
}

/** Bytes in memory as a RangeSource, read in slices of `slice` bytes. */
export function bytesSource(bytes: Uint8Array, slice = 4 << 20): RangeSource {
  return {
    size: bytes.length,
    *chunks(start, end) {
      for (let i = start; i < end; i += slice) yield bytes.subarray(i, Math.min(end, i + slice));
    },
    bytesAt: (position, length) => bytes.subarray(position, position + length),
  };
}

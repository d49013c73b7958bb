/**
 * A large file parsed by byte ranges on several threads (issue 12, "parse in parallel by byte
 * ranges"), with the one-thread result or none:
 *
 *   cuts at line ends ─▶ every range's line breaks counted (the ranges k ≥ 1 on their workers)
 *   range 0 on this thread: the byte ingest sniffs the head ─▶ shared columns sized by the line count
 *   range k ≥ 1 (rangeParse.ts) ─▶ its rows into its slot (from the line breaks before it: its first
 *                                   line number and an upper bound on the rows before it)
 *   range 0 read on ─▶ each part absorbed in order (copyWithin moves its rows down) ─▶ finish
 *
 * Why count first: a range's first line number is only known once the ranges before it are counted,
 * and a slot per range in one shared column lets each thread write its rows where they end up, so
 * the columns are held once (a part per thread, concatenated, would hold them twice at the peak).
 * Counting is a byte scan, a small part of a parse. `null` says "parse on one thread": a quote or a
 * lone CR, a text cell, an error, or anything else whose outcome depends on the rows before it
 * (rangeParse.ts), and a table whose residuals (maxLoCells) the line count could not decide.
 */
import { createByteIngest } from './byteIngest';
import { createRangeParser, rangeSettings, type RangeOutcome, type RangeSettings } from './rangeParse';
import type { RowStorage } from './tableBuilder';
import type { ParseOptions, Result, Table } from './types';

/** The file as byte ranges: whole reads in order, the buffer reused (the consumers copy what they keep). */
export interface RangeSource {
  readonly size: number;
  chunks(start: number, end: number): Iterable<Uint8Array>;
  /** Up to `length` bytes at `position` (a look for the line end near a cut). */
  bytesAt(position: number, length: number): Uint8Array;
}

/** A later range's work: on a worker in the CLI, here in the tests. */
export interface RangeJob {
  start: number;
  end: number;
  settings: RangeSettings;
  firstLine: number;
  storage: RowStorage;
}

export interface RangeRunner {
  /** Line breaks (LF bytes) in [start, end). */
  count(start: number, end: number): Promise<number>;
  parse(job: RangeJob): Promise<RangeOutcome>;
}

const LF = 10;
/** How far past a nominal cut the line end is looked for; a longer line: no parallel parse. */
const CUT_LOOK = 1 << 20;

/** Line breaks in b. */
export function countLineBreaks(b: Uint8Array): number {
  let n = 0;
  for (let i = b.indexOf(LF); i >= 0; i = b.indexOf(LF, i + 1)) n++;
  return n;
}

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
 * The file parsed on `cuts.length − 1` threads (this one and the runner's), or null: then parse it
 * on one thread (parseBytes or a byte ingest), which gives the result a parallel parse could not.
 */
export async function parseRanges(source: RangeSource, cuts: readonly number[], runner: RangeRunner, options: ParseOptions = {}): Promise<Result<Table> | null> {
  const n = cuts.length - 1;
  const counted = cuts.slice(1, -1).map((start, i) => runner.count(start, cuts[i + 2] as number));
  const end0 = cuts[1] as number;
  let breaks0 = 0;
  for (const chunk of source.chunks(0, end0)) breaks0 += countLineBreaks(chunk);

  // Range 0: the byte ingest, until the head is sniffed and the width known.
  const ingest = createByteIngest(options, null);
  const reader = source.chunks(0, end0)[Symbol.iterator]();
  let settings: RangeSettings | null = null;
  for (let r = reader.next(); !r.done; r = reader.next()) {
    ingest.push(r.value);
    if (ingest.error || ingest.mode === 'text') break;
    const stage = ingest.stage;
    if (ingest.mode === 'fast' && stage && (settings = rangeSettings(stage.builder, stage.delimiter))) break;
  }
  const breaks = [breaks0, ...(await Promise.all(counted))];
  if (!settings || ingest.error || ingest.mode !== 'fast' || !ingest.stage) return null;
  const builder = ingest.stage.builder;

  // Shared columns with a row per line (an upper bound on the rows), residuals only if every
  // possible row fits in maxLoCells (else decided after the parse, below).
  const capacity = breaks.reduce((a, b) => a + b, 0) + 1;
  const wantLo = builder.wantsLo && capacity * settings.count <= settings.limits.maxLoCells;
  if (!wantLo) builder.dropLo();
  const storage: RowStorage = {
    values: Array.from({ length: settings.count }, () => sharedF64(capacity)),
    lo: wantLo ? Array.from({ length: settings.count }, () => sharedF64(capacity)) : null,
    lines: new Int32Array(new SharedArrayBuffer(capacity * 4)),
  };
  builder.adopt(storage);
  const at: number[] = [];
  const parts: Promise<RangeOutcome>[] = [];
  for (let k = 1, before = breaks0; k < n; before += breaks[k] as number, k++) {
    at.push(before);
    const rows = (breaks[k] as number) + (k === n - 1 ? 1 : 0); // the last line may lack its LF
    parts.push(runner.parse({ start: cuts[k] as number, end: cuts[k + 1] as number, settings, firstLine: before + 1, storage: slot(storage, before, rows) }));
  }

  // Range 0 read on, here, while the others are parsed.
  for (let r = reader.next(); !r.done && !ingest.error && ingest.mode === 'fast'; r = reader.next()) ingest.push(r.value);
  const outcomes = await Promise.all(parts);
  if (ingest.error || ingest.mode !== 'fast' || ingest.pending > 0 || !builder.numericReady || builder.textCells > 0) return null;
  if (outcomes.some((o) => !o.ok)) return null;
  outcomes.forEach((o, i) => { if (o.ok) builder.absorb(o.part, at[i] as number); });
  // Without residuals only because the line count said the table might outgrow them: one thread
  // would have kept them.
  if (!wantLo && settings.limits.maxLoCells > 0 && builder.rowCount * settings.count <= settings.limits.maxLoCells) return null;
  return ingest.finish();
}

/** The in-process runner (tests, and a page without workers): the ranges one after another. */
export function inlineRunner(source: RangeSource): RangeRunner {
  return {
    count: async (start, end) => {
      let n = 0;
      for (const chunk of source.chunks(start, end)) n += countLineBreaks(chunk);
      return n;
    },
    parse: async (job) => parseRange(source, job),
  };
}

/** One later range, read and parsed (what a worker runs). */
export function parseRange(source: Pick<RangeSource, 'chunks'>, job: RangeJob): RangeOutcome {
  const parser = createRangeParser(job.settings, job.firstLine, job.storage);
  for (const chunk of source.chunks(job.start, job.end)) if (!parser.push(chunk)) break;
  return parser.finish();
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

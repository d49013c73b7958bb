/**
 * One byte range of a parallel parse: whole lines of a file after its head, read on another thread
 * into that range's slot of shared columns (RowStorage), with the line numbers it knows from the
 * lines before it.
 *
 *   range 0 (the head)  ─ byte ingest as usual (sniff, header, preview) ──────────┐
 *   range k (k ≥ 1)     ─ these lines ─▶ numericRow / record ─▶ its slot + RangePart ├▶ absorb, in order
 *
 * Each line is taken exactly as the byte ingest's fast mode takes it (byteIngest.ts `takeLine`):
 * a plain numeric row by `readNumericRow`, a blank or comment line skipped, any other line split as
 * the general path splits a quote-free line. Whatever would make the one-thread parse depend on the
 * rows before (a quote or a lone CR, from which the text ingest takes over; a text cell, which may
 * start categories; an error, whose message must be the first in the file) stops the range with a
 * reason instead, and the caller parses the whole file on one thread. So a parallel result is the
 * one-thread result or none (rangeParse.test.ts compares every field).
 */
import { binaryFile } from './messages';
import { linesEnd, readNumericLines, readNumericRow, type RowShape } from './numericRow';
import { splitWhitespace } from './sampleRecords';
import { TableBuilder, type BuilderLimits, type RangePart, type RowStorage, type TablePlan } from './tableBuilder';
import { textDecoder } from './textEncoding';
import { commentPattern } from './textNormalizer';
import type { Delimiter } from './types';
import { isCommentLine } from './commentBytes';

/** All a range needs from the head's parse: plain data, so it crosses to a worker. */
export interface RangeSettings {
  plan: TablePlan;
  /** The resolved options as limits (no signal: it does not cross a thread). */
  limits: BuilderLimits & { comment: string | null; maxRecordChars: number };
  delimiter: Delimiter;
  /** The head's header fields (null: none), for the wording of row issues. */
  header: string[] | null;
  count: number;
}

/** A later range's work: on a worker in the CLI, here in the tests. */
export interface RangeJob {
  start: number;
  end: number;
  settings: RangeSettings;
  firstLine: number;
  storage: RowStorage;
}

export type RangeOutcome = { ok: true; part: RangePart } | { ok: false; reason: string };

export interface RangeParser {
  /** Bytes of the range in order; false once the range has stopped (see RangeOutcome). */
  push(chunk: Uint8Array): boolean;
  finish(): RangeOutcome;
}

const LF = 10;
const CR = 13;
const EMPTY = new Uint8Array(0);

/** `firstLine`: the physical line the range starts on (1 + the line breaks before it). */
export function createRangeParser(settings: RangeSettings, firstLine: number, storage: RowStorage): RangeParser {
  const { plan, limits, delimiter, count } = settings;
  const builder = TableBuilder.continuing(plan, limits, settings.header, count, storage);
  const shape: RowShape = { delimiter: delimiter === 'whitespace' ? -1 : delimiter.charCodeAt(0), sep: plan.decimalComma ? 44 : 46, count };
  const values = new Float64Array(count);
  const lo = new Float64Array(count);
  let wantLo = builder.wantsLo;
  const decoder = textDecoder('utf-8', true);
  const commentBytes = limits.comment ? new TextEncoder().encode(limits.comment) : null;
  const comment = limits.comment ? commentPattern(limits.comment) : null;
  let line = firstLine;
  let carry: Uint8Array = EMPTY;
  let stopped: string | null = null;

  const isComment = (b: Uint8Array, start: number, end: number) => isCommentLine(b, start, end, commentBytes);

  /** One line b[start, end) (its CR before the LF cut off): byteIngest's takeLine, or a stop. */
  function takeLine(b: Uint8Array, start: number, end: number): void {
    if (end - start <= limits.maxRecordChars && readNumericRow(b, start, end, shape, values, wantLo ? lo : null)) {
      builder.numericRow(values, wantLo ? lo : null, line++);
      if (wantLo) wantLo = builder.wantsLo;
      return;
    }
    if (start === end || isComment(b, start, end)) { line++; return; }
    let text = decoder.decode(b.subarray(start, end));
    if (text.includes('\r') || (shape.delimiter >= 0 && text.includes('"'))) { stopped = `line ${line} has a quote or a lone CR`; return; }
    if (text.includes('\0')) { stopped = binaryFile(line).message; return; }
    if (text.length > limits.maxRecordChars) { stopped = `line ${line} is too long`; return; }
    if (comment && limits.comment && text.includes(limits.comment)) text = text.replace(comment, '');
    const fields = shape.delimiter < 0 ? splitWhitespace(text) : text.split(delimiter);
    if (fields.length > limits.maxColumns) { stopped = `line ${line} has too many fields`; return; }
    builder.record(fields, line++);
    if (builder.error) stopped = builder.error.message;
    else if (builder.textCells > 0) stopped = `line ${line - 1} has a text cell`;
  }

  /** Whole lines of b; the unfinished last line is kept. */
  function lines(b: Uint8Array): void {
    let pos = 0;
    const n = b.length;
    while (pos < n && stopped === null) {
      const block = builder.numericBlock(); // a run of numeric rows, as byteIngest's fast()
      const rows = readNumericLines(b, pos, n, shape, block.values, block.lo, block.lines, block.at, block.room, line, limits.maxRecordChars);
      if (rows > 0) {
        builder.addNumericRows(rows);
        line += rows;
        pos = linesEnd;
        if (wantLo) wantLo = builder.wantsLo;
        continue;
      }
      const nl = b.indexOf(LF, pos);
      if (nl < 0) break;
      takeLine(b, pos, nl > pos && b[nl - 1] === CR ? nl - 1 : nl);
      pos = nl + 1;
    }
    carry = pos >= n ? EMPTY : b.slice(pos);
    if (carry.length > limits.maxRecordChars) stopped = `line ${line} is too long`;
  }

  return {
    push(chunk: Uint8Array): boolean {
      if (stopped !== null || chunk.length === 0) return stopped === null;
      if (carry.length === 0) { lines(chunk); return stopped === null; }
      // Only the line cut by the previous chunk's end is copied, not the whole chunk.
      const nl = chunk.indexOf(LF);
      const first = new Uint8Array(carry.length + (nl < 0 ? chunk.length : nl + 1));
      first.set(carry);
      first.set(nl < 0 ? chunk : chunk.subarray(0, nl + 1), carry.length);
      carry = EMPTY;
      lines(first);
      if (nl >= 0 && stopped === null && carry.length === 0) lines(chunk.subarray(nl + 1));
      return stopped === null;
    },
    finish(): RangeOutcome {
      if (stopped === null && carry.length > 0) {
        const last = carry;
        carry = EMPTY;
        takeLine(last, 0, last[last.length - 1] === CR ? last.length - 1 : last.length);
      }
      if (stopped === null && builder.error) stopped = builder.error.message;
      return stopped === null ? { ok: true, part: builder.part() } : { ok: false, reason: stopped };
    },
  };
}

/** The head range's builder settings as a RangeSettings (null while the width is unknown). */
export function rangeSettings(builder: TableBuilder, delimiter: Delimiter): RangeSettings | null {
  if (builder.columnCount <= 0) return null;
  const { plan, limits, header } = builder.settings;
  const l = limits as BuilderLimits & { comment: string | null; maxRecordChars: number; signal?: unknown };
  const { signal: _signal, ...plain } = l;
  return { plan, limits: plain, delimiter, header, count: builder.columnCount };
}

/**
 * Line breaks in b, four bytes at a time (SWAR, "SIMD within a register"): x = word ^ 0x0a0a0a0a
 * has a zero byte where the word has an LF; ((x & 0x7f…) + 0x7f…) | x sets the high bit of every
 * byte except the zero ones, exactly (no carry crosses a byte, unlike the shorter haszero test),
 * and the high bits left are summed by a multiply. ~3× an indexOf loop on 22-byte lines.
 */
export function countLineBreaks(b: Uint8Array): number {
  let n = 0;
  let i = 0;
  const length = b.length;
  for (; i < length && ((b.byteOffset + i) & 3) !== 0; i++) if (b[i] === LF) n++;
  const words = ((b.byteOffset + i) & 3) === 0 ? (length - i) >> 2 : 0; // (not aligned: b was too short)
  const w = new Int32Array(b.buffer, b.byteOffset + i - ((b.byteOffset + i) & 3), words);
  for (let k = 0; k < words; k++) {
    const x = (w[k] as number) ^ 0x0a0a0a0a;
    const high = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & 0x80808080;
    if (high !== 0) n += Math.imul(high >>> 7, 0x01010101) >>> 24;
  }
  for (i += words * 4; i < length; i++) if (b[i] === LF) n++;
  return n;
}

/** One later range, read and parsed (what a worker runs). */
export function parseRange(source: { chunks(start: number, end: number): Iterable<Uint8Array> }, job: RangeJob): RangeOutcome {
  const parser = createRangeParser(job.settings, job.firstLine, job.storage);
  for (const chunk of source.chunks(job.start, job.end)) if (!parser.push(chunk)) break;
  return parser.finish();
}

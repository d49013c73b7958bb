/**
 * The ingest fed with bytes (UTF-8): the same Table as the text ingest, with a fast path for the
 * rows that are plain numbers.
 *
 *   head  ─ whole lines decoded ─▶ text ingest (sniff: delimiter, decimal, header; preview)
 *   fast  ─ runs of lines ─▶ readNumericLines (bytes → doubles + residuals, no strings, straight
 *                            into the columns: TableBuilder.numericBlock)
 *                     └ not a plain numeric row ─▶ the line decoded, split as the general path
 *                                                  splits a quote-free line ─▶ TableBuilder.record
 *   text  ─ the rest decoded ─▶ text ingest            (from a quote or a lone CR on: rare formats)
 *
 * Why per line: the general path's text stages do, for a line without quotes or lone CRs, nothing
 * but blank comments, drop a CR before LF and split on the delimiter (Papa's own fast mode is
 * `line.split(delimiter)`), so a line can take the general path on its own and the Table stays the
 * same: values, residuals, notes, counts, categories, line numbers and issues (byteIngest.test.ts
 * compares every field on generated files). A quote may open a record that spans lines, so from
 * the first quote on the rest of the file goes to the text ingest (with its line counts moved on).
 */
import { createIngest, type Ingest, type IngestStage } from './ingest';
import { resolveOptions } from './options';
import { binaryFile, lineTooLong, tooManyFields } from './messages';
import { linesEnd, readNumericLines, readNumericRow, type RowShape } from './numericRow';
import { splitWhitespace } from './sampleRecords';
import { textDecoder } from './textEncoding';
import { commentPattern } from './textNormalizer';
import type { DataError, ParseOptions, Result, Table } from './types';
import { isCommentLine } from './commentBytes';

export interface ByteIngest {
  push(chunk: Uint8Array): void;
  finish(): Result<Table>;
  readonly error: DataError | null;
  readonly rows: number;
  /** Rows that took the fast path (for benchmarks and tests). */
  readonly fastRows: number;
  /** 'head' until the sniff, 'fast' while lines are read here, 'text' once the text ingest has the rest. */
  readonly mode: 'head' | 'fast' | 'text';
  /** The pipeline after the sniff (null before): a parallel parse takes its settings and builder. */
  readonly stage: IngestStage | null;
  /** Bytes of an unfinished last line held until the next push. */
  readonly pending: number;
  /** In fast mode: the physical line the next byte pushed starts on (or the held line, see pending). */
  readonly nextLine: number;
}

const LF = 10;
const CR = 13;
/** Head text is decoded in pieces of about this many bytes until the sniff is done (100 lines). */
const HEAD_PIECE = 1 << 12;
/** A head without a line break in this many bytes goes to the text ingest (CR-only lines, a huge line). */
const HEAD_LINE = 1 << 16;
const EMPTY = new Uint8Array(0);

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * `totalBytes`, when known, pre-sizes the columns from the bytes per line of the head (10% spare),
 * so that a large file's columns are allocated once instead of doubling (and copied) on the way.
 */
export function createByteIngest(options: ParseOptions = {}, totalBytes: number | null = null): ByteIngest {
  const ingest: Ingest = createIngest(options);
  const decoder = textDecoder('utf-8', true); // head and rest: streaming, the BOM left to the normalizer
  const lineDecoder = textDecoder('utf-8', true);
  let mode: 'head' | 'fast' | 'text' = 'head';
  let carry: Uint8Array = EMPTY;
  let quoted = false; // a quote in the head: a record may be open at its end
  let error: DataError | null = null;
  let fastRows = 0;
  let headBytes = 0;
  let pushed = 0; // bytes pushed so far
  let reserveAt = Infinity; // row count at which the columns would double: reserve again instead

  // fast-path state, set by beginFast
  let stage: IngestStage | null = null;
  let shape: RowShape = { delimiter: 44, sep: 46, count: 0 };
  let values = new Float64Array(0);
  let lo = new Float64Array(0);
  let line = 0;
  let ready = false;
  let wantLo = false;
  let commentBytes: Uint8Array | null = null;
  let comment: RegExp | null = null;
  let maxLine = 0; // bytes of a numeric line ≤ its characters: within this, no line is too long

  /** Text without its comment lines (a quote in a comment opens nothing). */
  function uncommented(text: string): string {
    const prefix = resolveOptions(options).comment;
    return prefix ? text.replace(commentPattern(prefix), '') : text;
  }

  function beginFast(s: IngestStage): void {
    stage = s;
    mode = 'fast';
    const { builder, delimiter, decimalComma, options: o } = s;
    const count = Math.max(0, builder.columnCount);
    shape = { delimiter: delimiter === 'whitespace' ? -1 : delimiter.charCodeAt(0), sep: decimalComma ? 44 : 46, count };
    values = new Float64Array(count);
    lo = new Float64Array(count);
    line = s.nextLine;
    maxLine = o.maxRecordChars;
    commentBytes = o.comment ? new TextEncoder().encode(o.comment) : null;
    comment = o.comment ? commentPattern(o.comment) : null;
    refresh();
    const headLines = s.nextLine - 1;
    if (totalBytes !== null && headLines > 0 && headBytes > 0) {
      builder.reserve(Math.ceil((totalBytes / headBytes) * headLines * 1.1) + 1024);
      reserveAt = builder.capacity - 1;
    }
  }

  /**
   * The head's bytes per line may undersell the file (short numbers first): when the rows near the
   * reservation, reserve again from the rows per byte so far, rather than doubling the columns (a
   * doubled column is copied to trim it, and then held twice).
   */
  function reestimate(): void {
    const b = (stage as IngestStage).builder;
    if (totalBytes === null) { reserveAt = Infinity; return; }
    // pushed includes the unread rest of this chunk: the rate is low, so at least 1/8 more is taken
    const estimate = Math.ceil((b.rowCount / pushed) * totalBytes * 1.02) + 1024;
    b.reserve(Math.max(estimate, Math.ceil(b.rowCount * 1.125) + 1024));
    reserveAt = b.capacity - 1;
  }

  function refresh(): void {
    const b = (stage as IngestStage).builder;
    if (b.columnCount > 0 && b.columnCount !== shape.count) {
      shape = { ...shape, count: b.columnCount }; // the width was not known at the sniff
      values = new Float64Array(shape.count);
      lo = new Float64Array(shape.count);
    }
    ready = b.numericReady;
    wantLo = b.wantsLo;
  }

  /** The rest of the input goes to the text ingest, starting with bytes `rest` (from line `line`). */
  function toText(rest: Uint8Array): void {
    mode = 'text';
    if (stage) stage.skipLines(line - stage.nextLine);
    if (rest.length) ingest.push(decoder.decode(rest, { stream: true }));
  }

  const isComment = (b: Uint8Array, start: number, end: number) => isCommentLine(b, start, end, commentBytes);

  /**
   * One line b[start, end) (no LF; a CR before the LF already cut off). False when the rest of the
   * input, from this line on, must go to the text ingest.
   */
  function takeLine(b: Uint8Array, start: number, end: number): boolean {
    const s = stage as IngestStage;
    if (ready && end - start <= maxLine && readNumericRow(b, start, end, shape, values, wantLo ? lo : null)) {
      s.builder.numericRow(values, wantLo ? lo : null, line++);
      fastRows++;
      if (s.builder.rowCount >= reserveAt) reestimate();
      if (wantLo) wantLo = s.builder.wantsLo;
      return true;
    }
    if (start === end || isComment(b, start, end)) { line++; return true; }
    let text = lineDecoder.decode(b.subarray(start, end));
    if (text.includes('\r') || (shape.delimiter >= 0 && text.includes('"'))) return false;
    const o = s.options;
    if (text.includes('\0')) { error = binaryFile(line); return true; }
    if (text.length > o.maxRecordChars) { error = lineTooLong(line, o.maxRecordChars); return true; }
    if (comment && o.comment && text.includes(o.comment)) text = text.replace(comment, '');
    const fields = shape.delimiter < 0 ? splitWhitespace(text) : text.split(s.delimiter);
    if (fields.length > o.maxColumns) { error = tooManyFields(line, fields.length, o.maxColumns); return true; }
    s.builder.record(fields, line++);
    error = s.builder.error;
    refresh();
    return true;
  }

  /** Whole lines of b in fast mode; the unfinished last line is kept. */
  function fast(b: Uint8Array): void {
    let pos = 0;
    const n = b.length;
    while (pos < n && !error) {
      if (ready) {
        // A run of plain numeric rows, each read up to its line break (takeLine's first branch,
        // without a scan for the LF first) straight into the columns; the line that ends the run
        // takes the scan and takeLine.
        const builder = (stage as IngestStage).builder;
        if (builder.rowCount >= reserveAt) reestimate();
        const block = builder.numericBlock();
        const rows = readNumericLines(b, pos, n, shape, block.values, block.lo, block.lines, block.at, block.room, line, maxLine);
        if (rows > 0) {
          builder.addNumericRows(rows);
          fastRows += rows;
          line += rows;
          pos = linesEnd;
          if (wantLo) wantLo = builder.wantsLo;
          continue;
        }
      }
      const nl = b.indexOf(LF, pos);
      if (nl < 0) break;
      const end = nl > pos && b[nl - 1] === CR ? nl - 1 : nl;
      if (!takeLine(b, pos, end)) { toText(b.subarray(pos)); return; }
      pos = nl + 1;
    }
    carry = pos === n ? EMPTY : b.slice(pos);
    // A line longer than any record may be: the text ingest says so, in its words.
    if (carry.length > (stage as IngestStage).options.maxRecordChars) { const rest = carry; carry = EMPTY; toText(rest); }
  }

  /** Head: whole lines, a piece at a time, through the text ingest until it has sniffed the file. */
  function head(b: Uint8Array): void {
    let pos = 0;
    while (mode === 'head' && !ingest.error) {
      let cut = b.lastIndexOf(LF, Math.min(b.length, pos + HEAD_PIECE) - 1) + 1;
      if (cut <= pos) cut = b.indexOf(LF, pos + HEAD_PIECE) + 1;
      if (cut <= pos) break;
      const text = decoder.decode(b.subarray(pos, cut), { stream: true });
      if (text.includes('"') && uncommented(text).includes('"')) quoted = true;
      ingest.push(text);
      headBytes += cut - pos;
      pos = cut;
      const s = ingest.stage();
      if (s) {
        // A quoted header (R's write.csv) or quoted cells in the head: the fast path may follow once
        // the splitter holds no record open across the head's end (a quote in a later line hands
        // the rest to the text ingest anyway, see takeLine).
        if (quoted && s.delimiter !== 'whitespace' && s.held() > 0) { stage = s; line = s.nextLine; toText(b.subarray(pos)); return; }
        beginFast(s);
      }
    }
    const rest = b.subarray(pos);
    if (mode === 'fast') fast(rest);
    else if (rest.length > HEAD_LINE) { carry = EMPTY; toText(rest); } // no line break in sight (CR-only lines, or one long line)
    else carry = rest.slice();
  }

  return {
    get error() { return error ?? ingest.error; },
    get rows() { return ingest.rows; },
    get fastRows() { return fastRows; },
    get mode() { return mode; },
    get stage() { return stage; },
    get pending() { return carry.length; },
    get nextLine() { return line; },
    push(chunk: Uint8Array): void {
      if (error || ingest.error || chunk.length === 0) return;
      pushed += chunk.length;
      if (mode === 'text') { ingest.push(decoder.decode(chunk, { stream: true })); return; }
      if (mode === 'head') {
        const b = joined(carry, chunk);
        carry = EMPTY;
        head(b);
        return;
      }
      // Fast: only the line cut by the previous chunk's end is copied, not the whole chunk.
      let from = 0;
      if (carry.length > 0) {
        const nl = chunk.indexOf(LF);
        const first = joined(carry, nl < 0 ? chunk : chunk.subarray(0, nl + 1));
        carry = EMPTY;
        fast(first);
        const now = mode as 'fast' | 'text'; // fast() may have switched to text
        if (nl < 0 || now !== 'fast' || error) {
          if (now === 'text' && nl >= 0) ingest.push(decoder.decode(chunk.subarray(nl + 1), { stream: true }));
          return;
        }
        from = nl + 1;
      }
      fast(from === 0 ? chunk : chunk.subarray(from));
    },
    finish(): Result<Table> {
      if (!error && !ingest.error && mode === 'fast' && carry.length > 0) {
        const last = carry;
        carry = EMPTY;
        const end = last[last.length - 1] === CR ? last.length - 1 : last.length;
        if (!takeLine(last, 0, end)) toText(last);
      }
      if (error) return { ok: false, error };
      if (mode === 'head' && carry.length > 0) ingest.push(decoder.decode(carry, { stream: true }));
      ingest.push(decoder.decode());
      return ingest.finish();
    },
  };
}

/** Bytes already in memory (the CLI reads the file), fed in slices as a stream would be. */
export function parseBytes(bytes: Uint8Array, options: ParseOptions = {}, slice = 4 << 20): Result<Table> {
  const ingest = createByteIngest(options, bytes.length);
  for (let i = 0; i < bytes.length && !ingest.error; i += slice) ingest.push(bytes.subarray(i, i + slice));
  return ingest.finish();
}

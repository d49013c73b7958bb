/**
 * The ingest pipeline, push-driven so that one synchronous core serves both entry points:
 *
 *   chunks ─▶ TextNormalizer ─▶ (sample held until it is big enough) ─▶ sniff ─▶ RecordSplitter ─▶ TableBuilder
 *            BOM, CR/CRLF→LF,     first SNIFF_LINES non-blank lines     delimiter,   Papa (step) or    typed columns,
 *            comments blanked,                                           decimal,     blank-run split   issues, preview
 *            NUL → binary                                                header
 *
 * `parseDelimitedText` pushes one string; `parseStream` pushes chunks as they arrive. Nothing here
 * touches the DOM or Node, and nothing throws for bad input: failures are returned as DataError.
 */
import { detectDelimiter, modalFieldCount } from './detectDelimiter';
import { detectHeader } from './detectHeader';
import { resolveOptions, type ResolvedOptions } from './options';
import { createSplitter, type RecordSplitter } from './recordSplitters';
import { TableBuilder } from './tableBuilder';
import { countNewlines, TextNormalizer } from './textNormalizer';
import type { DataError, ParseOptions, Result, Table } from './types';

/** Non-blank lines the sniffers look at; more rarely changes a verdict and delays the first rows. */
const SNIFF_LINES = 100;
/** Sniff anyway once the sample is this long (very long lines, or a long run of blank lines). */
const SNIFF_CHARS = 1 << 20;
/** Share of control characters (other than tab and line breaks) above which the text is binary. */
const BINARY_SHARE = 0.05;

export interface Ingest {
  push(chunk: string): void;
  finish(): Result<Table>;
  /** The failure so far, if any: a streaming caller can stop reading early. */
  readonly error: DataError | null;
  readonly rows: number;
}

/** Counts non-blank lines of `text`, stopping at `limit`. */
function nonBlankLines(text: string, limit: number): number {
  let n = 0;
  for (const line of text.split('\n')) if (line.trim() !== '' && ++n >= limit) break;
  return n;
}

/** Line of the first control character when the sample looks binary, else null. */
function binaryLine(sample: string): number | null {
  let control = 0;
  let first = -1;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10) || c === 0xfffd) {
      control++;
      if (first < 0) first = i;
    }
  }
  return control > BINARY_SHARE * sample.length ? countNewlines(sample, 0, first) + 1 : null;
}

function binaryError(line: number): DataError {
  return {
    code: 'binary',
    line,
    message: `This does not look like a text file (binary data on line ${line}); choose a CSV, TSV or whitespace-separated text file saved as UTF-8`,
  };
}

export function createIngest(options: ParseOptions = {}): Ingest {
  const opts: ResolvedOptions = resolveOptions(options);
  const normalizer = new TextNormalizer(opts.comment);
  let sample = '';
  let sampleLines = 0;
  let splitter: RecordSplitter | null = null;
  let builder: TableBuilder | null = null;
  let error: DataError | null = null;

  function start(): void {
    const bin = binaryLine(sample);
    if (bin !== null) { error = binaryError(bin); return; }
    const verdict = detectDelimiter(sample, opts.delimiter, opts.decimal);
    const { delimiter, decimalComma, records } = verdict;
    const hasHeader = detectHeader(records, decimalComma, opts.header);
    const body = modalFieldCount(hasHeader ? records.slice(1) : records);
    builder = new TableBuilder({ delimiter, decimalComma, hasHeader, modalCount: body.count, modalShare: body.share }, opts);
    splitter = createSplitter(verdict.delimiter, builder, opts.maxRecordChars);
    feed(sample);
    sample = '';
  }

  function feed(text: string): void {
    if (!splitter || !builder || text === '') return;
    error = splitter.push(text) ?? builder.error;
  }

  function accept(text: string): void {
    if (normalizer.nulLine !== null) { error = binaryError(normalizer.nulLine); return; }
    if (splitter) { feed(text); return; }
    sample += text;
    sampleLines += nonBlankLines(text, SNIFF_LINES); // text is whole lines, so counts add up
    if (sample.length >= SNIFF_CHARS || sampleLines >= SNIFF_LINES) start();
  }

  return {
    get error() { return error; },
    get rows() { return builder?.rowCount ?? 0; },
    push(chunk: string): void {
      if (!error) accept(normalizer.push(chunk));
    },
    finish(): Result<Table> {
      if (!error) accept(normalizer.flush());
      if (!error && !splitter) start();
      if (!error && splitter && builder) error = splitter.finish() ?? builder.error;
      if (error) return { ok: false, error };
      return builder ? builder.finish() : { ok: false, error: { code: 'empty', message: 'The file is empty' } };
    },
  };
}

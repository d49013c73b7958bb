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
import { binaryFile, emptyFile } from './messages';
import { resolveOptions, type ResolvedOptions } from './options';
import { createSplitter, type RecordSplitter } from './recordSplitters';
import { TableBuilder } from './tableBuilder';
import { binaryLine, countHead, SNIFF_CHARS, SNIFF_LINES, sniffText } from './sniffHead';
import { TextNormalizer } from './textNormalizer';
import type { DataError, ParseOptions, Result, Table } from './types';

export interface Ingest {
  push(chunk: string): void;
  finish(): Result<Table>;
  /** The failure so far, if any: a streaming caller can stop reading early. */
  readonly error: DataError | null;
  readonly rows: number;
}

export function createIngest(options: ParseOptions = {}): Ingest {
  const opts: ResolvedOptions = resolveOptions(options);
  const normalizer = new TextNormalizer(opts.comment);
  let sample = ''; // text held until the sniffers have seen enough of it
  let sampleLines = 0;
  let headEnd = 0; // end of the first SNIFF_LINES non-blank lines within sample
  let splitter: RecordSplitter | null = null;
  let builder: TableBuilder | null = null;
  let error: DataError | null = null;

  function start(): void {
    const head = sniffText(sample, headEnd);
    const bin = binaryLine(head);
    if (bin !== null) { error = binaryFile(bin); return; }
    const verdict = detectDelimiter(head, opts.delimiter, opts.decimal);
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
    if (normalizer.nulLine !== null) { error = binaryFile(normalizer.nulLine); return; }
    if (splitter) { feed(text); return; }
    const counted = countHead(text, SNIFF_LINES - sampleLines); // text is whole lines: counts add up
    sampleLines += counted.lines;
    headEnd = sample.length + counted.end;
    sample += text;
    if (sampleLines >= SNIFF_LINES || sample.length >= SNIFF_CHARS) start();
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
      return builder ? builder.finish() : { ok: false, error: emptyFile() };
    },
  };
}

/**
 * The ingest pipeline, push-driven so that one synchronous core serves both entry points:
 *
 *   chunks ─▶ TextNormalizer ─▶ (sample held until it is big enough) ─▶ sniff ─▶ RecordSplitter ─▶ TableBuilder
 *            BOM, CR/CRLF→LF,     first SNIFF_LINES non-blank lines     delimiter,   Papa (step) or    typed columns,
 *            comments blanked,                                           decimal,     blank-run split   issues, preview
 *            NUL → binary,                                               header       records capped:
 *            long line → refused                                                      chars, fields
 *
 * `parseDelimitedText` pushes one string; `parseStream` pushes chunks as they arrive. Nothing here
 * touches the DOM or Node, and nothing throws for bad input: failures are returned as DataError.
 */
import { detectDelimiter, modalFieldCount } from './detectDelimiter';
import { detectHeader } from './detectHeader';
import { binaryFile, emptyFile, lineTooLong } from './messages';
import { resolveOptions, type ResolvedOptions } from './options';
import { createSplitter, type RecordSplitter } from './recordSplitters';
import { TableBuilder } from './tableBuilder';
import { binaryLine, countHead, SNIFF_CHARS, SNIFF_LINES, sniffText } from './sniffHead';
import { TextNormalizer } from './textNormalizer';
import type { DataError, Delimiter, ParseOptions, Result, Table } from './types';

export interface Ingest {
  push(chunk: string): void;
  finish(): Result<Table>;
  /** The failure so far, if any: a streaming caller can stop reading early. */
  readonly error: DataError | null;
  readonly rows: number;
  /** The pipeline after the sniff (null before): the byte ingest's fast path appends to it. */
  stage(): IngestStage | null;
}

/** What the byte ingest (byteIngest.ts) shares with the text pipeline once the head is sniffed. */
export interface IngestStage {
  readonly builder: TableBuilder;
  readonly delimiter: Delimiter;
  readonly decimalComma: boolean;
  readonly options: ResolvedOptions;
  /** Physical line the next pushed text starts on (all text pushed so far ended with a line break). */
  readonly nextLine: number;
  /** `n` whole lines were read past the text pipeline: its line counts move on. */
  skipLines(n: number): void;
  /** Characters of a record the splitter holds unfinished (a quoted field open across lines). */
  held(): number;
}

export function createIngest(options: ParseOptions = {}): Ingest {
  const opts: ResolvedOptions = resolveOptions(options);
  const normalizer = new TextNormalizer(opts.comment, opts.maxRecordChars);
  let sample = ''; // text held until the sniffers have seen enough of it
  let sampleLines = 0;
  let headEnd = 0; // end of the first SNIFF_LINES non-blank lines within sample
  let splitter: RecordSplitter | null = null;
  let builder: TableBuilder | null = null;
  let verdict: { delimiter: Delimiter; decimalComma: boolean } | null = null;
  let error: DataError | null = null;

  function start(): void {
    const head = sniffText(sample, headEnd);
    const bin = binaryLine(head);
    if (bin !== null) { error = binaryFile(bin); return; }
    const detected = detectDelimiter(head, opts.delimiter, opts.decimal, opts.header);
    verdict = detected;
    const { delimiter, decimalComma, records } = detected;
    const hasHeader = detectHeader(records, decimalComma, opts.header);
    const body = modalFieldCount(hasHeader ? records.slice(1) : records);
    builder = new TableBuilder({ delimiter, decimalComma, hasHeader, modalCount: body.count, modalShare: body.share }, opts);
    splitter = createSplitter(delimiter, builder, { maxRecordChars: opts.maxRecordChars, maxFields: opts.maxColumns });
    feed(sample);
    sample = '';
  }

  function feed(text: string): void {
    if (!splitter || !builder || text === '') return;
    error = splitter.push(text) ?? builder.error;
  }

  function accept(text: string): void {
    if (normalizer.nulLine !== null) { error = binaryFile(normalizer.nulLine); return; }
    if (normalizer.longLine !== null) { error = lineTooLong(normalizer.longLine, opts.maxRecordChars); return; }
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
    stage(): IngestStage | null {
      if (!splitter || !builder || !verdict) return null;
      const [s, b, v] = [splitter, builder, verdict];
      return {
        builder: b,
        delimiter: v.delimiter,
        decimalComma: v.decimalComma,
        options: opts,
        nextLine: normalizer.lines + 1,
        skipLines(n: number): void {
          normalizer.skipLines(n);
          s.skipLines(n);
        },
        held: () => s.held,
      };
    },
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

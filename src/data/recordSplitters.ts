/**
 * Second stage of the ingest: normalized whole lines in, records (fields + physical line) out.
 *
 * Delimited text goes through Papa Parse's `Parser` with a `step` callback, fed chunk by chunk
 * exactly as Papa's own ChunkStreamer feeds it: parse(buffer, baseIndex, ignoreLastRow = true),
 * then keep the text after `meta.cursor` (an unfinished quoted record) for the next chunk. That is
 * the environment-neutral core of Papa's streaming; its File/Node-stream front ends are not, and
 * the same code must run in a worker and in Node. With `step`, rows are handed over one at a time
 * and never collected, so a 100 MB file never becomes an array of 10 million string arrays.
 *
 * Line numbers: the normalizer keeps one '\n' per physical line break (comments blanked, not
 * removed), so a record starts on the line after the previous record's last '\n'.
 *
 * Whitespace-separated text is split here by hand (Papa cannot use "runs of blanks" as a delimiter);
 * it has no quoting.
 */
import Papa from 'papaparse';
import { unterminatedQuote } from './messages';
import { splitWhitespace } from './sampleRecords';
import { countNewlines } from './textNormalizer';
import type { DataError, Delimiter } from './types';

export interface RecordSink {
  record(fields: string[], line: number): void;
  /** A quoted field with a stray quote after its closing quote (Papa's InvalidQuotes). */
  malformedQuote(line: number): void;
}

export interface RecordSplitter {
  /** Feeds whole lines of normalized text. Returns an error when the input cannot be split. */
  push(text: string): DataError | null;
  /** Ends the input (the last line may lack its '\n'). */
  finish(): DataError | null;
}

/** The shape of one `step` result of Papa's low-level Parser (data holds the single row). */
interface RawStep {
  data: string[][];
  errors: { code: string }[];
  meta: { cursor: number };
}

class DelimitedSplitter implements RecordSplitter {
  private readonly parser: Papa.Parser;
  private buffer = '';
  private base = 0; // absolute offset of buffer[0]
  private recordStart = 0; // absolute offset where the next record starts
  private line = 1; // physical line at recordStart
  private error: DataError | null = null;

  constructor(
    delimiter: string,
    private readonly sink: RecordSink,
    private readonly maxRecordChars: number,
  ) {
    this.parser = new Papa.Parser({ delimiter, newline: '\n', quoteChar: '"', step: (r: unknown) => this.step(r as RawStep) });
  }

  private step(r: RawStep): void {
    const start = this.line;
    const end = r.meta.cursor;
    this.line += countNewlines(this.buffer, this.recordStart - this.base, end - this.base);
    this.recordStart = end;
    if (r.errors.some((e) => e.code === 'MissingQuotes')) {
      this.error ??= unterminatedQuote(start, 'never closes');
      return;
    }
    if (r.errors.length > 0) this.sink.malformedQuote(start);
    const row = r.data[0];
    if (row) this.sink.record(row, start);
  }

  push(text: string): DataError | null {
    return this.run(text, true);
  }

  finish(): DataError | null {
    return this.run('', false);
  }

  private run(text: string, more: boolean): DataError | null {
    if (this.error) return this.error;
    this.buffer += text;
    if (this.buffer === '') return null;
    const result = this.parser.parse(this.buffer, this.base, more) as RawStep;
    const cursor = result.meta.cursor;
    this.buffer = this.buffer.slice(cursor - this.base);
    this.base = cursor;
    if (!this.error && this.buffer.length > this.maxRecordChars) {
      this.error = unterminatedQuote(this.line, `does not close within ${this.maxRecordChars} characters`);
    }
    return this.error;
  }
}

class WhitespaceSplitter implements RecordSplitter {
  private partial = '';
  private line = 1;

  constructor(private readonly sink: RecordSink) {}

  push(text: string): DataError | null {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const l of lines) this.sink.record(splitWhitespace(l), this.line++);
    return null;
  }

  finish(): DataError | null {
    if (this.partial !== '') this.sink.record(splitWhitespace(this.partial), this.line++);
    this.partial = '';
    return null;
  }
}

export function createSplitter(delimiter: Delimiter, sink: RecordSink, maxRecordChars: number): RecordSplitter {
  return delimiter === 'whitespace' ? new WhitespaceSplitter(sink) : new DelimitedSplitter(delimiter, sink, maxRecordChars);
}

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
 *
 * Every splitter caps a record (RecordLimits): its characters (a quote left open, or a line too long
 * for a table: the normalizer stops at such a line before it gets here) and its fields (a record with
 * more fields than a table may have columns is refused naming its line, before it is stored).
 */
import Papa from 'papaparse';
import { lineTooLong, tooManyFields, unterminatedQuote } from './messages';
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
  /** `n` whole lines were read past this splitter (byteIngest's fast path), at a record boundary. */
  skipLines(n: number): void;
  /** Characters of a record begun but not yet handed over (an open quote spans the lines pushed). */
  readonly held: number;
}

export interface RecordLimits {
  /** Characters of one record (a quoted field may span lines). */
  readonly maxRecordChars: number;
  /** Fields of one record. */
  readonly maxFields: number;
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
    private readonly limits: RecordLimits,
  ) {
    this.parser = new Papa.Parser({ delimiter, newline: '\n', quoteChar: '"', step: (r: unknown) => this.step(r as RawStep) });
  }

  private step(r: RawStep): void {
    if (this.error) return;
    const start = this.line;
    const end = r.meta.cursor;
    const chars = end - this.recordStart;
    this.line += countNewlines(this.buffer, this.recordStart - this.base, end - this.base);
    this.recordStart = end;
    if (r.errors.some((e) => e.code === 'MissingQuotes')) {
      this.fail(unterminatedQuote(start, 'never closes'));
      return;
    }
    if (chars > this.limits.maxRecordChars) {
      // Whole lines are within the cap (the normalizer sees to that): a quoted field spans lines.
      this.fail(unterminatedQuote(start, `runs over ${this.line - start} lines and more than ${this.limits.maxRecordChars} characters`));
      return;
    }
    const row = r.data[0];
    if (row && row.length > this.limits.maxFields) {
      this.fail(tooManyFields(start, row.length, this.limits.maxFields));
      return;
    }
    if (r.errors.length > 0) this.sink.malformedQuote(start);
    if (row) this.sink.record(row, start);
  }

  /** Keeps the first error and stops Papa from handing over more rows. */
  private fail(error: DataError): void {
    this.error = error;
    this.parser.abort();
  }

  push(text: string): DataError | null {
    return this.run(text, true);
  }

  get held(): number {
    return this.buffer.length;
  }

  skipLines(n: number): void {
    this.line += n;
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
    if (!this.error && this.buffer.length > this.limits.maxRecordChars) {
      this.error = unterminatedQuote(this.line, `does not close within ${this.limits.maxRecordChars} characters`);
    }
    return this.error;
  }
}

class WhitespaceSplitter implements RecordSplitter {
  private partial = '';
  private line = 1;
  private error: DataError | null = null;

  constructor(
    private readonly sink: RecordSink,
    private readonly limits: RecordLimits,
  ) {}

  push(text: string): DataError | null {
    if (this.error) return this.error;
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const l of lines) if (!this.take(l)) return this.error;
    if (this.partial.length > this.limits.maxRecordChars) this.error = lineTooLong(this.line, this.limits.maxRecordChars);
    return this.error;
  }

  skipLines(n: number): void {
    this.line += n;
  }

  get held(): number {
    return this.partial.length;
  }

  finish(): DataError | null {
    if (this.error) return this.error;
    if (this.partial !== '') this.take(this.partial);
    this.partial = '';
    return this.error;
  }

  /** Splits and hands over one line, unless it breaks a cap (then false, with the error kept). */
  private take(line: string): boolean {
    const { maxRecordChars, maxFields } = this.limits;
    if (line.length > maxRecordChars) this.error = lineTooLong(this.line, maxRecordChars);
    else {
      const fields = splitWhitespace(line);
      if (fields.length > maxFields) this.error = tooManyFields(this.line, fields.length, maxFields);
      else this.sink.record(fields, this.line);
    }
    this.line++;
    return this.error === null;
  }
}

export function createSplitter(delimiter: Delimiter, sink: RecordSink, limits: RecordLimits): RecordSplitter {
  return delimiter === 'whitespace' ? new WhitespaceSplitter(sink, limits) : new DelimitedSplitter(delimiter, sink, limits);
}

/**
 * First stage of the ingest: turns arbitrary text chunks into whole lines of normalized text.
 *
 *  - drops a leading UTF-8 byte-order mark (U+FEFF, as decoded);
 *  - turns CRLF and lone CR into LF, so that later stages split on '\n' only (a CR at the end of a
 *    chunk is held back: it may be the first half of a CRLF);
 *  - blanks comment lines (first non-blank character is the comment prefix) but keeps their line
 *    break, so physical line numbers stay countable by counting '\n' and no quote inside a comment
 *    can open a quoted field for the CSV parser;
 *  - stops at a NUL character, which text files never contain (binary or UTF-16 input);
 *  - stops at a line longer than `maxLineChars` (`longLine`): no row of a table is that long, and
 *    holding an endless pending line would rescan it on every chunk (a 50 MB line without a break
 *    took 16 s before anything refused it).
 *
 * Output always ends at a line break (except the final flush), so no line is ever split between
 * two outputs and the comment rule sees each line whole. Known limit: a line inside a multi-line
 * quoted field that starts with the comment prefix is blanked too.
 */

export class TextNormalizer {
  private pending = '';
  private started = false;
  private linesEmitted = 0;
  private readonly commentLine: RegExp | null;
  /** 1-based line of the first NUL character, once one was seen. */
  nulLine: number | null = null;
  /** 1-based line of the first line longer than maxLineChars, once one was seen. */
  longLine: number | null = null;

  constructor(
    private readonly comment: string | null,
    private readonly maxLineChars = Infinity,
  ) {
    this.commentLine = comment ? commentPattern(comment) : null;
  }

  /** Feeds a chunk; returns the complete lines now available (possibly ''). */
  push(chunk: string): string {
    if (this.nulLine !== null || this.longLine !== null) return '';
    let text = this.pending + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const cut = text.lastIndexOf('\n') + 1;
    let ready = text.slice(0, cut);
    let rest = text.slice(cut);
    if (rest.includes('\r')) {
      // Lines ended by CR alone (old Mac files) complete here too; keep a trailing CR pending.
      const lastCr = (rest.endsWith('\r') ? rest.slice(0, -1) : rest).lastIndexOf('\r');
      ready += rest.slice(0, lastCr + 1);
      rest = rest.slice(lastCr + 1);
    }
    if (rest.length > this.maxLineChars) {
      this.clean(ready); // counts the lines before it (or finds a NUL or a long line there first)
      if (this.nulLine === null && this.longLine === null) this.longLine = this.linesEmitted + 1;
      return '';
    }
    this.pending = rest;
    return this.clean(ready);
  }

  /** Line breaks emitted so far: the next emitted text starts on line `lines + 1`. */
  get lines(): number {
    return this.linesEmitted;
  }

  /** `n` whole lines were read past this normalizer (byteIngest's fast path); nothing is pending. */
  skipLines(n: number): void {
    this.linesEmitted += n;
  }

  /** Everything still held back, as the final (possibly unterminated) line. */
  flush(): string {
    const text = this.pending;
    this.pending = '';
    if (this.nulLine !== null || this.longLine !== null) return '';
    if (!this.started && text.charCodeAt(0) === 0xfeff) return this.clean(text.slice(1));
    return this.clean(text);
  }

  private clean(raw: string): string {
    if (raw === '') return raw;
    let text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
    const nul = text.indexOf('\0');
    if (nul >= 0) {
      this.nulLine = this.linesEmitted + countNewlines(text, 0, nul) + 1;
      return '';
    }
    const long = longLineIndex(text, this.maxLineChars);
    if (long >= 0) {
      this.longLine = this.linesEmitted + long + 1;
      return '';
    }
    if (this.commentLine && this.comment && text.includes(this.comment)) text = text.replace(this.commentLine, '');
    this.linesEmitted += countNewlines(text, 0, text.length);
    return text;
  }
}

/** 0-based index of the first line of `text` (LF line ends) longer than `max` characters, or −1. */
export function longLineIndex(text: string, max: number): number {
  if (text.length <= max) return -1;
  let start = 0;
  for (let line = 0; start < text.length; line++) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    if (end - start > max) return line;
    start = end + 1;
  }
  return -1;
}

/** Number of '\n' in text[from, to). */
export function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Comment lines of normalized text: blanks, then the prefix, to the end of the line. */
export function commentPattern(comment: string): RegExp {
  return new RegExp(`^[ \\t]*${escapeRegExp(comment)}.*$`, 'gm');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

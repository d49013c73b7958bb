/**
 * First stage of the ingest: turns arbitrary text chunks into whole lines of normalized text.
 *
 *  - drops a leading UTF-8 byte-order mark (U+FEFF, as decoded);
 *  - turns CRLF and lone CR into LF, so that later stages split on '\n' only (a CR at the end of a
 *    chunk is held back: it may be the first half of a CRLF);
 *  - blanks comment lines (first non-blank character is the comment prefix) but keeps their line
 *    break, so physical line numbers stay countable by counting '\n' and no quote inside a comment
 *    can open a quoted field for the CSV parser;
 *  - stops at a NUL character, which text files never contain (binary or UTF-16 input).
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

  constructor(private readonly comment: string | null) {
    this.commentLine = comment ? new RegExp(`^[ \\t]*${escapeRegExp(comment)}.*$`, 'gm') : null;
  }

  /** Feeds a chunk; returns the complete lines now available (possibly ''). */
  push(chunk: string): string {
    if (this.nulLine !== null) return '';
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
    this.pending = rest;
    return this.clean(ready);
  }

  /** Everything still held back, as the final (possibly unterminated) line. */
  flush(): string {
    const text = this.pending;
    this.pending = '';
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
    if (this.commentLine && this.comment && text.includes(this.comment)) text = text.replace(this.commentLine, '');
    this.linesEmitted += countNewlines(text, 0, text.length);
    return text;
  }
}

/** Number of '\n' in text[from, to). */
export function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

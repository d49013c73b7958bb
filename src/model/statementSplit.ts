/**
 * The first pass over an ODE model's text (issue 23): statements separated by newlines or ";",
 * "#" comments to the end of the line. A line that ends in a binary operator, "(" or a comma
 * continues on the next, so a long rate may run over lines (an unclosed "(" alone does not: its
 * error then points at the line that has it, not at the statement after it):
 *
 *   dH/dt = alpha*H -
 *           beta*H*L            # one statement
 *
 * Each statement keeps its offsets into the whole text, and is split once more at its relation,
 * the first "=" or "~" outside parentheses, so that every later error can point at the text.
 */
import type { Span } from './ast';

export interface RawStatement extends Span {
  /** The relation "=" or "~" and its offset, or undefined when the statement has none. */
  readonly relation?: { readonly op: '=' | '~'; readonly at: number };
}

const CONTINUES = new Set(['+', '-', '*', '/', '^', ',', '(']);

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\f' || c === '\v' || c === '\u00a0';

/** Statements of `text` in order, each trimmed of blanks and comments; empty ones are dropped. */
export function splitStatements(text: string): RawStatement[] {
  const out: RawStatement[] = [];
  let start = 0;
  let depth = 0;
  let relation: RawStatement['relation'];
  let lastSignificant = ''; // last non-blank character of the statement so far
  let end = 0; // end of the last non-blank character
  const flush = (): void => {
    let s = start;
    while (s < end && /\s/.test(text[s])) s++;
    if (end > s) out.push(relation === undefined ? { start: s, end } : { start: s, end, relation });
    relation = undefined;
    depth = 0;
    lastSignificant = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '#') {
      while (i + 1 < text.length && text[i + 1] !== '\n' && text[i + 1] !== '\r') i++;
      continue;
    }
    if (c === '\n' || c === '\r') {
      if (CONTINUES.has(lastSignificant)) continue;
      flush();
      start = i + 1;
      end = i + 1;
      continue;
    }
    if (c === ';') {
      flush();
      start = i + 1;
      end = i + 1;
      continue;
    }
    if (isSpace(c)) continue;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if ((c === '=' || c === '~') && depth === 0 && relation === undefined) relation = { op: c, at: i };
    lastSignificant = c;
    end = i + 1;
  }
  flush();
  return out;
}

/** `text` with each "#" comment blanked to the end of its line: offsets and lines unchanged. */
export function blankComments(text: string): string {
  return text.replace(/#[^\r\n]*/g, (c) => ' '.repeat(c.length));
}

/**
 * `text` with everything outside [start, end) blanked (line breaks kept), so that the expression
 * parser sees one piece of the model at its true offsets and reports true line:column places.
 */
export function isolate(text: string, start: number, end: number): string {
  const blank = (s: string): string => s.replace(/[^\r\n]/g, ' ');
  return blank(text.slice(0, start)) + text.slice(start, end) + blank(text.slice(end));
}

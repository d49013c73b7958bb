/**
 * The left side of one statement (dX/dt, d X / d t, X(number), or a bare name) and the other
 * small readers of statement text, each failing by throwing a StatementFailure that
 * parseStatements turns back into a returned error.
 */
import type { Span } from './ast';
import { isConstantName, isFunctionName } from './functions';
import { tokenize, type Token } from './lexer';
import * as fail from './statementErrors';
import type { StatementError } from './statementErrors';
import { TIME } from './statementSpec';
import { isolate, type RawStatement } from './statementSplit';

/** The statement's failure, carried up to parseStatements (which returns it). */
export class StatementFailure {
  constructor(readonly error: StatementError) {}
}
export const stop = (error: StatementError): never => {
  throw new StatementFailure(error);
};

export type Left =
  | { kind: 'rate'; name: string; span: Span }
  | { kind: 'initial'; name: string; span: Span; t0: number }
  | { kind: 'name'; name: string; span: Span };

export function tokensOf(text: string, start: number, end: number): Token[] {
  const lexed = tokenize(isolate(text, start, end));
  if (!lexed.ok) stop(lexed.error);
  return (lexed as { ok: true; value: Token[] }).value.filter((t) => t.kind !== 'eof');
}

/** Reads the left side: dX/dt (or d X / d t), X(number), or a bare name. */
export function readLeft(text: string, st: RawStatement, op: '=' | '~'): Left {
  const tk = tokensOf(text, st.start, st.relation!.at);
  const span = tk.length > 0 ? { start: tk[0].start, end: tk[tk.length - 1].end } : { start: st.start, end: st.relation!.at + 1 };
  const shape = tk.map((t) => (t.kind === 'ident' ? `i:${t.text}` : t.kind)).join(' ');
  if (tk.length === 0) {
    if (op === '~') stop(fail.observesNothing(text, span, 'has no column before "~"'));
    stop(fail.badLeftSide(text, span, '='));
  }
  if (op === '=') {
    let m = /^i:d([A-Za-z_]\w*) \/ i:dt$/.exec(shape) ?? /^i:d i:([A-Za-z_]\w*) \/ i:d i:t$/.exec(shape);
    if (m) return { kind: 'rate', name: m[1], span };
    m = /^i:([A-Za-z_]\w*) \( (.*) \)$/.exec(shape);
    if (m) {
      const inner = tk.slice(2, -1);
      const sign = inner.length === 2 && (inner[0].kind === '-' || inner[0].kind === '+') ? inner[0].kind : '';
      const num = inner.length === 1 ? inner[0] : sign !== '' ? inner[1] : undefined;
      if (num === undefined || num.kind !== 'number') {
        const inside = text.slice(tk[1].end, tk[tk.length - 1].start).trim();
        stop(fail.initialTime(text, { start: tk[2]?.start ?? tk[1].end, end: tk[tk.length - 1].start }, inside));
      }
      const v = Number(num!.text);
      return { kind: 'initial', name: tk[0].text, span, t0: sign === '-' ? -v : v };
    }
  }
  if (tk.length === 1 && tk[0].kind === 'ident') return { kind: 'name', name: tk[0].text, span };
  return stop(fail.badLeftSide(text, span, text.slice(span.start, span.end)));
}

export function reservedWhy(name: string): string | undefined {
  if (name === TIME) return 'the time';
  if (isConstantName(name)) return 'a constant';
  if (isFunctionName(name)) return 'a function';
  return undefined;
}

/** Offset of the last "|" outside parentheses in [start, end), −1 when none. */
export function topLevelBar(text: string, start: number, end: number): number {
  let depth = 0;
  let found = -1;
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) found = i;
  }
  return found;
}

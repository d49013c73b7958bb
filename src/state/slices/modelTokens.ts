/** The editor's tokens of a parsed expression: where each name and number is, and what it is (for highlighting). */
import type { Expr } from '../../model/index';

export interface Token {
  readonly start: number;
  readonly end: number;
  readonly role: 'variable' | 'param' | 'constant' | 'function' | 'number';
}

export function collect(e: Expr, out: Token[]): void {
  switch (e.kind) {
    case 'number':
      out.push({ start: e.start, end: e.end, role: 'number' });
      return;
    case 'ident':
      out.push({ start: e.start, end: e.end, role: e.role });
      return;
    case 'unary':
      collect(e.arg, out);
      return;
    case 'binary':
      collect(e.left, out);
      collect(e.right, out);
      return;
    case 'call':
      out.push({ start: e.start, end: e.start + e.name.length, role: 'function' });
      e.args.forEach((a) => collect(a, out));
  }
}

/**
 * Safe token-level renaming of a model's variable: the text is parsed with the old name as a
 * column, and only the identifiers the parser resolved to that variable are replaced, so `x` in
 * `exp(-x/tau)` becomes `t` while a parameter `x0` or the function `exp` are left alone.
 */
import { parse, type Expr } from '../model/index';

function spans(e: Expr, name: string, out: { start: number; end: number }[]): void {
  switch (e.kind) {
    case 'ident':
      if (e.role === 'variable' && e.name === name) out.push({ start: e.start, end: e.end });
      return;
    case 'unary':
      spans(e.arg, name, out);
      return;
    case 'binary':
      spans(e.left, name, out);
      spans(e.right, name, out);
      return;
    case 'call':
      e.args.forEach((a) => spans(a, name, out));
      return;
    default:
      return;
  }
}

/** The text with variable `from` renamed to `to`; unchanged when it does not parse or `to` is
 *  already a name in the model (the rename would merge two names). */
export function renameVariable(text: string, from: string, to: string): string {
  if (from === to || to === '') return text;
  const parsed = parse(text, [from]);
  if (!parsed.ok || parsed.value.params.includes(to)) return text;
  const found: { start: number; end: number }[] = [];
  spans(parsed.value.ast, from, found);
  found.sort((a, b) => b.start - a.start);
  let out = text;
  for (const s of found) out = out.slice(0, s.start) + to + out.slice(s.end);
  return out;
}

/**
 * Tied parameters (issue 10; lmfit's `expr`): a parameter defined by an expression of the others,
 * `b = 2*a`, is not fitted: every use of it in the model is replaced by the expression in
 * parentheses, so the constraint holds exactly and the fit has one parameter fewer. Its value and
 * its delta-method error are reported afterwards as a derived quantity (derived.ts). The
 * replacement works on the parser's spans, so a parameter `b` is replaced and `b2` or a column
 * named like it are not.
 */
import { parse, type Expr } from '../model/index';
import type { DerivedSpec } from './derived';
import { FitInputError } from './parameters';

function parameterSpans(e: Expr, name: string, out: { start: number; end: number }[]): void {
  switch (e.kind) {
    case 'ident':
      if (e.role === 'param' && e.name === name) out.push({ start: e.start, end: e.end });
      return;
    case 'unary':
      parameterSpans(e.arg, name, out);
      return;
    case 'binary':
      parameterSpans(e.left, name, out);
      parameterSpans(e.right, name, out);
      return;
    case 'call':
      e.args.forEach((a) => parameterSpans(a, name, out));
      return;
    default:
      return;
  }
}

/** The model text with each tied parameter replaced by its expression. */
export function tieParameters(text: string, columns: readonly string[], ties: readonly DerivedSpec[]): string {
  if (ties.length === 0) return text;
  const parsed = parse(text, columns);
  if (!parsed.ok) return text; // the model's own error is reported where it is compiled
  const params = parsed.value.params;
  const tied = new Set(ties.map((t) => t.name));
  let out = text;
  for (const tie of ties) {
    if (!params.includes(tie.name)) throw new FitInputError('tie', `--tie ${tie.name}: the model has no parameter "${tie.name}"; its parameters are ${params.join(', ')}.`);
    const rhs = parse(tie.expression, []);
    if (!rhs.ok) throw new FitInputError('tie', `--tie ${tie.name}=${tie.expression}: ${rhs.error.message}`);
    const uses = rhs.value.params;
    const unknown = uses.filter((u) => !params.includes(u));
    if (unknown.length > 0) throw new FitInputError('tie', `--tie ${tie.name}: "${unknown[0]}" is not a parameter of the model; a tie is an expression of the other parameters (${params.filter((p) => p !== tie.name).join(', ')}).`);
    const chained = uses.find((u) => tied.has(u));
    if (chained) throw new FitInputError('tie', `--tie ${tie.name}: "${chained}" is tied itself; write ${tie.name} in terms of free parameters.`);
  }
  for (const tie of ties) {
    const now = parse(out, columns);
    if (!now.ok) throw new FitInputError('tie', `The model with ${tie.name} tied does not parse: ${now.error.message}`);
    const spans: { start: number; end: number }[] = [];
    parameterSpans(now.value.ast, tie.name, spans);
    spans.sort((a, b) => b.start - a.start);
    for (const s of spans) out = out.slice(0, s.start) + `(${tie.expression})` + out.slice(s.end);
  }
  return out;
}

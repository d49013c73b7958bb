/**
 * Tied parameters (issue 10; lmfit's `expr`): a parameter defined by an expression of the others,
 * `b = 2*a`, is not fitted: every use of it in the model is replaced by the expression in
 * parentheses, so the constraint holds exactly and the fit has one parameter fewer. Its value and
 * its delta-method error are reported afterwards as a derived quantity (derived.ts). The
 * replacement works on the parser's spans, so a parameter `b` is replaced and `b2` or a column
 * named like it are not. The CLI (--tie) and the page (a tie per parameter row) share this file.
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

/** What is wrong with one tie among `ties`, said without naming an option; `parse`: its
 *  expression does not parse (the CLI then quotes the whole NAME=EXPR). */
export interface TieProblem {
  readonly kind: 'unknown-parameter' | 'parse' | 'unknown-name' | 'self' | 'chained';
  readonly message: string;
}

/** The first problem of `tie` against the model's parameters and the other ties, or null. */
export function tieProblem(tie: DerivedSpec, params: readonly string[], ties: readonly DerivedSpec[]): TieProblem | null {
  if (!params.includes(tie.name)) return { kind: 'unknown-parameter', message: `the model has no parameter "${tie.name}"; its parameters are ${params.join(', ')}.` };
  const rhs = parse(tie.expression, []);
  if (!rhs.ok) return { kind: 'parse', message: rhs.error.message };
  const uses = rhs.value.params;
  if (uses.includes(tie.name)) return { kind: 'self', message: `"${tie.name}" cannot be tied to itself; write it in terms of the other parameters (${params.filter((p) => p !== tie.name).join(', ')}).` };
  const unknown = uses.filter((u) => !params.includes(u));
  if (unknown.length > 0) return { kind: 'unknown-name', message: `"${unknown[0]}" is not a parameter of the model; a tie is an expression of the other parameters (${params.filter((p) => p !== tie.name).join(', ')}).` };
  const chained = uses.find((u) => ties.some((t) => t.name === u));
  if (chained) return { kind: 'chained', message: `"${chained}" is tied itself; write ${tie.name} in terms of free parameters.` };
  return null;
}

/** The model text with each tied parameter replaced by its expression (the ties checked first:
 *  tieProblem). A model that does not parse is returned as it is: its error is reported where it
 *  is compiled. */
export function rewriteTies(text: string, columns: readonly string[], ties: readonly DerivedSpec[]): string {
  let out = text;
  for (const tie of ties) {
    const now = parse(out, columns);
    if (!now.ok) return out;
    const spans: { start: number; end: number }[] = [];
    parameterSpans(now.value.ast, tie.name, spans);
    spans.sort((a, b) => b.start - a.start);
    for (const s of spans) out = out.slice(0, s.start) + `(${tie.expression})` + out.slice(s.end);
  }
  return out;
}

/** The CLI's --tie: the model text with each tied parameter replaced, or a FitInputError naming the option. */
export function tieParameters(text: string, columns: readonly string[], ties: readonly DerivedSpec[]): string {
  if (ties.length === 0) return text;
  const parsed = parse(text, columns);
  if (!parsed.ok) return text; // the model's own error is reported where it is compiled
  for (const tie of ties) {
    const problem = tieProblem(tie, parsed.value.params, ties);
    if (problem) throw new FitInputError('tie', `--tie ${tie.name}${problem.kind === 'parse' ? `=${tie.expression}` : ''}: ${problem.message}`);
  }
  const out = rewriteTies(text, columns, ties);
  const now = parse(out, columns);
  if (!now.ok) throw new FitInputError('tie', `The model with ${ties.map((t) => t.name).join(', ')} tied does not parse: ${now.error.message}`);
  return out;
}

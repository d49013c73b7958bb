/**
 * What the editor shows of an ODE model (issue 23) as you type: the statements parsed by the
 * model's own parser (src/model/statements.ts), its parameters for the table and the sliders, the
 * observed columns as the model's columns, and the first error at its line:column, as a
 * closed-form model's are shown. The worker compiles for real.
 */
import { parseStatements, type OdeModelSpec } from '../../model/index';
import type { ModelInfo } from './model';
import { collect, type Token } from './modelTokens';

/** Every expression's tokens, in the order of the text (states, t and intermediates are 'variable'). */
function tokensOf(spec: OdeModelSpec): Token[] {
  const tokens: Token[] = [];
  for (const s of spec.states) {
    collect(s.rate, tokens);
    collect(s.initial, tokens);
  }
  for (const v of spec.intermediates) collect(v.expr, tokens);
  for (const o of spec.observations) collect(o.expr, tokens);
  return tokens.sort((a, b) => a.start - b.start);
}

/**
 * `columns`: the data's columns, which the `~` lines must name (empty: no data yet, so any
 * column is accepted until there are some).
 */
export function analyzeOdeModel(text: string, columns: readonly string[]): ModelInfo {
  const parsed = parseStatements(text, columns.length > 0 ? { columns } : {});
  if (!parsed.ok) return { params: [], variables: [], error: parsed.error, tokens: [], ode: null };
  const spec = parsed.value;
  const observed = spec.observations.map((o) => o.column);
  return {
    params: spec.params,
    variables: observed,
    error: null,
    tokens: tokensOf(spec),
    ode: { states: spec.states.map((s) => s.name), observed, sigma: spec.observations.map((o) => o.sigma ?? null) },
  };
}

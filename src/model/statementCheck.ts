/**
 * The second pass over an ODE model's statements, in text order: each right-hand side is parsed
 * by the model's expression parser with the names known at that line (states, t, intermediates
 * defined above), and each statement is checked against those before it (statementErrors.ts
 * says what each failure says).
 */
import type { Expr, Span } from './ast';
import { parse } from './parse';
import * as fail from './statementErrors';
import { reservedWhy, stop, tokensOf, topLevelBar, type Left } from './statementLeft';
import { forEachIdent, TIME, type OdeObservation, type StatementOptions } from './statementSpec';
import { isolate, type RawStatement } from './statementSplit';

interface Right {
  readonly ast: Expr;
  readonly params: readonly string[];
}

export class Checker {
  readonly states = new Map<string, { declared: Span; rate: Expr }>();
  readonly initials = new Map<string, { at: Span; expr: Expr; t0: number }>();
  readonly intermediates = new Map<string, { declared: Span; expr: Expr; onState: boolean; onTime: boolean }>();
  readonly observations: OdeObservation[] = [];
  readonly paramUse = new Map<string, Span>();
  constructor(readonly text: string, readonly options: StatementOptions) {}

  /** Parses [start, end) as an expression with the names known so far. */
  right(start: number, end: number, op: string, at: number): Right {
    if (this.text.slice(start, end).trim() === '') stop(fail.emptyRightSide(this.text, { start: at, end: at + 1 }, op));
    const known = [...this.states.keys(), TIME, ...this.intermediates.keys()];
    const parsed = parse(isolate(this.text, start, end), known);
    if (!parsed.ok) stop(parsed.error);
    const { ast, params } = (parsed as { ok: true; value: { ast: Expr; params: readonly string[] } }).value;
    forEachIdent(ast, (id) => {
      if (id.role === 'param' && !this.paramUse.has(id.name)) this.paramUse.set(id.name, id);
    });
    return { ast, params };
  }

  /** Whether e holds a state, directly or through an intermediate. */
  onState(e: Expr): boolean {
    let yes = false;
    forEachIdent(e, (id) => {
      if (id.role !== 'variable') return;
      if (this.states.has(id.name) || this.intermediates.get(id.name)?.onState) yes = true;
    });
    return yes;
  }

  /** Whether e holds t, directly or through an intermediate. */
  onTime(e: Expr): boolean {
    let yes = false;
    forEachIdent(e, (id) => {
      if (id.role !== 'variable') return;
      if (id.name === TIME || this.intermediates.get(id.name)?.onTime) yes = true;
    });
    return yes;
  }

  rate(left: Left & { kind: 'rate' }, st: RawStatement): void {
    const rate = this.right(st.relation!.at + 1, st.end, '=', st.relation!.at).ast;
    this.states.set(left.name, { ...this.states.get(left.name)!, rate });
  }

  intermediate(left: Left, st: RawStatement): void {
    const { text } = this;
    const why = reservedWhy(left.name);
    if (why) stop(fail.reservedName(text, left.span, left.name, why));
    const state = this.states.get(left.name);
    if (state) stop(fail.duplicateName(text, left.span, left.name, state.declared, true));
    const again = this.intermediates.get(left.name);
    if (again) stop(fail.duplicateName(text, left.span, left.name, again.declared, false));
    const use = this.paramUse.get(left.name);
    if (use) stop(fail.usedBeforeDefinition(text, use, left.name, left.span));
    const expr = this.right(st.relation!.at + 1, st.end, '=', st.relation!.at).ast;
    const selfUse = this.paramUse.get(left.name);
    if (selfUse) stop(fail.usedBeforeDefinition(text, selfUse, left.name, left.span));
    this.intermediates.set(left.name, { declared: left.span, expr, onState: this.onState(expr), onTime: this.onTime(expr) });
  }

  initial(left: Left & { kind: 'initial' }, st: RawStatement): void {
    const { text } = this;
    if (!this.states.has(left.name)) stop(fail.undeclaredState(text, left.span, left.name, [...this.states.keys()]));
    const again = this.initials.get(left.name);
    if (again) stop(fail.duplicateInitial(text, left.span, left.name, again.at));
    const first = this.initials.values().next();
    if (!first.done && first.value.t0 !== left.t0) stop(fail.initialTimeMismatch(text, left.span, first.value.t0, first.value.at, left.t0));
    const expr = this.right(st.relation!.at + 1, st.end, '=', st.relation!.at).ast;
    forEachIdent(expr, (id) => {
      if (id.role !== 'variable') return;
      const im = this.intermediates.get(id.name);
      if (im && !im.onState && !im.onTime) return; // a reparametrisation, e.g. A0 = 10^logA0
      const what = this.states.has(id.name) ? 'state' : id.name === TIME ? 'time' : 'intermediate';
      stop(fail.initialNotConstant(text, id, id.name, what));
    });
    this.initials.set(left.name, { at: left.span, expr, t0: left.t0 });
  }

  observation(left: Left, st: RawStatement): void {
    const { text, options } = this;
    const rel = st.relation!;
    const first = this.observations.find((o) => o.column === left.name);
    if (first) stop(fail.duplicateObservation(text, left.span, left.name, first.declared));
    if (options.columns && !options.columns.includes(left.name)) stop(fail.unknownColumn(text, left.span, left.name, options.columns));
    // "expr | SIGMA": the σ column after the last top-level "|"
    let end = st.end;
    let sigma: string | undefined;
    const bar = topLevelBar(text, rel.at + 1, st.end);
    if (bar >= 0) {
      const tk = tokensOf(text, bar + 1, st.end);
      const sigmaSpan = tk.length > 0 ? { start: tk[0].start, end: tk[tk.length - 1].end } : { start: bar, end: bar + 1 };
      if (tk.length !== 1 || tk[0].kind !== 'ident') stop(fail.badLeftSide(text, sigmaSpan, text.slice(bar + 1, st.end).trim() || '|'));
      sigma = tk[0].text;
      if (options.columns && !options.columns.includes(sigma)) stop(fail.unknownColumn(text, sigmaSpan, sigma, options.columns));
      end = bar;
    }
    const expr = this.right(rel.at + 1, end, '~', rel.at).ast;
    if (!this.onState(expr)) stop(fail.observesNothing(text, left.span, `models "${left.name}" by an expression that holds no state`));
    this.observations.push(sigma === undefined ? { column: left.name, declared: left.span, expr } : { column: left.name, declared: left.span, expr, sigma });
  }
}

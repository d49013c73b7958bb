/**
 * ODE models as statements (issue 23), parsed into a validated, plain-data structure:
 *
 *   dH/dt = alpha*H - beta*H*L     a state H and its rate; t is time
 *   r = k*S                        an intermediate, defined before use
 *   H(1900) = H0                   the initial value at t0 (a number; the same for every state),
 *                                  of parameters and of intermediates that hold no state or t
 *   Hare ~ H                       data column Hare is modelled by the expression H
 *   conc ~ A/V | conc_sd           … with the standard deviations σ of conc in column conc_sd
 *
 * Statements are separated by newlines or ";", "#" starts a comment (statementSplit.ts). Every
 * right-hand side goes through the model's expression parser (parse.ts) at its true offsets, so
 * its errors keep their wording and place. Names on a right-hand side are states, `t`,
 * intermediates defined above, constants, or else fitted parameters; the column left of "~" is
 * a data column, so a column may share its state's name (`A ~ A`).
 *
 * The result names each piece once: ident nodes of role 'variable' in its expressions are states,
 * `t` or intermediates (`kindOf` tells which); 'param' nodes are the fitted parameters.
 */
import type { Expr, Ident, Span } from './ast';
import { MAX_MODEL_LENGTH, modelError, type Result } from './errors';
import { isConstantName, isFunctionName } from './functions';
import { tokenize, type Token } from './lexer';
import { parse } from './parse';
import * as fail from './statementErrors';
import type { StatementError } from './statementErrors';
import { blankComments, isolate, splitStatements, type RawStatement } from './statementSplit';

export interface OdeState {
  readonly name: string;
  /** The dX/dt of its declaration. */
  readonly declared: Span;
  readonly rate: Expr;
  readonly initial: Expr;
  /** The X(t0) of its initial value. */
  readonly initialAt: Span;
}

export interface OdeIntermediate {
  readonly name: string;
  readonly declared: Span;
  readonly expr: Expr;
}

export interface OdeObservation {
  readonly column: string;
  readonly declared: Span;
  readonly expr: Expr;
  /** Column of the standard deviations σ of `column` (after "|"), when given. */
  readonly sigma?: string;
}

export interface OdeModelSpec {
  readonly source: string;
  /** In the order of their dX/dt lines. */
  readonly states: readonly OdeState[];
  /** The time of the initial values. */
  readonly t0: number;
  /** In definition order (each uses only those before it). */
  readonly intermediates: readonly OdeIntermediate[];
  readonly observations: readonly OdeObservation[];
  /** Fitted parameters in order of first appearance. */
  readonly params: readonly string[];
}

export interface StatementOptions {
  /** The data columns; when given, observed and σ columns must be among them. */
  readonly columns?: readonly string[];
}

export const TIME = 't';

/** What a 'variable' ident of an OdeModelSpec's expression names. */
export function kindOf(model: OdeModelSpec, name: string): 'state' | 'time' | 'intermediate' | undefined {
  if (model.states.some((s) => s.name === name)) return 'state';
  if (name === TIME) return 'time';
  return model.intermediates.some((i) => i.name === name) ? 'intermediate' : undefined;
}

/** Calls `visit` on every ident of `e` (recursion bounded by the parser's MAX_HEIGHT). */
export function forEachIdent(e: Expr, visit: (id: Ident) => void): void {
  switch (e.kind) {
    case 'ident':
      visit(e);
      return;
    case 'unary':
      forEachIdent(e.arg, visit);
      return;
    case 'binary':
      forEachIdent(e.left, visit);
      forEachIdent(e.right, visit);
      return;
    case 'call':
      for (const a of e.args) forEachIdent(a, visit);
      return;
    case 'number':
      return;
  }
}

/** The statement's failure, carried up to parseStatements (which returns it). */
class StatementFailure {
  constructor(readonly error: StatementError) {}
}
const stop = (error: StatementError): never => {
  throw new StatementFailure(error);
};

type Left =
  | { kind: 'rate'; name: string; span: Span }
  | { kind: 'initial'; name: string; span: Span; t0: number }
  | { kind: 'name'; name: string; span: Span };

function tokensOf(text: string, start: number, end: number): Token[] {
  const lexed = tokenize(isolate(text, start, end));
  if (!lexed.ok) stop(lexed.error);
  return (lexed as { ok: true; value: Token[] }).value.filter((t) => t.kind !== 'eof');
}

/** Reads the left side: dX/dt (or d X / d t), X(number), or a bare name. */
function readLeft(text: string, st: RawStatement, op: '=' | '~'): Left {
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

function reservedWhy(name: string): string | undefined {
  if (name === TIME) return 'the time';
  if (isConstantName(name)) return 'a constant';
  if (isFunctionName(name)) return 'a function';
  return undefined;
}

interface Right {
  readonly ast: Expr;
  readonly params: readonly string[];
}

class Checker {
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

/** Offset of the last "|" outside parentheses in [start, end), −1 when none. */
function topLevelBar(text: string, start: number, end: number): number {
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

/** Parses and validates an ODE model; see the module docblock. */
export function parseStatements(source: string, options: StatementOptions = {}): Result<OdeModelSpec, StatementError> {
  if (source.length > MAX_MODEL_LENGTH) {
    return { ok: false, error: modelError(source, 'too-long', 0, source.length, () => `Model is too long (max ${MAX_MODEL_LENGTH} characters)`) };
  }
  const text = blankComments(source);
  const raw = splitStatements(text);
  if (raw.length === 0) {
    return { ok: false, error: modelError(source, 'empty', 0, source.length, () => 'The model is empty', 'write the rates and initial values, e.g. dA/dt = -k*A; A(0) = A0') };
  }
  try {
    const ck = new Checker(text, options);
    const lefts: Left[] = raw.map((st) => {
      if (st.relation === undefined) return stop(fail.noRelation(text, st));
      return readLeft(text, st, st.relation.op);
    });
    // states first: a rate may use a state declared below it
    lefts.forEach((left, i) => {
      if (left.kind !== 'rate') return;
      const why = reservedWhy(left.name);
      if (why) stop(fail.reservedName(text, left.span, left.name, why));
      const first = ck.states.get(left.name);
      if (first) stop(fail.duplicateState(text, left.span, left.name, first.declared));
      ck.states.set(left.name, { declared: left.span, rate: { kind: 'number', value: NaN, text: '', start: raw[i].start, end: raw[i].start } });
    });
    if (ck.states.size === 0) stop(fail.noStates(text));
    lefts.forEach((left, i) => {
      const st = raw[i];
      if (left.kind === 'rate') ck.rate(left, st);
      else if (left.kind === 'initial') ck.initial(left, st);
      else if (st.relation!.op === '=') ck.intermediate(left, st);
      else ck.observation(left, st);
    });
    const t0 = ck.initials.values().next();
    for (const [name, s] of ck.states) {
      if (!ck.initials.has(name)) stop(fail.missingInitial(text, s.declared, name, t0.done ? '0' : String(t0.value.t0)));
    }
    if (ck.observations.length === 0 && ck.states.size > 1) stop(fail.noObservation(text, [...ck.states.keys()]));
    const states: OdeState[] = [...ck.states].map(([name, s]) => {
      const init = ck.initials.get(name)!;
      return { name, declared: s.declared, rate: s.rate, initial: init.expr, initialAt: init.at };
    });
    return {
      ok: true,
      value: {
        source,
        states,
        t0: (t0.value as { t0: number }).t0,
        intermediates: [...ck.intermediates].map(([name, v]) => ({ name, declared: v.declared, expr: v.expr })),
        observations: ck.observations,
        params: [...ck.paramUse.keys()],
      },
    };
  } catch (e) {
    if (e instanceof StatementFailure) return { ok: false, error: e.error };
    throw e;
  }
}

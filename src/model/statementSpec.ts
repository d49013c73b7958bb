/**
 * The validated structure of an ODE model's statements (statements.ts parses into it): plain
 * data, each piece with the span of its declaration, and the expressions as the model parser's
 * own trees. Ident nodes of role 'variable' are states, `t` or intermediates (`kindOf`).
 */
import type { Expr, Ident, Span } from './ast';

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

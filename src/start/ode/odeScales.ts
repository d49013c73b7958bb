/**
 * The scales an ODE model's start search reads from its data (issue 23): the time scales of the
 * observations and each state's magnitude. A state observed as `COL ~ X` or as a constant multiple
 * (`COL ~ c*X`, `X*c`, `X/c`) has the magnitude max|y|/c of its column; a state observed by no
 * such line takes the largest magnitude of the observed ones (a guess the search widens).
 *
 * The time scales bound the rates a fit can resolve: a rate much below 1/span changes nothing
 * over the data, one much above 1/(smallest spacing) has relaxed before the second time
 * (the same reasoning as boxes.ts's rate boxes for exp(−k·x), here on time).
 */
import type { Expr } from '../../model/ast';
import type { OdeModelSpec } from '../../model/statements';
import type { StackedRows } from '../../fit/ode/observations';

/** A state seen through one observation: the observation's index and g = factor·X. */
export interface ObservedState {
  readonly observation: number;
  readonly factor: number;
}

/** `expr` as factor·X for a state X (a literal constant factor), or null. */
export function asScaledState(spec: OdeModelSpec, expr: Expr): { state: string; factor: number } | null {
  const isState = (e: Expr): e is Expr & { kind: 'ident'; name: string } => e.kind === 'ident' && e.role === 'variable' && spec.states.some((s) => s.name === e.name);
  if (isState(expr)) return { state: expr.name, factor: 1 };
  if (expr.kind !== 'binary') return null;
  const { op, left, right } = expr;
  if (op === '*' && left.kind === 'number' && isState(right)) return { state: right.name, factor: left.value };
  if (op === '*' && right.kind === 'number' && isState(left)) return { state: left.name, factor: right.value };
  if (op === '/' && right.kind === 'number' && isState(left) && right.value !== 0) return { state: left.name, factor: 1 / right.value };
  return null;
}

/** Each state's first observation as factor·X (states observed otherwise are absent). */
export function observedStates(spec: OdeModelSpec): Map<string, ObservedState> {
  const out = new Map<string, ObservedState>();
  spec.observations.forEach((o, c) => {
    const s = asScaledState(spec, o.expr);
    if (s && s.factor !== 0 && !out.has(s.state)) out.set(s.state, { observation: c, factor: s.factor });
  });
  return out;
}

export interface OdeScales {
  /** Longest time from t0 (or the first time) to the last observation. */
  readonly span: number;
  /** Smallest positive spacing of the distinct times with t0 among them. */
  readonly spacing: number;
  /** Magnitude of each state, in the spec's order. */
  readonly state: Float64Array;
}

export function odeScales(spec: OdeModelSpec, rows: StackedRows): OdeScales {
  const times = Array.from(new Set([spec.t0, ...rows.times])).sort((a, b) => a - b);
  const span = times[times.length - 1] - times[0];
  let spacing = Infinity;
  for (let i = 1; i < times.length; i++) spacing = Math.min(spacing, times[i] - times[i - 1]);
  const maxAbs = (c: number) => {
    let m = 0;
    for (let i = rows.start[c]; i < rows.start[c + 1]; i++) if (Number.isFinite(rows.y[i])) m = Math.max(m, Math.abs(rows.y[i]));
    return m;
  };
  const seen = observedStates(spec);
  const known = spec.states.map((s) => {
    const o = seen.get(s.name);
    return o ? maxAbs(o.observation) / Math.abs(o.factor) : NaN;
  });
  let largest = 0;
  for (const v of known) if (v > 0) largest = Math.max(largest, v);
  if (!(largest > 0)) for (let c = 0; c < spec.observations.length; c++) largest = Math.max(largest, maxAbs(c));
  return {
    span: span > 0 ? span : 1,
    spacing: Number.isFinite(spacing) && spacing > 0 ? spacing : span > 0 ? span : 1,
    state: Float64Array.from(known, (v) => (v > 0 ? v : largest > 0 ? largest : 1)),
  };
}

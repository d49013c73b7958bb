/**
 * Search boxes for an ODE model's parameters (issue 23), from the time scales and the states'
 * magnitudes (odeScales.ts), read off where each parameter sits:
 *
 *   p·M in dX/dt (M a product of states, constants, other parameters)   a rate: the term is of the
 *       order of X/τ for a time scale τ in [spacing, span], so p ∈ S_X/S_M · [1/(3·span), 3/spacing]
 *       (S_M: M with each state at its magnitude; LV's β·H·L in dH/dt gives 1/(τ·S_L))
 *   M/p in dX/dt       a time scale: the reciprocal box
 *   k = 10^p or exp(p) an intermediate rate k in log form (Robertson's log10 k): p uniform over
 *                      the logarithms of k's rate box
 *   X(t0) = p          an initial value of a state not read from the data: log [S_X/30, 30·S_X]
 *   otherwise          log-uniform |p| in [0.01, 100], both signs (boxes.ts's generic box)
 *
 * Rates, time scales and initial values are positive. Bounds win as in boxes.ts (clipToBounds).
 * The factor 3 of slack either side and the log spacing follow boxes.ts's rate boxes for exp(−k·x).
 */
import type { Expr } from '../../model/ast';
import type { OdeModelSpec } from '../../model/statements';
import { clipToBounds, type SearchBox } from '../boxes';
import type { OdeScales } from './odeScales';

const SLACK = 3;
const GENERIC: SearchBox = { kind: 'log', lo: 1e-2, hi: 1e2, sign: 0, role: 'generic' };

/** The path from the root of `e` to the first ident named `name` (of role `role`), or null. */
function pathTo(e: Expr, name: string, role: 'param' | 'variable'): Expr[] | null {
  if (e.kind === 'ident') return e.name === name && e.role === role ? [e] : null;
  const kids = e.kind === 'unary' ? [e.arg] : e.kind === 'binary' ? [e.left, e.right] : e.kind === 'call' ? e.args : [];
  for (const k of kids) {
    const p = pathTo(k, name, role);
    if (p) return [e, ...p];
  }
  return null;
}

/** The magnitude of a factor: states at their scales, literal powers and constants kept, the rest 1. */
function magnitude(spec: OdeModelSpec, scales: OdeScales, e: Expr): number {
  switch (e.kind) {
    case 'number':
      return Math.abs(e.value) || 1;
    case 'ident': {
      const i = spec.states.findIndex((s) => s.name === e.name);
      return e.role === 'variable' && i >= 0 ? scales.state[i] : 1;
    }
    case 'unary':
      return magnitude(spec, scales, e.arg);
    case 'binary':
      if (e.op === '*') return magnitude(spec, scales, e.left) * magnitude(spec, scales, e.right);
      if (e.op === '/') return magnitude(spec, scales, e.left) / magnitude(spec, scales, e.right);
      if (e.op === '^' && e.right.kind === 'number') return magnitude(spec, scales, e.left) ** e.right.value;
      return 1;
    default:
      return 1;
  }
}

/** The rate box of the ident `name` in the first state rate that holds it, or null. */
function rateBox(spec: OdeModelSpec, scales: OdeScales, name: string, role: 'param' | 'variable'): SearchBox | null {
  for (let s = 0; s < spec.states.length; s++) {
    const path = pathTo(spec.states[s].rate, name, role);
    if (!path) continue;
    // Up from the ident through products, quotients and signs: the factor beside it.
    let factor = 1;
    let inverted = false;
    for (let i = path.length - 2; i >= 0; i--) {
      const node = path[i];
      const child = path[i + 1];
      if (node.kind === 'unary') continue;
      if (node.kind !== 'binary' || (node.op !== '*' && node.op !== '/')) break;
      const other = node.left === child ? node.right : node.left;
      if (node.op === '*') factor *= magnitude(spec, scales, other);
      else if (node.left === child) factor /= magnitude(spec, scales, other);
      else {
        factor = magnitude(spec, scales, other) / factor;
        inverted = !inverted;
      }
    }
    const scale = scales.state[s] / factor;
    const lo = 1 / (SLACK * scales.span);
    const hi = SLACK / scales.spacing;
    if (!(scale > 0 && Number.isFinite(scale))) return null;
    return inverted
      ? { kind: 'log', lo: 1 / (scale * hi), hi: 1 / (scale * lo), sign: 1, role: 'time scale' }
      : { kind: 'log', lo: scale * lo, hi: scale * hi, sign: 1, role: 'rate' };
  }
  return null;
}

/** p's box when an intermediate is 10^p or exp(p) and that intermediate is a rate. */
function logRateBox(spec: OdeModelSpec, scales: OdeScales, name: string): SearchBox | null {
  for (const m of spec.intermediates) {
    const e = m.expr;
    const base10 = e.kind === 'binary' && e.op === '^' && e.left.kind === 'number' && e.left.value === 10 && e.right.kind === 'ident' && e.right.name === name;
    const natural = e.kind === 'call' && e.name === 'exp' && e.args.length === 1 && e.args[0].kind === 'ident' && e.args[0].name === name;
    if (!base10 && !natural) continue;
    const box = rateBox(spec, scales, m.name, 'variable');
    if (!box || box.kind !== 'log') continue;
    const log = base10 ? Math.log10 : Math.log;
    return { kind: 'uniform', lo: log(box.lo), hi: log(box.hi), role: `log ${box.role}` };
  }
  return null;
}

function initialValueBox(spec: OdeModelSpec, scales: OdeScales, name: string): SearchBox | null {
  const s = spec.states.findIndex((x) => x.initial.kind === 'ident' && x.initial.role === 'param' && x.initial.name === name);
  if (s < 0) return null;
  return { kind: 'log', lo: scales.state[s] / 30, hi: scales.state[s] * 30, sign: 1, role: 'initial value' };
}

/** One box per entry of `searched` (indices into spec.params); lb, ub: full-length bounds. */
export function odeSearchBoxes(spec: OdeModelSpec, scales: OdeScales, searched: readonly number[], lb: ArrayLike<number>, ub: ArrayLike<number>): SearchBox[] {
  return searched.map((p) => {
    const name = spec.params[p];
    const box = rateBox(spec, scales, name, 'param') ?? logRateBox(spec, scales, name) ?? initialValueBox(spec, scales, name) ?? GENERIC;
    return clipToBounds(box, lb[p], ub[p]);
  });
}

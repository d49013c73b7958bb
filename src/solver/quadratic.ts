/**
 * The quadratic model of the cost along a step, as in scipy _lsq/common.py:
 * q(s) = ½‖J_h s‖² + ½ sᵀ diag(diag_h) s + g_hᵀ s. The linear model knows J only through its
 * compact form, so these take the bilinear form `jh(u, v) = (J_h u)·(J_h v)`.
 */
import { dot } from './vec';

export type GramJh = (u: Float64Array, v: Float64Array) => number;

function diagTerm(diag: Float64Array | null, a: Float64Array, b: Float64Array): number {
  if (!diag) return 0;
  let t = 0;
  for (let i = 0; i < a.length; i++) t += a[i] * diag[i] * b[i];
  return t;
}

/** scipy's evaluate_quadratic: ½(‖J_h s‖² + sᵀ D s) + gᵀs. */
export function evaluateQuadratic(jh: GramJh, g: Float64Array, s: Float64Array, diag: Float64Array | null): number {
  return 0.5 * (jh(s, s) + diagTerm(diag, s, s)) + dot(s, g);
}

/** scipy's build_quadratic_1d: coefficients of f(t) = a t² + b t + c for the step s0 + t·s. */
export function buildQuadratic1d(
  jh: GramJh,
  g: Float64Array,
  s: Float64Array,
  diag: Float64Array | null,
  s0: Float64Array | null,
): { a: number; b: number; c: number } {
  const a = 0.5 * (jh(s, s) + diagTerm(diag, s, s));
  let b = dot(g, s);
  if (!s0) return { a, b, c: 0 };
  b += jh(s0, s) + diagTerm(diag, s0, s);
  const c = 0.5 * jh(s0, s0) + dot(g, s0) + 0.5 * diagTerm(diag, s0, s0);
  return { a, b, c };
}

/** scipy's minimize_quadratic_1d: the minimizer of a t² + b t + c on [lb, ub] and its value. */
export function minimizeQuadratic1d(a: number, b: number, lb: number, ub: number, c = 0): { t: number; value: number } {
  const ts = [lb, ub];
  if (a !== 0) {
    const extremum = (-0.5 * b) / a;
    if (lb < extremum && extremum < ub) ts.push(extremum);
  }
  let best = { t: ts[0], value: ts[0] * (a * ts[0] + b) + c };
  for (const t of ts.slice(1)) {
    const value = t * (a * t + b) + c;
    if (value < best.value) best = { t, value };
  }
  return best;
}

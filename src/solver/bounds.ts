/**
 * Bound handling of scipy's TRF (_lsq/common.py), after M. A. Branch, T. F. Coleman and Y. Li,
 * "A subspace, interior, and conjugate gradient method for large-scale bound-constrained
 * minimization problems", SIAM J. Sci. Comput. 21(1), 1999 (Coleman–Li scaling).
 * Legend: lb ≤ x ≤ ub (±Infinity for none), g = gradient, v = Coleman–Li scaling vector,
 * dv = its derivative (−1, 0 or 1).
 */

export function hasBounds(lb: Float64Array, ub: Float64Array): boolean {
  for (let i = 0; i < lb.length; i++) if (lb[i] !== -Infinity || ub[i] !== Infinity) return true;
  return false;
}

export function inBounds(x: Float64Array, lb: Float64Array, ub: Float64Array): boolean {
  for (let i = 0; i < x.length; i++) if (!(x[i] >= lb[i] && x[i] <= ub[i])) return false;
  return true;
}

/**
 * Coleman–Li scaling vector: vᵢ = uᵢ − xᵢ when gᵢ < 0 and uᵢ finite, xᵢ − lᵢ when gᵢ > 0 and lᵢ
 * finite, 1 otherwise (scipy's CL_scaling_vector).
 */
export function colemanLiScaling(
  x: Float64Array,
  g: Float64Array,
  lb: Float64Array,
  ub: Float64Array,
): { v: Float64Array; dv: Float64Array } {
  const n = x.length;
  const v = new Float64Array(n).fill(1);
  const dv = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (g[i] < 0 && Number.isFinite(ub[i])) {
      v[i] = ub[i] - x[i];
      dv[i] = -1;
    }
    if (g[i] > 0 && Number.isFinite(lb[i])) {
      v[i] = x[i] - lb[i];
      dv[i] = 1;
    }
  }
  return { v, dv };
}

/**
 * The smallest step t ≥ 0 along s from x that reaches a bound, and which components hit it
 * (sign of sᵢ where the bound is reached, 0 elsewhere): scipy's step_size_to_bound.
 */
export function stepSizeToBound(
  x: Float64Array,
  s: Float64Array,
  lb: Float64Array,
  ub: Float64Array,
): { step: number; hits: Int8Array } {
  const n = x.length;
  const steps = new Float64Array(n).fill(Infinity);
  let step = Infinity;
  for (let i = 0; i < n; i++) {
    if (s[i] === 0) continue;
    steps[i] = Math.max((lb[i] - x[i]) / s[i], (ub[i] - x[i]) / s[i]);
    if (steps[i] < step) step = steps[i];
  }
  const hits = new Int8Array(n);
  for (let i = 0; i < n; i++) if (steps[i] === step) hits[i] = Math.sign(s[i]);
  return { step, hits };
}

/**
 * Which bounds are active: −1 lower, 1 upper, 0 none, with relative tolerance rtol (scipy's
 * find_active_constraints).
 */
export function findActiveConstraints(x: Float64Array, lb: Float64Array, ub: Float64Array, rtol = 1e-10): Int8Array {
  const n = x.length;
  const active = new Int8Array(n);
  for (let i = 0; i < n; i++) {
    if (rtol === 0) {
      if (x[i] <= lb[i]) active[i] = -1;
      else if (x[i] >= ub[i]) active[i] = 1;
      continue;
    }
    const lowerDist = x[i] - lb[i];
    const upperDist = ub[i] - x[i];
    const lowerThreshold = rtol * Math.max(1, Math.abs(lb[i]));
    const upperThreshold = rtol * Math.max(1, Math.abs(ub[i]));
    if (Number.isFinite(lb[i]) && lowerDist <= Math.min(upperDist, lowerThreshold)) active[i] = -1;
    if (Number.isFinite(ub[i]) && upperDist <= Math.min(lowerDist, upperThreshold)) active[i] = 1;
  }
  return active;
}

/** The next representable double after a in the direction of b (numpy's nextafter). */
export function nextAfter(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (a === b) return b;
  if (a === 0) return b > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, a);
  let bits = buf.getBigUint64(0);
  bits += (b > a) === (a > 0) ? 1n : -1n;
  buf.setBigUint64(0, bits);
  return buf.getFloat64(0);
}

/**
 * Shift x inside the bounds: components on or within rstep of a bound move rstep·max(1, |bound|)
 * inside (rstep = 0: to the next representable number); scipy's make_strictly_feasible.
 */
export function makeStrictlyFeasible(x: Float64Array, lb: Float64Array, ub: Float64Array, rstep = 1e-10): Float64Array {
  const xNew = Float64Array.from(x);
  const active = findActiveConstraints(x, lb, ub, rstep);
  for (let i = 0; i < x.length; i++) {
    if (active[i] === -1) {
      xNew[i] = rstep === 0 ? nextAfter(lb[i], ub[i]) : lb[i] + rstep * Math.max(1, Math.abs(lb[i]));
    } else if (active[i] === 1) {
      xNew[i] = rstep === 0 ? nextAfter(ub[i], lb[i]) : ub[i] - rstep * Math.max(1, Math.abs(ub[i]));
    }
    if (xNew[i] < lb[i] || xNew[i] > ub[i]) xNew[i] = 0.5 * (lb[i] + ub[i]);
  }
  return xNew;
}

/**
 * Brent's root finder (Brent, Algorithms for Minimization without Derivatives, Prentice-Hall
 * 1973, ch. 4; the zeroin of Forsythe, Malcolm & Moler 1977 and scipy's brentq): inverse quadratic
 * interpolation or the secant step where they stay inside the bracket and shrink it fast enough,
 * bisection otherwise, so it never does worse than bisection.
 *
 *   a, b   the bracket, f(a)·f(b) ≤ 0; b is the best estimate so far
 *   c      the previous b (or a), the other end of the current bracket
 *   xtol   absolute tolerance on the root; rtol relative (scipy's defaults: 2e-12, 4ε)
 */

export interface BrentOptions {
  readonly xtol?: number;
  readonly rtol?: number;
  readonly maxIter?: number;
}

/** A root of f in [a, b] given f(a)·f(b) ≤ 0 (fa, fb already evaluated); NaN without a sign change. */
export function brent(f: (x: number) => number, a: number, b: number, fa = f(a), fb = f(b), options: BrentOptions = {}): number {
  const xtol = options.xtol ?? 2e-12;
  const rtol = options.rtol ?? 4 * Number.EPSILON;
  const maxIter = options.maxIter ?? 200;
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (!(fa * fb < 0)) return NaN;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < maxIter; iter++) {
    if (Math.abs(fc) < Math.abs(fb)) {
      // Keep b the better end.
      a = b; b = c; c = a;
      fa = fb; fb = fc; fc = fa;
    }
    const tol = 2 * rtol * Math.abs(b) + 0.5 * xtol;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      // Interpolate: secant when a = c, else inverse quadratic.
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      // Accept the step if it falls inside the bracket and shrinks faster than bisection would.
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
  }
  return b;
}

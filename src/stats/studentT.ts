/**
 * Student's t distribution with ν degrees of freedom: CDF through the regularized incomplete beta
 * function, P(T ≤ t) = 1 − ½·I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0, and its quantile by safeguarded
 * Newton iteration (bisection whenever a Newton step leaves the bracket).
 */
import { betaInc, lnGamma } from './special';

export function studentTCdf(t: number, nu: number): number {
  if (Number.isNaN(t) || !(nu > 0)) return NaN;
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const tail = 0.5 * betaInc(nu / 2, 0.5, nu / (nu + t * t));
  return t >= 0 ? 1 - tail : tail;
}

/**
 * Two-sided tail P(|T| ≥ |t|) = I_{ν/(ν+t²)}(ν/2, ½), computed directly rather than as 2(1 − CDF),
 * so that small p values (1e-11) keep their digits: the p value of a parameter's t statistic.
 */
export function studentTTwoSided(t: number, nu: number): number {
  if (Number.isNaN(t) || !(nu > 0)) return NaN;
  if (!Number.isFinite(t)) return 0;
  return betaInc(nu / 2, 0.5, nu / (nu + t * t));
}

export function studentTPdf(t: number, nu: number): number {
  const lnC = lnGamma((nu + 1) / 2) - lnGamma(nu / 2) - 0.5 * Math.log(nu * Math.PI);
  return Math.exp(lnC - ((nu + 1) / 2) * Math.log1p((t * t) / nu));
}

/** The p-quantile of Student's t with ν degrees of freedom (ν may be non-integer, ν > 0). */
export function studentTQuantile(p: number, nu: number): number {
  if (!(p >= 0 && p <= 1) || !(nu > 0)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, nu);
  // Bracket [0, hi] with CDF(hi) ≥ p.
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, nu) < p) {
    lo = hi;
    hi *= 2;
    if (hi > 1e300) return Infinity;
  }
  let t = 0.5 * (lo + hi);
  for (let i = 0; i < 200; i++) {
    const F = studentTCdf(t, nu) - p;
    if (F === 0) return t;
    if (F > 0) hi = t;
    else lo = t;
    let next = t - F / studentTPdf(t, nu);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - t) <= 1e-15 * Math.abs(t)) return next;
    t = next;
  }
  return t;
}

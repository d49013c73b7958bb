/**
 * Regularized upper incomplete gamma Q(a, x) = Γ(a, x)/Γ(a), by the series of P for x < a + 1 and
 * the Legendre continued fraction (modified Lentz) otherwise (Press et al., Numerical Recipes,
 * 3rd ed., §6.2). With it: the χ² survival function P(χ²_ν > q) = Q(ν/2, q/2), and the two-sided
 * normal tail P(|Z| > z) = Q(½, z²/2).
 */
import { lnGamma } from './special';

const EPS = 1e-16;
const TINY = 1e-300;

function seriesP(a: number, x: number): number {
  let sum = 1 / a;
  let term = sum;
  for (let n = 1; n < 10000; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
}

function continuedFractionQ(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
}

export function gammaQ(a: number, x: number): number {
  if (Number.isNaN(x) || !(a > 0)) return NaN;
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  return x < a + 1 ? 1 - seriesP(a, x) : continuedFractionQ(a, x);
}

/** P(χ²_ν > q). */
export const chiSquareSf = (q: number, nu: number): number => gammaQ(nu / 2, q / 2);

/** P(|Z| > |z|) for a standard normal Z. */
export const normalTwoSided = (z: number): number => gammaQ(0.5, (z * z) / 2);

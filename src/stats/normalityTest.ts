/**
 * D'Agostino–Pearson omnibus normality test K² = Z(√b₁)² + Z(b₂)² ~ χ²₂ (D'Agostino & Pearson 1973,
 * Biometrika 60, 613–622; D'Agostino, Belanger & D'Agostino 1990, Am. Stat. 44, 316–321), with the
 * skewness transformation of D'Agostino (1970) and the kurtosis one of Anscombe & Glynn (1983),
 * exactly as scipy.stats.skewtest / kurtosistest / normaltest compute them. Needs n ≥ 8 (scipy's
 * limit for the skewness test); the kurtosis approximation is rough below n = 20.
 */
import { chiSquareSf } from './gammaInc';
import { SPAN_ROWS } from './spans';

export interface NormalityTest {
  readonly k2: number;
  readonly skewZ: number;
  readonly kurtosisZ: number;
  readonly p: number;
}

export const NORMALITY_MIN_N = 8;

/** Null for fewer than 8 values or zero variance. */
export function dagostinoPearson(v: ArrayLike<number>): NormalityTest | null {
  const n = v.length;
  if (n < NORMALITY_MIN_N) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += v[i];
  return dagostinoPearsonFromSum(v, sum);
}

/** Σd², Σd³, Σd⁴ (d = vᵢ − mean) over [start, end), carried in s: the same additions in the same order as one loop. */
function momentSpan(v: ArrayLike<number>, mean: number, start: number, end: number, s: Float64Array): void {
  let m2 = s[0];
  let m3 = s[1];
  let m4 = s[2];
  for (let i = start; i < end; i++) {
    const d = v[i] - mean;
    const d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  s[0] = m2;
  s[1] = m3;
  s[2] = m4;
}

/** The test given Σvᵢ summed from 0 in index order (a caller's fused pass): the central moments about its mean. */
export function dagostinoPearsonFromSum(v: ArrayLike<number>, sum: number): NormalityTest | null {
  const n = v.length;
  if (n < NORMALITY_MIN_N) return null;
  const mean = sum / n;
  const s = new Float64Array(3);
  for (let start = 0; start < n; start += SPAN_ROWS) momentSpan(v, mean, start, Math.min(n, start + SPAN_ROWS), s);
  return normalityFromMoments(n, s[0] / n, s[1] / n, s[2] / n);
}

/**
 * The test from the central moments m₂, m₃, m₄ (each Σ(v − v̄)ʲ/n) of n values: a streamed fit
 * (fit/stream) forms them chunk by chunk in the same order as the loops above.
 */
export function normalityFromMoments(n: number, m2: number, m3: number, m4: number): NormalityTest | null {
  if (n < NORMALITY_MIN_N) return null;
  if (!(m2 > 0)) return null;
  // Skewness √b₁ → Z (D'Agostino 1970).
  const b1 = m3 / m2 ** 1.5;
  let y = b1 * Math.sqrt(((n + 1) * (n + 3)) / (6 * (n - 2)));
  const beta2 = (3 * (n * n + 27 * n - 70) * (n + 1) * (n + 3)) / ((n - 2) * (n + 5) * (n + 7) * (n + 9));
  const W2 = -1 + Math.sqrt(2 * (beta2 - 1));
  const delta = 1 / Math.sqrt(0.5 * Math.log(W2));
  const alpha = Math.sqrt(2 / (W2 - 1));
  if (y === 0) y = 1; // scipy's guard
  const skewZ = delta * Math.log(y / alpha + Math.sqrt((y / alpha) ** 2 + 1));
  // Kurtosis b₂ → Z (Anscombe & Glynn 1983).
  const b2 = m4 / (m2 * m2);
  const E = (3 * (n - 1)) / (n + 1);
  const varb2 = (24 * n * (n - 2) * (n - 3)) / ((n + 1) * (n + 1) * (n + 3) * (n + 5));
  const x = (b2 - E) / Math.sqrt(varb2);
  const sqrtbeta1 = ((6 * (n * n - 5 * n + 2)) / ((n + 7) * (n + 9))) * Math.sqrt((6 * (n + 3) * (n + 5)) / (n * (n - 2) * (n - 3)));
  const A = 6 + (8 / sqrtbeta1) * (2 / sqrtbeta1 + Math.sqrt(1 + 4 / sqrtbeta1 ** 2));
  const term1 = 1 - 2 / (9 * A);
  const denom = 1 + x * Math.sqrt(2 / (A - 4));
  const term2 = denom === 0 ? NaN : Math.sign(denom) * Math.cbrt((1 - 2 / A) / Math.abs(denom));
  const kurtosisZ = (term1 - term2) / Math.sqrt(2 / (9 * A));
  const k2 = skewZ * skewZ + kurtosisZ * kurtosisZ;
  return { k2, skewZ, kurtosisZ, p: chiSquareSf(k2, 2) };
}

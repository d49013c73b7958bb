/**
 * The least-squares polynomial of a given degree, as monomial coefficients in raw x. Solving in
 * raw monomials would square the trouble of data far from the origin (x = 1000…1010 makes the
 * columns of 1, x, x² nearly parallel), so the solve uses t = (x − m)/h ∈ [−1, 1] (Forsythe's
 * remedy; the Vandermonde matrix on [−1, 1] is well conditioned up to moderate degree) and the
 * result is expanded back, Σⱼ cⱼ·((x − m)/h)ʲ = Σₖ aₖ·xᵏ, by the binomial theorem.
 */
import { linearLeastSquares } from './leastSquares';

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** Coefficients a₀…a_d of Σ aₖxᵏ; degrees the data cannot determine (too few points) get 0. */
export function polynomialLeastSquares(x: Float64Array, y: Float64Array, degree: number): Float64Array {
  const n = x.length;
  let lo = Infinity;
  let hi = -Infinity;
  x.forEach((v) => ((lo = Math.min(lo, v)), (hi = Math.max(hi, v))));
  const m = n > 0 ? 0.5 * (lo + hi) : 0;
  const h = hi > lo ? 0.5 * (hi - lo) : 1;
  const t = Float64Array.from(x, (v) => (v - m) / h);
  const bases = Array.from({ length: degree + 1 }, (_, j) => Float64Array.from(t, (v) => v ** j));
  const c = linearLeastSquares(bases, y)?.coef ?? new Float64Array(degree + 1);
  // (x − m)ʲ/hʲ = h⁻ʲ Σₖ C(j,k) xᵏ (−m)^(j−k)
  const a = new Float64Array(degree + 1);
  for (let j = 0; j <= degree; j++) {
    for (let k = 0; k <= j; k++) a[k] += (c[j] * binomial(j, k) * (-m) ** (j - k)) / h ** j;
  }
  return a;
}

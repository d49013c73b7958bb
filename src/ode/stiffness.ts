/**
 * The spectral radius of ∂f/∂X by power iteration (Golub & Van Loan, Matrix Computations, 7.3.1),
 * for the stiffness switch of method 'auto': a step is stability-limited when h·ρ(J) reaches the
 * boundary of DOPRI5's stability region (≈ 3.3 on the negative real axis). Hairer's difference
 * quotient hλ (dopri5.ts) sees only the direction y₇ − y₆ and underestimates ρ when the states'
 * scales differ by orders of magnitude (Robertson: 1 against 1e-5), so with an exact Jacobian
 * the driver asks this estimate too. A few iterations suffice: only the order of magnitude
 * decides, and a complex dominant pair still gives |λ| within a small factor.
 */

const ITERATIONS = 12;

export class SpectralRadius {
  private readonly v: Float64Array;
  private readonly w: Float64Array;
  constructor(private readonly n: number) {
    this.v = new Float64Array(n);
    this.w = new Float64Array(n);
  }

  /**
   * ρ(J) as far as a comparison with `limit` needs it: the row-sum norm ‖J‖∞ when that is ≤ limit,
   * else estimate(J). Every power-iteration quotient ‖Jv‖∞/‖v‖∞ is ≤ ‖J‖∞, so a test
   * `ρ̂ > limit` or `ρ̂ ≤ limit` decides the same either way, and the non-stiff steps of method
   * 'auto' (most of them) skip the 12 matrix–vector products.
   */
  bounded(J: Float64Array, limit: number): number {
    const { n } = this;
    let norm = 0;
    for (let i = 0; i < n; i++) {
      let row = 0;
      for (let j = 0; j < n; j++) row += Math.abs(J[i * n + j]);
      norm = Math.max(norm, row);
    }
    return norm <= limit ? norm : this.estimate(J);
  }

  /** An estimate of ρ(J) for the row-major n×n matrix J (0 for J = 0, NaN when not finite). */
  estimate(J: Float64Array): number {
    const { n, v, w } = this;
    // a start vector with no special direction (1, 1.1, 0.9, …) so that it is rarely orthogonal
    for (let i = 0; i < n; i++) v[i] = 1 + 0.1 * Math.sin(i + 1);
    let rho = 0;
    for (let k = 0; k < ITERATIONS; k++) {
      let vn = 0;
      let wn = 0;
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += J[i * n + j] * v[j];
        w[i] = s;
        vn = Math.max(vn, Math.abs(v[i]));
        wn = Math.max(wn, Math.abs(s));
      }
      if (!(wn > 0)) return wn === 0 ? 0 : NaN;
      rho = wn / vn;
      for (let i = 0; i < n; i++) v[i] = w[i] / wn;
    }
    return rho;
  }
}

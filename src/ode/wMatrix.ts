/**
 * The iteration matrix W = I/(hγ) − J of a Rosenbrock method, factored once per step, for the
 * plain system and for the system augmented with forward sensitivities.
 *
 * With sensitivities the augmented state is y = [X; S₁; …; S_m] and its Jacobian is block lower
 * triangular, J_aug = [[J, 0], [M_k, J]] with M_k = ∂(J S_k + f_{p_k})/∂X, so W_aug needs one
 * n×n LU: y₀ = D⁻¹r₀, y_k = D⁻¹(r_k + M_k y₀), D = I/(hγ) − J (the block forward substitution of
 * the simultaneous corrector, Maly & Petzold, Appl. Numer. Math. 20, 1996). M_k y₀ is the
 * directional derivative of X ↦ J(X)S_k + f_p(X)_k along y₀: (D_v J) S_k + (D_v f_p)_k, exact
 * from SensitivitySpec.jacDirectional when given (the model compiler generates it from the
 * tape), else a central difference of the exact jac and dfdp (an O(δ²) ≈ 1e-11 relative error).
 */
import { luFactor, luSolve } from './lu';
import type { OdeStats, OdeSystem, SensitivitySpec } from './types';

export interface WMatrix {
  /**
   * Factors W at the augmented point (t, y); false when J is not finite or W is singular. With
   * `reuseJ` the Jacobian of the previous factor is kept (the same point after a rejected step,
   * as rodas.f does: only hγ changed).
   */
  factor(t: number, y: Float64Array, hGamma: number, reuseJ?: boolean): boolean;
  /** r ← W⁻¹ r (length N). */
  solve(r: Float64Array): void;
  /** ‖J‖∞ of the states' Jacobian at the last factor (a bound on its spectral radius). */
  readonly jNorm: number;
}

function normInf(J: Float64Array, n: number): number {
  let best = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += Math.abs(J[i * n + j]);
    best = Math.max(best, s);
  }
  return best;
}

/** Builds D = I/(hγ) − J in `lu` from J and factors it. */
function factorD(J: Float64Array, lu: Float64Array, n: number, hGamma: number, piv: Int32Array): boolean {
  const d = 1 / hGamma;
  for (let i = 0; i < n * n; i++) lu[i] = -J[i];
  for (let i = 0; i < n; i++) lu[i * n + i] += d;
  return luFactor(lu, n, piv);
}

export class PlainW implements WMatrix {
  jNorm = 0;
  private readonly J: Float64Array;
  private readonly lu: Float64Array;
  private readonly piv: Int32Array;

  constructor(private readonly sys: OdeSystem, private readonly stats: OdeStats) {
    const n = sys.n;
    this.J = new Float64Array(n * n);
    this.lu = new Float64Array(n * n);
    this.piv = new Int32Array(n);
  }

  factor(t: number, y: Float64Array, hGamma: number, reuseJ = false): boolean {
    const { n } = this.sys;
    if (!reuseJ) {
      this.sys.jac!(t, y, this.J);
      this.stats.jevals++;
      this.jNorm = normInf(this.J, n);
    }
    this.stats.factorizations++;
    return Number.isFinite(this.jNorm) && factorD(this.J, this.lu, n, hGamma, this.piv);
  }

  solve(r: Float64Array): void {
    luSolve(this.lu, this.sys.n, this.piv, r);
  }
}

export class SensitivityW implements WMatrix {
  jNorm = 0;
  private readonly J: Float64Array;
  private readonly Jd: Float64Array; // J at a perturbed X
  private readonly Pd: Float64Array;
  private readonly xd: Float64Array;
  private readonly g: Float64Array; // n×m: central difference of J S + f_p
  private readonly lu: Float64Array;
  private readonly piv: Int32Array;
  private readonly dir: Float64Array; // [D_v J | D_v f_p] from jacDirectional
  private t = 0;
  private y: Float64Array = new Float64Array(0);

  constructor(
    private readonly sys: OdeSystem,
    private readonly sens: SensitivitySpec,
    private readonly m: number,
    private readonly stats: OdeStats,
  ) {
    const n = sys.n;
    this.J = new Float64Array(n * n);
    this.Jd = new Float64Array(n * n);
    this.Pd = new Float64Array(n * sens.np);
    this.xd = new Float64Array(n);
    this.g = new Float64Array(n * m);
    this.dir = new Float64Array(n * n + n * sens.np);
    this.lu = new Float64Array(n * n);
    this.piv = new Int32Array(n);
  }

  factor(t: number, y: Float64Array, hGamma: number, reuseJ = false): boolean {
    const { n } = this.sys;
    this.t = t;
    this.y = y; // the stepper's accepted state, unchanged until the next factor
    if (!reuseJ) {
      this.sys.jac!(t, y, this.J);
      this.stats.jevals++;
      this.jNorm = normInf(this.J, n);
    }
    this.stats.factorizations++;
    return Number.isFinite(this.jNorm) && factorD(this.J, this.lu, n, hGamma, this.piv);
  }

  /** g ± ← (J S + f_p) at X + sign·δ·v/vMax (a unit direction: no overflow for tiny v), with the sign. */
  private accumulate(v: Float64Array, vMax: number, delta: number, sign: number): void {
    const { n } = this.sys;
    const { np } = this.sens;
    const { m, y, xd, Jd, Pd, g } = this;
    for (let i = 0; i < n; i++) xd[i] = y[i] + sign * delta * (v[i] / vMax);
    this.sys.jac!(this.t, xd, Jd);
    if (np > 0) this.sens.dfdp(this.t, xd, Pd);
    this.stats.jevals++;
    for (let k = 0; k < m; k++) {
      const sk = n + k * n;
      for (let i = 0; i < n; i++) {
        let s = k < np ? Pd[i * np + k] : 0;
        for (let j = 0; j < n; j++) s += Jd[i * n + j] * y[sk + j];
        g[i * m + k] += sign * s;
      }
    }
  }

  /** r_k += (D_v J) S_k + (D_v f_p)_k with v = r[0 … n), from the exact callback. */
  private exactDirectional(r: Float64Array): void {
    const { n } = this.sys;
    const { np } = this.sens;
    const { m, y, dir } = this;
    this.sens.jacDirectional!(this.t, y, r, dir);
    this.stats.jevals++;
    const q = n * n;
    for (let k = 0; k < m; k++) {
      const sk = n + k * n;
      for (let i = 0; i < n; i++) {
        let s = k < np ? dir[q + i * np + k] : 0;
        for (let l = 0; l < n; l++) s += dir[i * n + l] * y[sk + l];
        r[sk + i] += s;
      }
    }
  }

  solve(r: Float64Array): void {
    const { n } = this.sys;
    const { m, lu, piv, g } = this;
    luSolve(lu, n, piv, r, 0);
    const v = r; // its first n entries: y₀
    let vMax = 0;
    let xMax = 1;
    for (let i = 0; i < n; i++) {
      vMax = Math.max(vMax, Math.abs(v[i]));
      xMax = Math.max(xMax, Math.abs(this.y[i]));
    }
    if (vMax > 0 && Number.isFinite(vMax) && this.sens.jacDirectional) {
      this.exactDirectional(r);
    } else if (vMax > 0 && Number.isFinite(vMax)) {
      // central difference step along v/vMax: cube root of ε relative to the size of X; the
      // difference quotient is then scaled back by vMax (linear in v)
      const delta = 6.055454452393343e-6 * xMax;
      g.fill(0);
      this.accumulate(v, vMax, delta, 1);
      this.accumulate(v, vMax, delta, -1);
      const inv = vMax / (2 * delta);
      for (let k = 0; k < m; k++) {
        const sk = n + k * n;
        for (let i = 0; i < n; i++) r[sk + i] += g[i * m + k] * inv;
      }
    }
    for (let k = 0; k < m; k++) luSolve(lu, n, piv, r, n + k * n);
  }
}

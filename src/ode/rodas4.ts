/**
 * Rodas4: a 6-stage, order 4(3), L-stable and stiffly accurate Rosenbrock method (Hairer &
 * Wanner, Solving ODEs II, 2nd ed., IV.7; the coefficients of Hairer's rodas.f, subroutine
 * RODAS4 with METH = 1), written in the transformed variables of IV.7 so that each stage costs
 * one f, one solve with W = I/(hγ) − J and no matrix–vector product:
 *
 *   W kᵢ = f(t + cᵢh, X + Σⱼ aᵢⱼ kⱼ) + Σⱼ (Cᵢⱼ/h) kⱼ + h dᵢ ∂f/∂t.
 *
 * Stiffly accurate: the 5th and 6th stages sit at the new point, X₁ = X + Σ a₅ⱼkⱼ + k₅ + k₆, the
 * error estimate is k₆, and the 3rd-order dense output is
 *   X(θ) = (1−θ)X₀ + θ(X₁ + (1−θ)(K₁ + θK₂)), K = Σ hᵢⱼ kⱼ (rodas.f, CONTRO).
 *
 * The method is L-stable, so it runs over stiff transients (Robertson: rate constants 0.04..3e7)
 * with steps bounded by accuracy, not stability; J is the caller's exact ∂f/∂X.
 */
import type { DfdtFn } from './augment';
import { errorNorm, type Tolerances } from './norm';
import { firstNonFinite, worstScaled, type RhsFn, type Stepper } from './stepper';
import type { OdeStats } from './types';
import type { WMatrix } from './wMatrix';

export const RODAS_GAMMA = 0.25;
const A21 = 1.544;
const A31 = 0.9466785280815826, A32 = 0.2557011698983284;
const A41 = 3.314825187068521, A42 = 2.896124015972201, A43 = 0.9986419139977817;
const A51 = 1.221224509226641, A52 = 6.019134481288629, A53 = 12.53708332932087, A54 = -0.687886036105895;
const C21 = -5.6688;
const C31 = -2.430093356833875, C32 = -0.2063599157091915;
const C41 = -0.1073529058151375, C42 = -9.594562251023355, C43 = -20.47028614809616;
const C51 = 7.496443313967647, C52 = -10.24680431464352, C53 = -33.99990352819905, C54 = 11.7089089320616;
const C61 = 8.083246795921522, C62 = -7.981132988064893, C63 = -31.52159432874371, C64 = 16.31930543123136, C65 = -6.058818238834054;
const CT2 = 0.386, CT3 = 0.21, CT4 = 0.63;
const D1 = 0.25, D2 = -0.1043, D3 = 0.1035, D4 = -0.03620000000000023;
const H21 = 10.12623508344586, H22 = -7.487995877610167, H23 = -34.80091861555747, H24 = -7.992771707568823, H25 = 1.025137723295662;
const H31 = -0.6762803392801253, H32 = 6.087714651680015, H33 = 16.43084320892478, H34 = 24.76722511418386, H35 = -6.594389125716872;

export class Rodas4 implements Stepper {
  readonly order = 3;
  t = 0;
  readonly y: Float64Array;
  badIndex = -1;
  singular = false;
  private h = 0;
  private tOld = 0;
  /** W's Jacobian belongs to (t, y): true after an attempt, false after init and accept. */
  private jacobianAtPoint = false;
  readonly f0: Float64Array;
  private readonly ft: Float64Array;
  private readonly k1: Float64Array;
  private readonly k2: Float64Array;
  private readonly k3: Float64Array;
  private readonly k4: Float64Array;
  private readonly k5: Float64Array;
  private readonly k6: Float64Array;
  private readonly u: Float64Array;
  private readonly du: Float64Array;
  private readonly yNew: Float64Array;
  private readonly y0: Float64Array; // start of the last accepted step
  private readonly dense1: Float64Array;
  private readonly dense2: Float64Array;

  constructor(
    readonly N: number,
    private readonly f: RhsFn,
    private readonly dfdt: DfdtFn | undefined,
    readonly W: WMatrix,
    private readonly tol: Tolerances,
    private readonly stats: OdeStats,
  ) {
    const v = () => new Float64Array(N);
    this.y = v(); this.f0 = v(); this.ft = v(); this.u = v(); this.du = v(); this.yNew = v(); this.y0 = v();
    this.dense1 = v(); this.dense2 = v();
    this.k1 = v(); this.k2 = v(); this.k3 = v(); this.k4 = v(); this.k5 = v(); this.k6 = v();
  }

  worstComponent(): number {
    return worstScaled(this.k6, this.y, this.tol.rtol, this.tol.atol);
  }

  init(t: number, y: Float64Array): boolean {
    this.jacobianAtPoint = false;
    this.t = t;
    this.y.set(y);
    this.f(t, this.y, this.f0);
    this.stats.fevals++;
    this.badIndex = firstNonFinite(this.f0);
    return this.badIndex < 0;
  }

  /** k ← W⁻¹ k; false when the stage is not finite. */
  private stage(k: Float64Array): boolean {
    // checked before the solve too: 0·NaN = NaN would smear a bad component over all of them
    this.badIndex = firstNonFinite(k);
    if (this.badIndex >= 0) return false;
    this.W.solve(k);
    this.badIndex = firstNonFinite(k);
    return this.badIndex < 0;
  }

  attempt(h: number): number {
    const { N, y, u, du, ft, t, k1, k2, k3, k4, k5, k6 } = this;
    this.h = h;
    this.singular = false;
    this.badIndex = -1;
    const reuseJ = this.jacobianAtPoint;
    this.jacobianAtPoint = true;
    if (!this.W.factor(t, y, h * RODAS_GAMMA, reuseJ)) {
      this.singular = true;
      return NaN;
    }
    if (this.dfdt) this.dfdt(t, y, ft, this.f0);
    else ft.fill(0);
    const ih = 1 / h;
    for (let i = 0; i < N; i++) k1[i] = this.f0[i] + h * D1 * ft[i];
    if (!this.stage(k1)) return NaN;

    for (let i = 0; i < N; i++) u[i] = y[i] + A21 * k1[i];
    this.f(t + CT2 * h, u, du);
    for (let i = 0; i < N; i++) k2[i] = du[i] + h * D2 * ft[i] + ih * C21 * k1[i];
    if (!this.stage(k2)) return NaN;

    for (let i = 0; i < N; i++) u[i] = y[i] + A31 * k1[i] + A32 * k2[i];
    this.f(t + CT3 * h, u, du);
    for (let i = 0; i < N; i++) k3[i] = du[i] + h * D3 * ft[i] + ih * (C31 * k1[i] + C32 * k2[i]);
    if (!this.stage(k3)) return NaN;

    for (let i = 0; i < N; i++) u[i] = y[i] + A41 * k1[i] + A42 * k2[i] + A43 * k3[i];
    this.f(t + CT4 * h, u, du);
    for (let i = 0; i < N; i++) k4[i] = du[i] + h * D4 * ft[i] + ih * (C41 * k1[i] + C42 * k2[i] + C43 * k3[i]);
    if (!this.stage(k4)) return NaN;

    for (let i = 0; i < N; i++) u[i] = y[i] + A51 * k1[i] + A52 * k2[i] + A53 * k3[i] + A54 * k4[i];
    this.f(t + h, u, du);
    for (let i = 0; i < N; i++) k5[i] = du[i] + ih * (C51 * k1[i] + C52 * k2[i] + C53 * k3[i] + C54 * k4[i]);
    if (!this.stage(k5)) return NaN;

    for (let i = 0; i < N; i++) u[i] += k5[i];
    this.f(t + h, u, du);
    for (let i = 0; i < N; i++) k6[i] = du[i] + ih * (C61 * k1[i] + C62 * k2[i] + C63 * k3[i] + C64 * k4[i] + C65 * k5[i]);
    if (!this.stage(k6)) return NaN;
    this.stats.fevals += 5;

    const yNew = this.yNew;
    for (let i = 0; i < N; i++) yNew[i] = u[i] + k6[i];
    const bad = firstNonFinite(yNew);
    if (bad >= 0) {
      this.badIndex = bad;
      return NaN;
    }
    return errorNorm(k6, y, yNew, this.tol);
  }

  accept(): void {
    const { N, k1, k2, k3, k4, k5 } = this;
    for (let i = 0; i < N; i++) {
      this.dense1[i] = H21 * k1[i] + H22 * k2[i] + H23 * k3[i] + H24 * k4[i] + H25 * k5[i];
      this.dense2[i] = H31 * k1[i] + H32 * k2[i] + H33 * k3[i] + H34 * k4[i] + H35 * k5[i];
    }
    this.y0.set(this.y);
    this.y.set(this.yNew);
    this.tOld = this.t;
    this.t += this.h;
    this.jacobianAtPoint = false;
    // f at the new point: the next step's first stage, and f0 for the driver
    this.f(this.t, this.y, this.f0);
    this.stats.fevals++;
  }

  interpolate(s: number, out: Float64Array): void {
    const th = (s - this.tOld) / this.h;
    const th1 = 1 - th;
    const { y0, y, dense1, dense2 } = this;
    for (let i = 0; i < this.N; i++) out[i] = th1 * y0[i] + th * (y[i] + th1 * (dense1[i] + th * dense2[i]));
  }
}

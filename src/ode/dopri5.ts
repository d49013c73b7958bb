/**
 * Dormand–Prince 5(4) (Dormand & Prince, J. Comput. Appl. Math. 6, 1980; Hairer, Nørsett &
 * Wanner, Solving ODEs I, II.4–II.6, Table 5.2): a 7-stage explicit pair that propagates the
 * 5th-order solution with FSAL (stage 7 is f at the new point), its 4th-order continuous
 * extension (Hairer's dense output of dopri5.f, II.6), and the stiffness test of Hairer & Wanner,
 * Solving ODEs II, IV.2:
 * hλ ≈ h‖f(y7) − f(y6)‖ / ‖y7 − y6‖, both stages sitting at c = 1, compared with 3.25 (the
 * boundary of the stability region on the negative real axis).
 */
import { errorNorm, type Tolerances } from './norm';
import { firstNonFinite, worstScaled, type RhsFn, type Stepper } from './stepper';
import type { OdeStats } from './types';

const C2 = 1 / 5, C3 = 3 / 10, C4 = 4 / 5, C5 = 8 / 9;
const A21 = 1 / 5;
const A31 = 3 / 40, A32 = 9 / 40;
const A41 = 44 / 45, A42 = -56 / 15, A43 = 32 / 9;
const A51 = 19372 / 6561, A52 = -25360 / 2187, A53 = 64448 / 6561, A54 = -212 / 729;
const A61 = 9017 / 3168, A62 = -355 / 33, A63 = 46732 / 5247, A64 = 49 / 176, A65 = -5103 / 18656;
const A71 = 35 / 384, A73 = 500 / 1113, A74 = 125 / 192, A75 = -2187 / 6784, A76 = 11 / 84;
// e = b − b̂ (5th minus 4th order weights)
const E1 = 71 / 57600, E3 = -71 / 16695, E4 = 71 / 1920, E5 = -17253 / 339200, E6 = 22 / 525, E7 = -1 / 40;
// dense output (Hairer's D1..D7 of dopri5.f)
const D1 = -12715105075 / 11282082432, D3 = 87487479700 / 32700410799, D4 = -10690763975 / 1880347072;
const D5 = 701980252875 / 199316789632, D6 = -1453857185 / 822651844, D7 = 69997945 / 29380423;

/** hλ above which a step counts as stiff (Hairer & Wanner, Solving ODEs II, IV.2). */
export const DOPRI_STIFF_HLAMBDA = 3.25;

export class Dopri5 implements Stepper {
  readonly order = 4;
  t = 0;
  /** The last accepted point's state (after accept, the buffer the step's result went to). */
  y: Float64Array;
  badIndex = -1;
  readonly singular = false;
  /** h·|λ| estimate of the last attempt (0 when the two stages coincide). */
  hLambda = 0;
  private h = 0;
  // k1 = f(t, y); accept swaps it with k7 = f(t+h, y+) (FSAL) and y with yNew instead of copying,
  // so until the next attempt k7 and yNew hold the step's start, which the dense output reads
  private k1: Float64Array;
  private readonly k2: Float64Array;
  private readonly k3: Float64Array;
  private readonly k4: Float64Array;
  private readonly k5: Float64Array;
  private readonly k6: Float64Array;
  private k7: Float64Array;
  private yNew: Float64Array;
  private readonly ySti: Float64Array;
  private readonly tmp: Float64Array;
  private readonly err: Float64Array;
  // the continuous extension's vectors besides y_old (fields, not an array: no destructuring per
  // call), formed on the first interpolation inside an accepted step: most steps cover no
  // observation time and never need them
  private readonly r2: Float64Array;
  private readonly r3: Float64Array;
  private readonly r4: Float64Array;
  private readonly r5: Float64Array;
  private tOld = 0;
  private denseReady = false;

  constructor(
    readonly N: number,
    private readonly f: RhsFn,
    private readonly tol: Tolerances,
    private readonly stats: OdeStats,
  ) {
    const v = () => new Float64Array(N);
    this.y = v();
    this.k1 = v(); this.k2 = v(); this.k3 = v(); this.k4 = v(); this.k5 = v(); this.k6 = v(); this.k7 = v();
    this.yNew = v(); this.ySti = v(); this.tmp = v(); this.err = v();
    this.r2 = v(); this.r3 = v(); this.r4 = v(); this.r5 = v();
  }

  /** f at the current point (FSAL): the driver's initial step guess reads it. */
  get f0(): Float64Array {
    return this.k1;
  }

  worstComponent(): number {
    return worstScaled(this.err, this.y, this.tol.rtol, this.tol.atol);
  }

  init(t: number, y: Float64Array): boolean {
    this.t = t;
    this.y.set(y);
    this.f(t, this.y, this.k1);
    this.stats.fevals++;
    this.badIndex = firstNonFinite(this.k1);
    return this.badIndex < 0;
  }

  attempt(h: number): number {
    const { N, y, k1, k2, k3, k4, k5, k6, k7, tmp, yNew, ySti, t } = this;
    this.h = h;
    for (let i = 0; i < N; i++) tmp[i] = y[i] + h * A21 * k1[i];
    this.f(t + C2 * h, tmp, k2);
    for (let i = 0; i < N; i++) tmp[i] = y[i] + h * (A31 * k1[i] + A32 * k2[i]);
    this.f(t + C3 * h, tmp, k3);
    for (let i = 0; i < N; i++) tmp[i] = y[i] + h * (A41 * k1[i] + A42 * k2[i] + A43 * k3[i]);
    this.f(t + C4 * h, tmp, k4);
    for (let i = 0; i < N; i++) tmp[i] = y[i] + h * (A51 * k1[i] + A52 * k2[i] + A53 * k3[i] + A54 * k4[i]);
    this.f(t + C5 * h, tmp, k5);
    for (let i = 0; i < N; i++) ySti[i] = y[i] + h * (A61 * k1[i] + A62 * k2[i] + A63 * k3[i] + A64 * k4[i] + A65 * k5[i]);
    this.f(t + h, ySti, k6);
    for (let i = 0; i < N; i++) yNew[i] = y[i] + h * (A71 * k1[i] + A73 * k3[i] + A74 * k4[i] + A75 * k5[i] + A76 * k6[i]);
    this.f(t + h, yNew, k7);
    this.stats.fevals += 6;
    const e = this.err;
    for (let i = 0; i < N; i++) e[i] = h * (E1 * k1[i] + E3 * k3[i] + E4 * k4[i] + E5 * k5[i] + E6 * k6[i] + E7 * k7[i]);
    const norm = errorNorm(e, y, yNew, this.tol);
    if (Number.isNaN(norm)) {
      const bad = firstNonFinite(yNew);
      this.badIndex = bad >= 0 ? bad : firstNonFinite(k7);
      return NaN;
    }
    let num = 0;
    let den = 0;
    for (let i = 0; i < N; i++) {
      num += (k7[i] - k6[i]) ** 2;
      den += (yNew[i] - ySti[i]) ** 2;
    }
    this.hLambda = den > 0 ? Math.abs(h) * Math.sqrt(num / den) : 0;
    return norm;
  }

  accept(): void {
    this.tOld = this.t;
    this.t += this.h;
    const y = this.y;
    this.y = this.yNew;
    this.yNew = y;
    const k1 = this.k1;
    this.k1 = this.k7;
    this.k7 = k1;
    this.denseReady = false;
  }

  /** Hairer's continuous extension of the accepted step (dopri5.f's CONTD5 coefficients). */
  private dense(): void {
    const { N, h, r2, r3, r4, r5, k3, k4, k5, k6 } = this;
    const yOld = this.yNew;
    const yN = this.y;
    const k1 = this.k7; // f at the step's start
    const k7 = this.k1; // f at its end
    for (let i = 0; i < N; i++) {
      const dy = yN[i] - yOld[i];
      const bspl = h * k1[i] - dy;
      r2[i] = dy;
      r3[i] = bspl;
      r4[i] = dy - h * k7[i] - bspl;
      r5[i] = h * (D1 * k1[i] + D3 * k3[i] + D4 * k4[i] + D5 * k5[i] + D6 * k6[i] + D7 * k7[i]);
    }
    this.denseReady = true;
  }

  interpolate(s: number, out: Float64Array): void {
    if (!this.denseReady) this.dense();
    const th = (s - this.tOld) / this.h;
    const th1 = 1 - th;
    const { r2, r3, r4, r5 } = this;
    const r1 = this.yNew; // y at the step's start
    for (let i = 0; i < this.N; i++) out[i] = r1[i] + th * (r2[i] + th1 * (r3[i] + th * (r4[i] + th1 * r5[i])));
  }
}

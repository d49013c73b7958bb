/**
 * Profile-likelihood (profile t) intervals of one parameter of a least-squares fit
 * (Bates & Watts 1988, Nonlinear Regression Analysis and Its Applications, §6.1; the method of
 * R's profile.nls / confint.nls).
 *
 * Hold θᵢ at a value v, minimize the residual sum of squares over the other parameters: S(v). The
 * profile t statistic is
 *     τ(v) = sign(v − θ̂ᵢ)·√(S(v) − S(θ̂))/s,   s² = S(θ̂)/(n − p),
 * and the interval is {v : |τ(v)| ≤ t_{n−p}(1 − α/2)}. For a linear model τ is linear in v and the
 * interval is the Wald interval; a curved τ gives an asymmetric one.
 *
 * Legend: `cutoff` = t_{n−p}(1 − α/2); `se` = the Wald standard error of θᵢ (the first step's
 * scale); `others` = the refitted values of the other free parameters at a profile point, the start
 * of the next refit (the neighbouring point, as R does).
 *
 * Each side steps outward with steps aimed at τ increments of cutoff/4 (the local slope of τ
 * predicts the step), then finds τ = ±cutoff inside the bracket by the Illinois variant of regula
 * falsi. A side whose τ never reaches the cutoff (a flat profile, a bound, a refit that fails) has
 * no end: null, as R's NA.
 */

export interface RefitResult {
  /** S(v): the re-minimized χ² with the parameter held at v. */
  readonly chi2: number;
  /** The other free parameters at that minimum. */
  readonly others: Float64Array;
}

/** Refit the other parameters with θᵢ = value, starting from `start`; null when the refit failed. */
export type Refit = (value: number, start: Float64Array) => Promise<RefitResult | null>;

export interface ProfileInput {
  readonly estimate: number;
  readonly se: number;
  readonly chi2Min: number;
  /** s = √(S(θ̂)/(n − p)) (1 with absolute σ). */
  readonly s: number;
  readonly cutoff: number;
  /** Bounds of θᵢ (the profile stops there). */
  readonly lower: number;
  readonly upper: number;
  /** The other free parameters at θ̂. */
  readonly others: Float64Array;
  readonly refit: Refit;
  /** Outward steps per side before giving up (default 30). */
  readonly maxSteps?: number;
}

export interface ProfilePoint {
  readonly value: number;
  readonly tau: number;
}

export interface ParameterProfile {
  /** Interval ends; null where τ never reaches −cutoff (lower) or +cutoff (upper). */
  readonly lower: number | null;
  readonly upper: number | null;
  /** Every evaluated point, sorted by value (θ̂ with τ = 0 included): the profile plot. */
  readonly points: ProfilePoint[];
  /** A refit found S(v) < S(θ̂): the fit was not at the minimum (R: "profiling has found a better solution"). */
  readonly betterFit: boolean;
}

interface Point extends ProfilePoint {
  readonly others: Float64Array;
}

/** Relative tolerance of the interval ends, in units of se (far below the 0.2% of width asked). */
const END_TOLERANCE = 1e-7;

export async function profileParameter(input: ProfileInput): Promise<ParameterProfile> {
  const { estimate, se, chi2Min, s, cutoff, refit } = input;
  const maxSteps = input.maxSteps ?? 30;
  const points: Point[] = [{ value: estimate, tau: 0, others: input.others }];
  let betterFit = false;

  /** τ at v, refitted from `start`; null when the refit fails. */
  const tauAt = async (v: number, start: Float64Array): Promise<Point | null> => {
    const r = await refit(v, start);
    if (!r || !Number.isFinite(r.chi2)) return null;
    const dS = r.chi2 - chi2Min;
    if (dS < -1e-10 * chi2Min) betterFit = true;
    const p = { value: v, tau: (Math.sign(v - estimate) * Math.sqrt(Math.max(dS, 0))) / s, others: r.others };
    points.push(p);
    return p;
  };

  const side = async (d: 1 | -1): Promise<number | null> => {
    const limit = d > 0 ? input.upper : input.lower;
    let prev = points[0];
    let slope = 1 / se; // dτ/dv in the linear approximation
    let step = 0;
    for (let i = 0; i < maxSteps; i++) {
      const gap = cutoff - d * prev.tau;
      // Aim at τ + cutoff/4, or at the cutoff itself when it is that close; grow at most 4× a step.
      const aim = Math.min(cutoff / 4, gap * 1.05);
      let delta = aim / Math.max(slope, 1e-3 / se);
      if (step > 0) delta = Math.min(delta, 4 * step);
      let v = prev.value + d * delta;
      if (d * (v - limit) >= 0) {
        if (prev.value === limit) return null;
        v = limit;
      }
      let next: Point | null = null;
      for (let tries = 0; tries < 4 && !next; tries++) {
        next = await tauAt(v, prev.others);
        if (!next) v = prev.value + 0.5 * (v - prev.value);
      }
      if (!next) return null;
      if (d * next.tau >= cutoff) return solveEnd(prev, next, d * cutoff);
      const rise = d * (next.tau - prev.tau);
      step = Math.abs(next.value - prev.value);
      // A flat or falling stretch: keep the step growing rather than trust the slope.
      slope = rise > 0 ? rise / step : slope / 4;
      prev = next;
      if (next.value === limit) return null;
    }
    return null;
  };

  /** τ(v) = target between a (short of it) and b (past it): Illinois regula falsi on refits. */
  const solveEnd = async (a: Point, b: Point, target: number): Promise<number | null> => {
    let fa = a.tau - target;
    let fb = b.tau - target;
    for (let i = 0; i < 60; i++) {
      if (Math.abs(b.value - a.value) <= END_TOLERANCE * se) break;
      const v = b.value - (fb * (b.value - a.value)) / (fb - fa);
      const near = Math.abs(v - a.value) < Math.abs(v - b.value) ? a : b;
      const c = await tauAt(v, near.others);
      if (!c) return null;
      const fc = c.tau - target;
      if (fc === 0) return c.value;
      if (fc * fb < 0) {
        a = b;
        fa = fb;
      } else {
        fa /= 2; // Illinois: halve the kept end's value so the bracket shrinks from both sides
      }
      b = c;
      fb = fc;
      if (Math.abs(fc) <= END_TOLERANCE * cutoff) break;
    }
    return b.value;
  };

  if (!(se > 0) || !Number.isFinite(se) || !(s > 0) || !Number.isFinite(cutoff)) {
    return { lower: null, upper: null, points: [{ value: estimate, tau: 0 }], betterFit };
  }
  const upper = await side(1);
  const lower = await side(-1);
  const sorted = points.map(({ value, tau }) => ({ value, tau })).sort((x, y) => x.value - y.value);
  return { lower, upper, points: sorted, betterFit };
}

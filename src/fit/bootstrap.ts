/**
 * Bootstrap intervals of a fit's parameters (issue 26): B refits of resampled data, and the
 * percentile interval of each free parameter (Efron & Tibshirani, An Introduction to the Bootstrap,
 * 1993, ch. 13; Davison & Hinkley, Bootstrap Methods and their Application, 1997, §6.2–6.3).
 *
 *   residual  y*ᵢ = f(xᵢ, p̂) + σᵢ·e*ᵢ, e* drawn with replacement from the weighted residuals
 *             eᵢ = (yᵢ − fᵢ)/σᵢ, centred and rescaled by √(n/(n − k)) for the fit's degrees of
 *             freedom (D&H §6.2.3), so that their variance is the fit's s²
 *   case      rows (x, y, σ) drawn with replacement (D&H §6.2.4): valid also when the errors
 *             are not identically distributed
 *
 * Every refit starts at p̂ (bounds and fixed parameters as the fit's). Refits that fail
 * (not converged, non-finite) are left out and counted. The generator is seeded (mulberry32), so a
 * seed gives the same intervals every run. The refits run in this thread, on the CPU.
 *
 * Beside the percentile intervals: BCa and studentized (bootstrap-t) intervals
 * (bootstrapIntervals.ts). Bootstrap-t takes each refit's own standard error, which every refit
 * has, so it is always computed. BCa's acceleration needs n more refits, the jackknife over the
 * fit's rows (each left out once), for both resampling kinds: they run only when BCa is the
 * interval asked for (options.interval 'bca'); otherwise `bca` is absent.
 */
import { curveFit, type CurveFitInput } from './curveFit';
import type { FitResult } from './types';
import { weightSigma } from './weights';
import { startsFrom, weightedResiduals } from './rout';
import { mulberry32 } from '../stats/mulberry32';
import { bcaInterval, percentileInterval, studentizedInterval, type BootstrapInterval } from './bootstrapIntervals';

export type BootstrapKind = 'residual' | 'case';

export interface BootstrapOptions {
  readonly kind: BootstrapKind;
  /** Resamples B. */
  readonly resamples: number;
  readonly seed: number;
  /** Interval level (the fit's confidenceLevel, 0.95). */
  readonly level: number;
  /** The interval the report leads with (--bootstrap-interval; absent: percentile). Percentile and
   *  studentized are always computed; BCa (and its n jackknife refits) only when this is 'bca'. */
  readonly interval?: BootstrapInterval;
  /** What a caller may watch and interleave (the page's worker): a pause between refits so that
   *  Cancel gets in, the stop flag it sets, and the resamples done of B. */
  readonly pause?: () => Promise<void>;
  readonly stopped?: () => boolean;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface BootstrapResult {
  readonly kind: BootstrapKind;
  readonly resamples: number;
  readonly seed: number;
  /** The interval the report leads with (percentile unless asked otherwise). */
  readonly interval: BootstrapInterval;
  /** Refits that failed and were left out. */
  readonly failed: number;
  /** Percentile interval of each free parameter. */
  readonly intervals: Record<string, [number, number]>;
  /** BCa interval of each free parameter (Efron 1987), its acceleration from the jackknife over
   *  rows; present only when `interval` is 'bca' (the jackknife's n refits are not run otherwise). */
  readonly bca?: Record<string, [number, number]>;
  /** Studentized (bootstrap-t) interval of each free parameter, from each refit's standard error. */
  readonly studentized: Record<string, [number, number]>;
  /** Each free parameter's resampled values, in resample order (the page's histograms). */
  readonly samples: Record<string, Float64Array>;
  /** `stopped` ended the resampling early: the intervals are of fewer than B refits. */
  readonly stopped: boolean;
}

export async function bootstrapFit(given: CurveFitInput, fit: FitResult, options: BootstrapOptions): Promise<BootstrapResult> {
  const input: CurveFitInput = { ...given, rowPasses: undefined, primary: undefined, checkpoint: undefined, onIteration: undefined };
  const { data } = input;
  const n = data.y.length;
  const k = fit.free.length;
  const uniform = mulberry32(options.seed);
  const draw = () => Math.min(n - 1, Math.floor(uniform() * n));
  const starts = startsFrom(input, fit);
  // Residual resampling: fitted values, σ, and the centred, rescaled weighted residuals.
  const sigma = weightSigma(input.options?.weights ?? 'sigma', data);
  const e = weightedResiduals(input, fit).map((r) => -r); // (y − f)/σ
  const fitted = Float64Array.from(data.y, (y, i) => y - e[i] * (sigma ? sigma[i] : 1));
  const mean = e.reduce((a, b) => a + b, 0) / n;
  const scale = Math.sqrt(n / Math.max(n - k, 1));
  const modified = e.map((r) => (r - mean) * scale);
  const samples = fit.free.map(() => [] as number[]);
  const sampleSe = fit.free.map(() => [] as number[]);
  let failed = 0;
  let stopped = false;
  for (let b = 0; b < options.resamples; b++) {
    if (options.pause) await options.pause();
    if (options.stopped?.()) {
      stopped = true;
      break;
    }
    options.onProgress?.(b, options.resamples);
    let resampled: CurveFitInput['data'];
    if (options.kind === 'residual') {
      const y = Float64Array.from(fitted, (f, i) => f + (sigma ? sigma[i] : 1) * modified[draw()]);
      resampled = { ...data, y, yLo: null };
    } else {
      const rows = Array.from({ length: n }, draw);
      const pick = (a: Float64Array) => Float64Array.from(rows, (r) => a[r]);
      resampled = { vars: data.vars.map(pick), y: pick(data.y), sigma: data.sigma ? pick(data.sigma) : null, lines: data.lines ? rows.map((r) => data.lines![r]) : null };
    }
    const refit = await refitValues(input, resampled, starts, fit.free);
    if (!refit) {
      failed++;
      continue;
    }
    refit.values.forEach((v, j) => {
      samples[j].push(v);
      sampleSe[j].push(refit.se[j]);
    });
  }
  const interval = options.interval ?? 'percentile';
  const leaveOneOut = interval === 'bca' && !stopped ? await jackknife(input, starts, fit.free, options.pause) : null;
  const level = options.level;
  const per = (f: (j: number) => [number, number]) => Object.fromEntries(fit.free.map((name, j) => [name, f(j)])) as Record<string, [number, number]>;
  const estimate = (j: number) => fit.parameters.find((p) => p.name === fit.free[j])!;
  const intervals = per((j) => percentileInterval(samples[j], level));
  const bca = leaveOneOut ? per((j) => bcaInterval(samples[j], estimate(j).value, leaveOneOut[j], level)) : undefined;
  const studentized = per((j) => studentizedInterval(samples[j], sampleSe[j], estimate(j).value, estimate(j).stderr, level));
  const kept = Object.fromEntries(fit.free.map((name, j) => [name, Float64Array.from(samples[j])]));
  options.onProgress?.(options.resamples, options.resamples);
  return { kind: options.kind, interval, resamples: options.resamples, seed: options.seed, failed, intervals, ...(bca ? { bca } : {}), studentized, samples: kept, stopped };
}

/** The jackknife over rows for BCa's acceleration (Efron 1987; D&H §5.3.2): each row left out once,
 *  refitted from p̂; each free parameter's leave-one-out values (failed refits left out). */
async function jackknife(input: CurveFitInput, starts: CurveFitInput['parameters'], free: readonly string[], pause?: () => Promise<void>): Promise<number[][]> {
  const { data } = input;
  const n = data.y.length;
  const leaveOneOut = free.map(() => [] as number[]);
  for (let i = 0; i < n; i++) {
    if (pause) await pause();
    const keep = Array.from({ length: n - 1 }, (_, r) => (r < i ? r : r + 1));
    const pick = (a: Float64Array) => Float64Array.from(keep, (r) => a[r]);
    const dropped = { vars: data.vars.map(pick), y: pick(data.y), sigma: data.sigma ? pick(data.sigma) : null, yLo: null, lines: data.lines ? keep.map((r) => data.lines![r]) : null };
    const refit = await refitValues(input, dropped, starts, free);
    if (refit) refit.values.forEach((v, j) => leaveOneOut[j].push(v));
  }
  return leaveOneOut;
}

/** The ends of the interval the report leads with (b.interval): BCa is computed exactly when it leads. */
export function leadingIntervals(b: BootstrapResult): Record<string, [number, number]> {
  if (b.interval === 'studentized') return b.studentized;
  return b.interval === 'bca' && b.bca ? b.bca : b.intervals;
}

/** One refit from p̂'s starts: the free parameters' values and standard errors, or null when it fails (throws, does not converge, non-finite). */
async function refitValues(input: CurveFitInput, data: CurveFitInput['data'], starts: CurveFitInput['parameters'], free: readonly string[]) {
  let refit: FitResult;
  try {
    refit = await curveFit({ ...input, data, parameters: starts });
  } catch {
    return null;
  }
  const found = free.map((name) => refit.parameters.find((p) => p.name === name));
  const values = found.map((p) => p?.value ?? NaN);
  if (!refit.success || !values.every(Number.isFinite)) return null;
  return { values, se: found.map((p) => p?.stderr ?? NaN) };
}

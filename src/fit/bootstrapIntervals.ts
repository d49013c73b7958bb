/**
 * The three bootstrap confidence intervals of one parameter from its B resampled values θ*
 * (issue 26; Davison & Hinkley, Bootstrap Methods and their Application, 1997, §5.2–5.3):
 *
 *   percentile   [θ*₍α/2₎, θ*₍1−α/2₎] (D&H eq. 5.18)
 *   BCa          the percentile interval at shifted levels (Efron, JASA 82:171, 1987; D&H §5.3.2):
 *                α̃ = Φ(z₀ + (z₀ + z_α)/(1 − a(z₀ + z_α))), with the bias correction
 *                z₀ = Φ⁻¹(#{θ* < θ̂}/B) and the acceleration a = Σ lᵢ³ / (6 (Σ lᵢ²)^{3/2}) from the
 *                jackknife influence values lᵢ = θ̄₍.₎ − θ₍ᵢ₎ (D&H eq. 5.25 with the jackknife
 *                estimate of the empirical influence, §2.7.3)
 *   studentized  bootstrap-t (D&H §5.2.1, eq. 5.7): z*_b = (θ*_b − θ̂)/se*_b from each refit's own
 *                standard error, and [θ̂ − se·z*₍1−α/2₎, θ̂ − se·z*₍α/2₎]. It widens the interval
 *                where se is itself uncertain (small n), which the percentile interval does not.
 *
 * The quantiles are Hyndman & Fan type 7 (numpy's 'linear'), the convention of scipy.stats.bootstrap,
 * whose BCa the unit test matches on the same replicates.
 */
import { erfc } from '../model/special';
import { normalQuantile } from '../stats/normalQuantile';
import { sortedQuantile } from '../stats/quantile';

export type BootstrapInterval = 'percentile' | 'bca' | 'studentized';

const normalCdf = (z: number) => 0.5 * erfc(-z / Math.SQRT2);

/** Percentile interval of the replicates at level 1 − α. */
export function percentileInterval(replicates: ArrayLike<number>, level: number): [number, number] {
  const sorted = Float64Array.from(replicates).sort();
  const alpha = 1 - level;
  return [sortedQuantile(sorted, alpha / 2), sortedQuantile(sorted, 1 - alpha / 2)];
}

/** The jackknife acceleration a = Σ(θ̄ − θ₍ᵢ₎)³ / (6 (Σ(θ̄ − θ₍ᵢ₎)²)^{3/2}); 0 when the leave-one-out values do not vary. */
export function jackknifeAcceleration(leaveOneOut: ArrayLike<number>): number {
  const n = leaveOneOut.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += leaveOneOut[i] / n;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < n; i++) {
    const l = mean - leaveOneOut[i];
    s2 += l * l;
    s3 += l * l * l;
  }
  return s2 > 0 ? s3 / (6 * s2 ** 1.5) : 0;
}

/** BCa interval from the replicates, the estimate θ̂ and the jackknife leave-one-out estimates. NaNs where z₀ is infinite (every replicate on one side of θ̂). */
export function bcaInterval(replicates: ArrayLike<number>, estimate: number, leaveOneOut: ArrayLike<number>, level: number): [number, number] {
  const sorted = Float64Array.from(replicates).sort();
  const B = sorted.length;
  let below = 0;
  for (let b = 0; b < B; b++) if (sorted[b] < estimate) below++;
  const z0 = normalQuantile(below / B);
  if (!Number.isFinite(z0)) return [NaN, NaN];
  const a = jackknifeAcceleration(leaveOneOut);
  const alpha = 1 - level;
  const shifted = (p: number) => {
    const z = z0 + normalQuantile(p);
    return normalCdf(z0 + z / (1 - a * z));
  };
  return [sortedQuantile(sorted, shifted(alpha / 2)), sortedQuantile(sorted, shifted(1 - alpha / 2))];
}

/** Bootstrap-t interval from the replicates θ*_b, their refits' standard errors se*_b, the estimate θ̂ and its standard error. */
export function studentizedInterval(replicates: ArrayLike<number>, replicateSe: ArrayLike<number>, estimate: number, se: number, level: number): [number, number] {
  const t: number[] = [];
  for (let b = 0; b < replicates.length; b++) if (replicateSe[b] > 0 && Number.isFinite(replicateSe[b])) t.push((replicates[b] - estimate) / replicateSe[b]);
  if (t.length === 0 || !(se > 0)) return [NaN, NaN];
  const sorted = Float64Array.from(t).sort();
  const alpha = 1 - level;
  return [estimate - se * sortedQuantile(sorted, 1 - alpha / 2), estimate - se * sortedQuantile(sorted, alpha / 2)];
}

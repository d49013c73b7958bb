/**
 * The Wald table of a likelihood fit (a Poisson MLE): with no residual variance to estimate, the
 * statistic θ̂/se is referred to the standard normal, not Student's t on n − k degrees of freedom
 * (R's summary.glm for families with a fixed dispersion prints "z value" and "Pr(>|z|)", and
 * confint.default gives θ̂ ± Φ⁻¹(1 − α/2)·se). Two-sided p = P(|Z| > |z|) = Q(½, z²/2).
 */
import { gammaQ } from '../stats/gammaInc';
import { normalQuantile } from '../stats/normalQuantile';
import type { FitResult } from './types';

export function withNormalStatistic(result: FitResult): FitResult {
  const q = normalQuantile(1 - (1 - result.confidenceLevel) / 2);
  const parameters = result.parameters.map((p) => {
    if (p.fixed) return p;
    const z = Number.isFinite(p.stderr) && p.stderr > 0 ? p.value / p.stderr : NaN;
    return { ...p, tStat: z, pValue: Number.isFinite(z) ? gammaQ(0.5, (z * z) / 2) : NaN, ciLower: p.value - q * p.stderr, ciUpper: p.value + q * p.stderr };
  });
  return { ...result, parameters, tValue: q, statistic: 'z' };
}

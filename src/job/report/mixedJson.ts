/**
 * The `mixed` object of a mixed-effects run's JSON (issue 25; a contract: fields are added, never
 * renamed or dropped): method ("ml" | "reml"), cov ("full" | "diag"), fixed, fixedStderr,
 * fixedDf, tValue, pValue ({name: value} over the fixed effects), random (names), randomSd
 * ({name: value}), randomCorr (r×r rows), sigma, logLik, aic, bic, points, groupsFitted, parameters
 * (counted in AIC: fixed effects, Ψ's and σ), iterations, converged, message. nlme's summary
 * holds the same numbers (Pinheiro & Bates 2000, §7.2).
 *
 * Added for the comparisons (R's anova(): Pinheiro & Bates §2.4.1): global {fixed, sigma, logLik,
 * aic, bic, parameters} (the fit without random effects, on the same likelihood), comparisons[]
 * ({against: "global" | "random", simpler, richer: {kind, random, cov, logLik, aic, bic,
 * parameters}, lr, df, pValue, deltaAic}) and comparisonNote (the boundary caveat).
 */
import type { MixedComparison } from '../../fit/mixed/compareMixed';
import { BOUNDARY_NOTE } from '../../fit/mixed/likelihoodRatio';
import type { MixedResult } from '../../fit/mixed/types';

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

const side = (s: MixedComparison['simpler']) => ({ kind: s.kind, random: s.random, cov: s.cov, logLik: finite(s.logLik), aic: finite(s.aic), bic: finite(s.bic), parameters: s.parameterCount });

export function mixedJson(m: MixedResult, comparisons: readonly MixedComparison[] = []): Record<string, unknown> {
  const byName = (names: readonly string[], values: readonly number[]) => Object.fromEntries(names.map((n, i) => [n, finite(values[i])]));
  return {
    method: m.method,
    cov: m.cov,
    fixed: byName(m.names, m.fixed),
    fixedStderr: byName(m.names, m.fixedStderr),
    fixedDf: byName(m.names, m.fixedDf),
    tValue: byName(m.names, m.tValue),
    pValue: byName(m.names, m.pValue),
    random: m.random,
    randomSd: byName(m.random, m.randomSd),
    randomCorr: m.randomCorr.map((row) => row.map(finite)),
    sigma: finite(m.sigma),
    logLik: finite(m.logLik),
    aic: finite(m.aic),
    bic: finite(m.bic),
    points: m.points,
    groupsFitted: m.groupsFitted,
    parameters: m.parameterCount,
    iterations: m.iterations,
    converged: m.converged,
    message: m.message,
    global: { fixed: byName(m.names, m.global.fixed), sigma: finite(m.global.sigma), logLik: finite(m.global.logLik), aic: finite(m.global.aic), bic: finite(m.global.bic), parameters: m.global.parameterCount },
    comparisons: comparisons.map((c) => ({
      against: c.against,
      simpler: side(c.simpler),
      richer: side(c.richer),
      lr: finite(c.lr),
      df: c.df,
      pValue: finite(c.pValue),
      deltaAic: finite(c.deltaAic),
    })),
    comparisonNote: BOUNDARY_NOTE,
  };
}

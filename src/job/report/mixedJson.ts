/**
 * The `mixed` object of a mixed-effects run's JSON (issue 25; a contract: fields are added, never
 * renamed or dropped): method ("ml" | "reml"), cov ("full" | "diag"), fixed, fixedStderr,
 * fixedDf, tValue, pValue ({name: value} over the fixed effects), random (names), randomSd
 * ({name: value}), randomCorr (r×r rows), sigma, logLik, aic, bic, points, groupsFitted, parameters
 * (counted in AIC: fixed effects, Ψ's and σ), iterations, converged, message. nlme's summary
 * holds the same numbers (Pinheiro & Bates 2000, §7.2).
 */
import type { MixedResult } from '../../fit/mixed/types';

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

export function mixedJson(m: MixedResult): Record<string, unknown> {
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
  };
}

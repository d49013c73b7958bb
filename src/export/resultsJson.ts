/**
 * A fit's results as one JSON document (format "fitbench-results", formatVersion 1), for people
 * and programs. Field names are FitSpec's and FitResult's (camelCase). JSON has no NaN or
 * Infinity: every non-finite number is written as null (a fixed parameter's stderr, an
 * undetermined covariance, a missing bound), as in links and in the CLI's --json.
 *
 *   {
 *     "format": "fitbench-results", "formatVersion": 1,
 *     "model": "A*exp(-t/tau) + c", "libraryId": null,
 *     "columns": { "x": ["t"], "y": "counts", "sigma": null },
 *     "dataFile": "decay.csv",                      // or null
 *     "settings": { "loss", "fScale", "ftol", "xtol", "gtol", "maxNfev", "xScale", "method",
 *                   "backend", "absoluteSigma" },   // the spec's, as in a link
 *     "success": true, "status": 2, "message": "…",
 *     "parameters": [ { "name", "value", "stderr", "ciLower", "ciUpper", "fixed", "start",
 *                       "min", "max", "atBound", "tValue", "pValue", "percentError" } ],  // model order; atBound −1/0/1
 *     "confidenceLevel": 0.95, "tValue": 2.01,
 *     "statistic": "t",                             // or "z" (a Poisson likelihood fit: normal p and quantile)
 *     "covariance":  { "names": ["A", "tau", "c"], "matrix": [[…], …] },   // free parameters
 *     "correlation": { "names": […], "matrix": [[…], …] },
 *     "statistics": { "points", "freeParameters", "dof", "chi2", "redchi2", "rss", "rmse",
 *                     "r2", "adjR2", "aic", "bic", "syx", "logLik", "aicR", "bicR", "aicc" }
 *     (aic/bic: lmfit's convention; aicR/bicR: R's AIC(nls)/BIC(nls); see src/stats/goodness.ts),
 *     "solver": { "cost", "nfev", "njev", "nit", "extendedPrecision", "fitMs", "warnings": […],
 *                 "phases": [ { "role", "backend", "linearization", "nfev", "njev", "nit",
 *                               "status", "message", "ms", "lost" } ] },
 *     "derived": [ { "name", "expression", "value", "stderr", "ciLower", "ciUpper", "tied" } ]
 *     (the tied parameters, tied: true, and the derived quantities typed in the results, tied:
 *     false; delta-method errors: src/fit/derived.ts; [] for none),
 *     "poisson": { "cash", "deviance", "rounds", "converged", "pearsonChi2", "dispersion", "logLik",
 *                  "aic", "aicc", "bic" } | null
 *     (Solver options › Objective = Poisson likelihood: R's glm statistics, src/stats/poissonGoodness.ts;
 *      "statistics" then holds the last reweighted least-squares round's, whose chi2 is Pearson's χ²),
 *     "modelComparison": { … } | null
 *     (the page's "Compare with another model" of this fit, as the CLI's --json writes it:
 *      src/fit/compare/comparisonJson.ts; null when none was run)
 *   }
 *
 * The per-iteration history is left out (it belongs to the page's convergence plot).
 */
import type { PoissonFacts } from '../fit/poissonMle';
import type { DerivedQuantity } from '../fit/derived';
import { modelComparisonJson } from '../fit/compare/comparisonJson';
import type { ModelComparison } from '../fit/compare/compareModels';
import type { FitResult } from '../fit/types';
import type { FitSpec } from '../share/types';
import type { JsonValue } from '../share/jsonText';
import { settingsToWire } from '../share/wire';

export const RESULTS_FORMAT = 'fitbench-results';
export const RESULTS_FORMAT_VERSION = 1;

type Json = JsonValue;

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

function matrix(names: readonly string[], values: ArrayLike<number>): Json {
  const k = names.length;
  return { names: [...names], matrix: Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => num(values[i * k + j]))) };
}

/** A comparison with a second model: its fit and the comparison (the page's card). */
export interface ComparedModelFit {
  readonly second: FitResult;
  readonly comparison: ModelComparison;
}

/** A Poisson likelihood fit's facts (src/fit/poissonMle.ts; the CLI's --json "poisson"). */
export type PoissonResultFacts = PoissonFacts;

function poissonJson(p: PoissonResultFacts | null): Json {
  if (!p) return null;
  const opt = (v: number | undefined) => num(v ?? NaN);
  return { cash: num(p.cash), deviance: num(p.deviance), rounds: p.rounds, converged: p.converged, pearsonChi2: opt(p.pearsonChi2), dispersion: opt(p.dispersion), logLik: opt(p.logLik), aic: opt(p.aic), aicc: opt(p.aicc), bic: opt(p.bic) };
}

export function resultsJson(spec: FitSpec, result: FitResult, derived: readonly (DerivedQuantity & { readonly tied?: boolean })[] = [], compared: ComparedModelFit | null = null, poisson: PoissonResultFacts | null = null): string {
  const st = result.stats;
  const doc: Json = {
    format: RESULTS_FORMAT,
    formatVersion: RESULTS_FORMAT_VERSION,
    model: spec.model,
    libraryId: spec.libraryId,
    columns: { x: [...spec.columns.x], y: spec.columns.y, sigma: spec.columns.sigma },
    dataFile: spec.data?.fileName ?? null,
    settings: settingsToWire(spec.settings),
    success: result.success,
    status: result.status,
    message: result.message,
    parameters: result.parameters.map((p) => ({
      name: p.name,
      value: num(p.value),
      stderr: num(p.stderr),
      ciLower: num(p.ciLower),
      ciUpper: num(p.ciUpper),
      fixed: p.fixed,
      start: num(p.start),
      min: num(p.min),
      max: num(p.max),
      atBound: p.atBound,
      tValue: num(p.tStat ?? NaN),
      pValue: num(p.pValue ?? NaN),
      percentError: num(p.percentError ?? NaN),
    })),
    confidenceLevel: result.confidenceLevel,
    tValue: num(result.tValue),
    statistic: result.statistic ?? 't',
    covariance: matrix(result.free, result.pcov),
    correlation: matrix(result.free, result.correlation),
    statistics: {
      points: st.points,
      freeParameters: st.freeParameters,
      dof: st.dof,
      chi2: num(st.chi2),
      redchi2: num(st.redchi2),
      rss: num(st.rss),
      rmse: num(st.rmse),
      r2: num(st.r2),
      adjR2: num(st.adjR2),
      aic: num(st.aic),
      bic: num(st.bic),
      syx: num(st.syx ?? NaN),
      logLik: num(st.logLik ?? NaN),
      aicR: num(st.aicR ?? NaN),
      bicR: num(st.bicR ?? NaN),
      aicc: num(st.aicc ?? NaN),
    },
    solver: {
      cost: num(result.cost),
      nfev: result.nfev,
      njev: result.njev,
      nit: result.nit,
      extendedPrecision: result.extendedPrecision,
      fitMs: num(result.fitMs),
      warnings: [...result.warnings],
      phases: result.phases.map((p) => ({
        role: p.role,
        backend: p.backend,
        linearization: p.linearization,
        nfev: p.nfev,
        njev: p.njev,
        nit: p.nit,
        status: p.status,
        message: p.message,
        ms: num(p.ms),
        lost: p.lost ?? false,
      })),
    },
    derived: derived.map((d) => ({ name: d.name, expression: d.expression, value: num(d.value), stderr: num(d.stderr), ciLower: num(d.ciLower), ciUpper: num(d.ciUpper), tied: d.tied === true })),
    poisson: poissonJson(poisson),
    modelComparison: compared ? modelComparisonJson(result, compared.second, compared.comparison) : null,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

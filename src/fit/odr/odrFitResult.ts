/**
 * An ODR fit in the shape every fit reports (FitResult), so that the report, the CLI's JSON and
 * the exports read it as they read any fit: the parameter table from sd_beta (Student t on n − p
 * degrees of freedom, as ODRPACK's users compute intervals), pcov = cov_beta·res_var (or
 * cov_beta with absolute sigma), `cost` = half the weighted sum of squares (δ and ε parts), and
 * goodness of fit with χ² = that sum. R² and the RSS read ε (the y residuals at x + δ); an
 * implicit model has no y, so they are NaN there. The ODR-only numbers travel beside it (the
 * OdrResult: the JSON's `odr` object, job/report/odrJson.ts).
 */
import { correlation } from '../../stats/covariance';
import { goodnessOfFit } from '../../stats/goodness';
import { studentTQuantile } from '../../stats/studentT';
import { parameterRow } from '../parameterRow';
import type { ParameterSpec } from '../parameters';
import type { FitResult, ParameterResult } from '../types';
import type { OdrResult } from './types';

export interface OdrReportInput {
  readonly parameters: readonly ParameterSpec[];
  /** y and 1/σy (explicit), for R² and the RSS. */
  readonly y: Float64Array | null;
  readonly w: Float64Array | null;
  readonly absoluteSigma: boolean;
  readonly confidenceLevel: number;
  readonly weighting: string;
}

export function odrFitResult(r: OdrResult, s: OdrReportInput): FitResult {
  const n = r.rows;
  const p = r.free.length;
  const scale = s.absoluteSigma ? 1 : r.resVar;
  const pcov = r.covBeta.map((v) => v * scale);
  let rss = NaN;
  if (r.kind === 'explicit') {
    rss = 0;
    for (let i = 0; i < n; i++) rss += r.eps[i] * r.eps[i];
  }
  const goodness = goodnessOfFit({ y: s.y ?? new Float64Array(n), w: s.y ? s.w : null, chi2: r.sumSquares, rss, freeParameters: p });
  const stats = r.kind === 'explicit' ? goodness : { ...goodness, r2: NaN, adjR2: NaN };
  const dof = n - p;
  const tValue = dof > 0 ? studentTQuantile(1 - (1 - s.confidenceLevel) / 2, dof) : NaN;
  const parameters: ParameterResult[] = r.names.map((name, i) => {
    const free = r.free.includes(name);
    const value = r.beta[i];
    const spec = s.parameters.find((q) => q.name === name);
    const atBound = free ? r.atBound[r.free.indexOf(name)] : 0;
    return parameterRow({ name, value, stderr: free ? r.sdBeta[i] : NaN, free, start: spec?.value ?? value, spec, atBound, tValue, dof });
  });
  return {
    success: r.success,
    status: r.status,
    message: r.message,
    parameters,
    free: [...r.free],
    pcov,
    correlation: correlation(pcov, p),
    cost: r.cost,
    stats,
    confidenceLevel: s.confidenceLevel,
    tValue,
    undetermined: [],
    weighting: s.weighting,
    diagnostics: null,
    nfev: r.nfev,
    njev: r.njev,
    nit: r.nit,
    phases: [{ role: 'fit', backend: 'cpu', linearization: 'normal', nfev: r.nfev, njev: r.njev, nit: r.nit, status: r.status, message: r.message, ms: r.fitMs }],
    history: [],
    warnings: [...r.warnings],
    extendedPrecision: false,
    fitMs: r.fitMs,
  };
}

/**
 * The residual statistics of an ODE fit at its solution, as the closed-form fit reports them
 * (χ² and the RSS by pairwise summation, goodness of fit, residual diagnostics; then
 * summarize.ts's summarizeFit for the covariance and the parameter table), plus each response's
 * own RSS, χ² and R² (R² of a stacked fit mixes the responses' scales; each one's tells how well
 * it is fitted).
 */
import { residualDiagnostics } from '../../stats/diagnostics';
import { goodnessOfFit } from '../../stats/goodness';
import { pairwiseSumSquaredDifferences } from '../residuals';
import type { ResidualSummary } from '../summarize';
import type { StackedRows } from './observations';

export interface ResponseStatistics {
  readonly column: string;
  /** Residuals of this response. */
  readonly n: number;
  readonly rss: number;
  readonly chi2: number;
  readonly r2: number;
}

export function odeResidualSummary(rows: StackedRows, values: Float64Array, freeParameters: number): ResidualSummary {
  const { y, w } = rows;
  const chi2 = pairwiseSumSquaredDifferences(values, y, w);
  const rss = w ? pairwiseSumSquaredDifferences(values, y, null) : chi2;
  return {
    chi2,
    rss,
    stats: goodnessOfFit({ y, w, chi2, rss, freeParameters }),
    // In residual order (per response, by time): the runs test and Durbin–Watson read each series in time.
    diagnostics: residualDiagnostics({ vars: [], y, f: Float64Array.from(values), w, chi2, freeParameters }),
    notes: [],
    extendedPrecision: false,
  };
}

export function responseStatistics(rows: StackedRows, values: Float64Array, columns: readonly string[], freeParameters: number): ResponseStatistics[] {
  return columns.map((column, c) => {
    const a = rows.start[c];
    const b = rows.start[c + 1];
    const y = rows.y.subarray(a, b);
    const f = values.subarray(a, b);
    const w = rows.w ? rows.w.subarray(a, b) : null;
    const chi2 = pairwiseSumSquaredDifferences(f, y, w);
    const rss = w ? pairwiseSumSquaredDifferences(f, y, null) : chi2;
    const r2 = b - a > 0 ? goodnessOfFit({ y, w, chi2, rss, freeParameters }).r2 : NaN;
    return { column, n: b - a, rss, chi2, r2 };
  });
}

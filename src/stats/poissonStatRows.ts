/**
 * The statistics a Poisson likelihood fit reports, as R's glm(…, family = poisson) does
 * (src/stats/poissonGoodness.ts), with the label and the convention each is shown with: one list
 * for the page's results card and the printable report, so the two name them alike.
 */
import type { PoissonGoodness } from './poissonGoodness';

export interface PoissonStatRow {
  /** A stable key (the report's data-stat). */
  readonly key: string;
  readonly label: string;
  /** Absent in fits saved before the statistic was reported. */
  readonly value: number | undefined;
  /** The formula or convention, in words. */
  readonly note: string;
  /** Significant digits on the page. */
  readonly digits: number;
}

/** What the rows need of the fit's least-squares statistics (its last reweighted round). */
interface RoundStatistics {
  readonly dof: number;
  readonly chi2: number;
  readonly redchi2: number;
  readonly rmse: number;
  readonly freeParameters: number;
}

export function poissonStatRows(s: RoundStatistics, p: Partial<PoissonGoodness>): PoissonStatRow[] {
  return [
    { key: 'deviance', label: 'deviance', value: p.deviance, note: `2Σ[y ln(y/μ) − (y − μ)], minimised; ν = ${s.dof}`, digits: 5 },
    // The last reweighted round's χ² is Pearson's: the fallback for fits saved before it was reported.
    { key: 'pearsonChi2', label: 'Pearson χ²', value: p.pearsonChi2 ?? s.chi2, note: 'Σ(y − μ)²/μ', digits: 5 },
    { key: 'dispersion', label: 'dispersion', value: p.dispersion ?? s.redchi2, note: 'Pearson χ²/ν: ≈ 1 for Poisson counts', digits: 4 },
    { key: 'logLik', label: 'log-likelihood', value: p.logLik, note: 'Poisson, Σ[y ln μ − μ − ln y!]', digits: 6 },
    { key: 'aic', label: 'AIC', value: p.aic, note: `R's AIC(glm): −2 ln L + 2k, k = ${s.freeParameters}`, digits: 5 },
    { key: 'aicc', label: 'AICc', value: p.aicc, note: 'AIC + 2k(k + 1)/(n − k − 1)', digits: 5 },
    { key: 'bic', label: 'BIC', value: p.bic, note: "R's BIC(glm): −2 ln L + k·ln n", digits: 5 },
    { key: 'cash', label: 'Cash C', value: p.cash, note: '2Σ(μ − y ln μ) = deviance + a constant', digits: 6 },
    { key: 'rmse', label: 'RMSE', value: s.rmse, note: '√(Σ(y − μ)²/n), unweighted', digits: 4 },
  ];
}

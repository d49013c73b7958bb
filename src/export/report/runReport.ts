/**
 * The printable report (html.ts) of a fit job's run: its result, profile and facts (the same
 * RunFacts the JSON and text reports render, src/job/report/facts.ts) with the fitted rows for
 * the plots. What the CLI's --report writes; the page builds its report from its own state.
 */
import type { FitData } from '../../data/selectColumns';
import type { ProfileResult } from '../../fit/profileFit';
import type { FitResult } from '../../fit/types';
import { DEFAULTS, type FitOptions } from '../../fit/defaults';
import { fittedWeights } from '../../fit/fittedWeights';
import type { CompiledModel } from '../../model/index';
import type { RunFacts } from '../../job/report/facts';
import { fitReportHtml } from './html';
import { fitReportData } from './reportData';
import type { OdrReportParts } from './odrSection';

export interface ReportRun {
  readonly model: CompiledModel;
  readonly data: FitData;
  readonly options: FitOptions;
  readonly result: FitResult;
  readonly profile: ProfileResult | null;
  readonly facts: RunFacts;
  /** Errors in x (issue 24); absent: an ordinary fit. */
  readonly odr?: OdrReportParts;
}

/** The report's HTML, from the same data the JSON reports. */
export function runReportHtml(run: ReportRun, now: Date = new Date()): string {
  const { model, data, options, result, profile, facts, odr } = run;
  const opts = { ...DEFAULTS, ...options };
  const fitData = { vars: model.variables.map((name) => data.vars[data.names.x.indexOf(name)]), y: data.y, sigma: data.sigma };
  // A Poisson fit weighs each row by 1/√μ (its residuals in the report are Pearson residuals).
  const w = fittedWeights(model, fitData, result, { poisson: Boolean(facts.poisson), weights: opts.weights });
  return fitReportHtml({
    generatedAt: now.toISOString(),
    file: facts.file,
    model: facts.model,
    filteredRows: facts.filteredRows,
    excludedRows: facts.excludedRows,
    loss: opts.loss,
    backend: facts.backend,
    result,
    profile,
    data: fitReportData({ model, data: fitData, result, yName: facts.y, sigmaName: facts.sigma, w, ...(odr ? { fitted: odr.fitted, sigmaX: odr.sigmaX } : {}) }),
    notes: facts.notes,
    derived: facts.derived,
    comparison: facts.modelComparison?.comparison ?? null,
    poisson: facts.poisson ?? null,
    ...(odr ? { odr: odr.section } : {}),
    assay: facts.assay ? { interpolated: facts.assay.interpolated, predicted: facts.assay.predicted, outliers: facts.assay.outliers ? { q: facts.assay.outliers.q, lines: facts.assay.outliers.rows } : null } : null,
  });
}

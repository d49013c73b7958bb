/** --report FILE.html: the printable fit report (src/export/report) for a single fit, written to a file. */
import { writeFileSync } from 'node:fs';
import type { FitData } from '../data/selectColumns';
import type { ProfileResult } from '../fit/profileFit';
import type { FitResult } from '../fit/types';
import { DEFAULTS, type FitOptions } from '../fit/defaults';
import { poissonWeights } from '../fit/poissonMle';
import { weightSigma } from '../fit/weights';
import type { CompiledModel } from '../model/index';
import { fitReportData, fitReportHtml } from '../export/report/index';
import { CliError } from './errors';
import type { OutputTarget } from './outputTarget';
import type { RunFacts } from '../job/report/facts';

export interface ReportRun {
  readonly path: string;
  readonly model: CompiledModel;
  readonly data: FitData;
  readonly options: FitOptions;
  readonly result: FitResult;
  readonly profile: ProfileResult | null;
  readonly facts: RunFacts;
}

/** The report's HTML, from the same data the JSON reports. */
export function reportHtml(run: ReportRun, now: Date = new Date()): string {
  const { model, data, options, result, profile, facts } = run;
  const opts = { ...DEFAULTS, ...options };
  const fitData = { vars: model.variables.map((name) => data.vars[data.names.x.indexOf(name)]), y: data.y, sigma: data.sigma };
  const sigma = facts.poisson ? null : weightSigma(opts.weights ?? 'sigma', fitData);
  // A Poisson fit weighs each row by 1/√μ (its residuals in the report are Pearson residuals).
  const w = facts.poisson ? poissonWeights(model, fitData.vars, fitData.y.length, result) : sigma ? sigma.map((v) => 1 / v) : null;
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
    data: fitReportData({ model, data: fitData, result, yName: facts.y, sigmaName: facts.sigma, w }),
    notes: facts.notes,
    derived: facts.derived,
    comparison: facts.modelComparison?.comparison ?? null,
    poisson: facts.poisson ?? null,
    assay: facts.assay ? { interpolated: facts.assay.interpolated, predicted: facts.assay.predicted, outliers: facts.assay.outliers ? { q: facts.assay.outliers.q, lines: facts.assay.outliers.rows } : null } : null,
  });
}

/** The report's target, as checkOutputTargets (outputTarget.ts) checks it before the fit. */
export function reportTarget(file: string): OutputTarget {
  return { option: '--report', file, example: 'report.html', cannot: 'could not write it: ' };
}

export function writeReport(run: ReportRun): void {
  try {
    writeFileSync(run.path, reportHtml(run));
  } catch (error) {
    throw new CliError(`--report: could not write "${run.path}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check that its folder exists and is writable.`);
  }
}

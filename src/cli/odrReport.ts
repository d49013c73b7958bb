/** --report with errors in x (issue 24): the report's run of an explicit errors-in-x fit (writeReport.ts, export/report/odrSection.ts). */
import type { FitCommand } from './args';
import { odrReportParts } from '../export/report/odrSection';
import { DEFAULTS } from '../fit/defaults';
import type { OdrRows } from '../job/job';
import type { JobRun } from '../job/run';
import type { RunFacts } from '../job/report/facts';
import { odrErrors, type odrSetup } from './odrLoad';
import type { ReportRun } from '../export/report/runReport';

export function odrReportRun(command: FitCommand, path: string, setup: ReturnType<typeof odrSetup>, columns: OdrRows, run: JobRun, facts: RunFacts): ReportRun & { readonly path: string } {
  const { model } = setup;
  const y = columns.y!;
  const x = model.variables;
  // The rows as one ordinary fit's selection: the model's columns, y and σy.
  const data = { names: { x: [...x], y: setup.y, sigma: setup.sigma }, vars: [...columns.vars], varsLo: x.map(() => null), y, yLo: null, sigma: columns.sigmaY, rows: y.length, lines: Int32Array.from(columns.lines ?? []), dropped: [], droppedCount: 0 };
  const sigmaX = { name: setup.sigmaOf.get(x[0]) ?? null, values: columns.sigmaX[0] };
  const absoluteSigma = { ...DEFAULTS, ...command.options }.absoluteSigma;
  const errors = `${odrErrors(setup)}, σ(${setup.y}) = ${setup.sigma ?? '1 (unweighted)'}`;
  const odr = odrReportParts(run.odr!, y, sigmaX, errors, absoluteSigma);
  return { path, model, data, options: command.options, result: run.result, profile: run.profile, facts, odr };
}

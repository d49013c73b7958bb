/**
 * Errors in both variables (issue 24): `fitbench fit DATA.csv --model "a + b*x" --sigma-x SX
 * --sigma SY` and implicit models `--model "(x-a)^2 + (y-b)^2 = R^2" --sigma-x x=SX,y=SY`, as a
 * fit job of data kind 'odr' (src/job, fit/odr), printed as every fit is, plus the JSON's `odr`
 * object (ODRPACK's names) and a line of the text report that says it is ODR.
 *
 * The columns: an explicit model's variables are its x columns as always, --y (or the default
 * rule) its response, --sigma its σy; --sigma-x COL gives the σ of the one x column, and
 * --sigma-x x1=s1,x2=s2 one per column (a column without one is exact). An implicit model names
 * every column it relates in the equation, all of them observed: --sigma-x COL gives them one σ
 * column, --sigma-x x=SX,y=SY one each, none gives unit weights; --y and --sigma do not apply.
 * With --group COL each group is fitted on its own, with --shared too globally (odrGroups.ts). What does not run with errors
 * in x yet is refused here in the options' words, before the file is read; the job's clash rules
 * (validate.ts) hold the same list.
 */
import { skipOf } from '../data';
import { runJob } from '../job/run';
import { nodeHost } from '../job/node/host';
import { odrJson } from '../job/report/odrJson';
import { isEquationModel } from '../model';
import { now } from '../solver/clock';
import type { FitCommand } from './args';
import { CliError, EXIT } from './errors';
import { singleJob } from './job';
import { jobAssay } from './assayLoad';
import { odrColumns, odrErrors, odrSetup } from './odrLoad';
import { fitOdrGroupsCommand } from './odrGroups';
import { jsonReport } from '../job/report/json';
import { textReport } from '../job/report/text';
import { startSearchProgress } from './startProgress';
import { checkOutputTargets } from './outputTarget';
import { reportTarget, writeReport } from './writeReport';
import { odrReportRun } from './odrReport';

/** Whether the command is an errors-in-x fit (--sigma-x, or a model that is one equation). */
export function isOdrCommand(command: FitCommand): boolean {
  if (command.sigmaX !== null || isEquationModel(command.model)) return true;
  if (command.deltas) throw new CliError('--deltas writes the δ per row of an errors-in-x fit: add --sigma-x COL (or fit an implicit model, lhs = rhs), or drop --deltas.');
  return false;
}

/** Options that do not run with errors in x yet, and why, in the options' words. */
function refusals(command: FitCommand, implicit: boolean): string | null {
  const odr = 'with errors in x (--sigma-x) or an implicit model';
  if (command.odeOptions.length > 0) return `${command.odeOptions.join(', ')} belong to an ODE model; drop them ${odr}.`;
  if (command.wide) return `--wide does not run ${odr} yet: write the groups in a column and fit with --group COL.`;
  if (command.group !== null && command.mixed) return `--random does not run ${odr} yet: fit each group on its own, or globally with --shared (drop --random).`;
  if (command.group !== null && command.shared.length > 0 && implicit) return `--shared: a global fit with errors in x fits y = f(x); an implicit model's groups are fitted each on its own (drop --shared).`;
  if (command.compare) return `--compare does not run ${odr} yet: drop --compare.`;
  if (command.group !== null && command.deltas) return `--deltas writes one fit's δ per row: drop --group, or fit one group with --where COL=KEY.`;
  if (command.varpro) return `--varpro does not run ${odr} yet: drop --varpro.`;
  if (command.mle) return `--mle poisson does not run ${odr} (it is least squares over β and every δ): drop --mle.`;
  if ((command.options.loss ?? 'linear') !== 'linear') return `--loss ${command.options.loss} does not run ${odr} yet (least squares only): drop --loss.`;
  if (command.ties.length > 0) return `--tie does not run ${odr} yet: write the tied expression into the model.`;
  if (command.checkpoint) return `--checkpoint does not run ${odr} yet: drop --checkpoint and --resume.`;
  if (command.compareModel) return `--compare-model does not run ${odr} yet.`;
  if (command.report && implicit) return `--report does not run with an implicit model yet (its report reads y = f(x)): use --json or the text report.`;
  const a = command.assay;
  const assay = [a.interpolate ? '--interpolate' : '', a.outliers ? '--outliers' : '', a.bootstrap ? '--ci bootstrap' : ''].filter(Boolean);
  if (assay.length > 0) return `${assay.join(', ')} ${assay.length === 1 ? 'does' : 'do'} not run ${odr} yet (of the assay options only --predict does); drop ${assay.length === 1 ? 'it' : 'them'}.`;
  if (a.predict && (implicit || command.group !== null)) return `--predict gives ŷ = f(x) of one fit: it does not run ${implicit ? 'with an implicit model' : 'with --group and errors in x yet'}; drop --predict.`;
  if (command.backend === 'gpu') return `--backend gpu: errors in x are fitted in float64 on the CPU; drop --backend gpu.`;
  if (command.options.weights !== undefined && command.options.weights !== 'sigma') return `--weights ${command.options.weights} does not run ${odr}: give σ columns (--sigma for y, --sigma-x for x).`;
  if (command.options.method !== undefined && command.options.method !== 'auto') return `--method ${command.options.method}: an errors-in-x fit solves its own (arrow) normal equations; drop --method.`;
  if (command.memoryLimit !== null) return `--memory-limit: streaming from disk does not run ${odr}; drop --memory-limit.`;
  if (implicit && command.y !== null) return `--y: an implicit model names every column it relates in its equation (all observed); drop --y.`;
  if (implicit && command.sigma !== null) return `--sigma: every column of an implicit model is observed; give each its σ with --sigma-x x=SX,y=SY (or one σ column for all with --sigma-x SX).`;
  return null;
}

export async function fitOdrCommand(command: FitCommand, t0: number): Promise<number> {
  const implicit = isEquationModel(command.model);
  const refused = refusals(command, implicit);
  if (refused) throw new CliError(refused);
  // A report that may not be written is said before the data are read, not after the fit.
  checkOutputTargets([command.file], command.report ? [reportTarget(command.report)] : []);
  // --group: each group its own ODR fit, or with --shared one global ODR fit (odrGroups.ts).
  if (command.group !== null) return fitOdrGroupsCommand({ ...command, group: command.group }, t0, implicit);
  const setup = odrSetup(command, implicit);
  const { model, y, rows } = setup;
  const { columns, count } = odrColumns(command, setup, skipOf(rows));
  const odr = { kind: 'odr' as const, model, implicit, ...columns };
  const parseMs = now() - t0;
  // The refusals above leave singleJob's ties, objective, VarPro and checkpoint at their plain values.
  // --predict: ŷ at new x with its confidence interval from ODRPACK's covariance (steps/odrRun.ts).
  const job = { ...singleJob(command, model, odr), assay: jobAssay(command, model, null) };
  const run = await runJob(job, nodeHost({ startProgress: startSearchProgress }));
  const { result } = run;
  const fitted = run.odr!;
  const errors = odrErrors(setup);
  const facts = {
    file: command.file,
    model: command.model,
    rows: count,
    filteredRows: rows.filteredCount,
    excludedRows: rows.excludedCount,
    y: implicit ? model.variables.join(',') : y,
    sigma: implicit ? null : command.sigma,
    backend: run.backend,
    parseMs,
    fitMs: run.fitMs,
    workers: run.workers,
    notes: run.notes,
    autoStart: run.autoStart,
    derived: run.derived,
    assay: run.assay ?? null,
    odrJson: odrJson(fitted, command.deltas),
  };
  if (command.report) writeReport(odrReportRun(command, command.report, setup, columns, run, facts));
  if (command.json) console.log(jsonReport(result, facts, run.profile));
  else {
    const split = `Σ(δ/σx)² = ${fitted.sumSquaresDelta.toPrecision(7)}${implicit ? '' : ` + Σ(ε/σy)² = ${fitted.sumSquaresEps.toPrecision(7)}`}`;
    const how = implicit ? `implicit model, ${fitted.rounds} augmented-Lagrangian rounds, largest distance left ${(fitted.constraintViolation ?? NaN).toExponential(1)} σ` : 'explicit model, started from the ordinary fit';
    const line = `  ODR (orthogonal distance regression, errors in x and y; ODRPACK's statistics): ${errors}; ${split}; res_var = ${fitted.resVar.toPrecision(7)}; ${how}`;
    const report = textReport(result, facts, run.profile).split('\n');
    report.splice(report.findIndex((l) => l.startsWith('  nfev ')), 0, line);
    // An implicit model has no y: its header names the observed columns instead.
    if (implicit) report[0] = report[0].replace(`, y = ${facts.y}`, `, columns ${model.variables.join(', ')} (all observed)`);
    console.log(report.join('\n'));
  }
  return result.success ? EXIT.ok : EXIT.notConverged;
}

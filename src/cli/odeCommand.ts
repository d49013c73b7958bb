/**
 * `fitbench fit DATA.csv --model "dX/dt = …; X(0) = …; COL ~ …"`: an ODE model (issue 23) as a
 * fit job of data kind 'ode' (src/job), printed as the closed-form fit is (--json has the same
 * fields, plus `ode`). What does not run with an ODE model yet is refused here in the options'
 * words, before the file is read; the job's clash rules (validate.ts) hold the same list.
 */
import { odeFitJobParameters } from './odeParameters';
import { runJob } from '../job/run';
import { nodeHost } from '../job/node/host';
import type { FitJob } from '../job/job';
import { now } from '../solver/clock';
import type { FitCommand } from './args';
import { CliError, EXIT } from './errors';
import { loadOdeProblem } from './odeLoad';
import { ODE_DEFAULT_STARTS } from '../start/ode/odeAutoStart';
import { jsonReport } from '../job/report/json';
import { textReport } from '../job/report/text';
import { fitOdeGroupsCommand } from './odeGroups';
import { oneLineModel } from './modelText';

/** Options that do not run with an ODE model yet, and why, in the options' words. */
function refusals(command: FitCommand): string | null {
  const ode = 'with an ODE model';
  if (command.wide) return `--wide does not run ${ode} yet: give the groups in a column and fit them with --group COL.`;
  if (command.varpro) return `--varpro eliminates the linear parameters of a closed-form model; it does not run ${ode}: drop --varpro.`;
  if (command.mle) return `--mle poisson does not run ${ode} yet (least squares only): drop --mle.`;
  if (command.ci === 'profile' && command.group !== null) return `--ci profile does not run ${ode} fitted per group (--group) yet: drop it for Wald intervals, or fit one group with --where.`;
  if (command.ties.length > 0) return `--tie substitutes into a closed-form model; ${ode} write the tied expression into the statements instead.`;
  if (command.checkpoint) return `--checkpoint does not run ${ode} (its fits are short): drop --checkpoint and --resume.`;
  if (command.compareModel) return `--compare-model compares two closed-form models; it does not run ${ode} yet.`;
  if (command.report) return `--report does not run ${ode} yet: use --json or the text report.`;
  if (command.backend === 'gpu') return `--backend gpu: an ODE model is integrated in float64 on the CPU; drop --backend gpu.`;
  if (command.options.weights !== undefined && command.options.weights !== 'sigma') return `--weights ${command.options.weights} does not run ${ode}: give each response's σ column on its ~ line (COL ~ expr | SIGMACOL).`;
  if (command.options.method === 'normal') return `--method normal: an ODE fit linearizes by QR (its residuals are few); drop --method.`;
  if (command.assay.predict && command.group !== null) return `--predict does not run ${ode} fitted per group (--group) yet; drop --predict, or fit one group with --where.`;
  if (command.memoryLimit !== null) return `--memory-limit: an ODE model's rows are held in memory (streaming from disk does not run ${ode}); drop --memory-limit.`;
  return null;
}

export async function fitOdeCommand(command: FitCommand, t0: number): Promise<number> {
  const refused = refusals(command);
  if (refused) throw new CliError(refused);
  // --group: each group's responses fitted on its own (odeGroups.ts).
  if (command.group !== null) return fitOdeGroupsCommand({ ...command, group: command.group }, t0);
  const loaded = loadOdeProblem(command);
  const parseMs = now() - t0;
  const { model, data } = loaded;
  const parameters = odeFitJobParameters(command, model.spec.params);
  const searched = parameters.filter((p) => !p.fixed && (p.value === null || p.value === undefined)).map((p) => p.name);
  // Each candidate is an integration: the search takes a second or more, so it always says so.
  if (searched.length > 0 || command.starts !== null) {
    const which = searched.length > 0 ? `no --p0 for ${searched.join(', ')}: ` : '';
    console.error(`fitbench: ${which}searching ${command.starts ?? ODE_DEFAULT_STARTS} start candidates (one cheap integration each), then refining the best by the fit (--p0 for every free parameter skips the search).`);
  }
  const job: FitJob = {
    model: command.model,
    ties: [],
    data: { kind: 'ode', model, data, integration: command.ode },
    parameters,
    options: command.options,
    objective: 'least-squares',
    varpro: false,
    start: { always: command.starts !== null, starts: command.starts, seed: command.seed },
    intervals: command.ci,
    derive: command.derive,
    checkpoint: null,
    backend: command.backend,
    workers: command.workers,
    assay: predictTimes(command, loaded.time),
  };
  const run = await runJob(job, nodeHost());
  const { result, profile } = run;
  const observations = model.spec.observations;
  const sigmas = observations.flatMap((o) => (o.sigma ? [o.sigma] : []));
  const facts = {
    file: command.file,
    // One line in the report: the statements joined as the model text allows.
    model: oneLineModel(command.model),
    rows: loaded.rowCount,
    filteredRows: loaded.rows.filteredCount,
    excludedRows: loaded.rows.excludedCount,
    y: observations.map((o) => o.column).join(','),
    sigma: sigmas.length > 0 ? sigmas.join(',') : null,
    backend: run.backend,
    parseMs,
    fitMs: run.fitMs,
    workers: run.workers,
    notes: [...loaded.notes, ...run.notes],
    derived: run.derived,
    ode: run.ode,
    autoStart: run.autoStart,
    assay: run.assay ?? null,
  };
  console.log(command.json ? jsonReport(result, facts, profile) : textReport(result, facts, profile));
  return result.success ? EXIT.ok : EXIT.notConverged;
}

/** --predict t=…: the new times (the variable named must be the time column). */
function predictTimes(command: FitCommand, time: string): FitJob['assay'] {
  const p = command.assay.predict;
  if (!p) return null;
  if (p.variable !== null && p.variable !== time) throw new CliError(`--predict: the ODE model's time column is ${time}, not "${p.variable}" (e.g. --predict ${time}=1,10,100).`);
  return { unknowns: null, predict: p.x, outliers: null, bootstrap: null };
}

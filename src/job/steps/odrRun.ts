/**
 * The errors-in-variables run of a job (issue 24), with the named steps of run.ts that it takes
 * (the clash rules, validate.ts, refuse the others before anything runs):
 *
 *   check       the derived expressions, against the model's parameters
 *   start       an explicit model: the ordinary weighted fit that ignores the x errors (fitStep:
 *               with the automatic start search where a start is missing); an implicit model
 *               starts from the given values
 *   fit         fit/odr on the CPU in this thread: β and every row's δ by the one trust-region
 *               loop over the arrow system
 *   statistics  ODRPACK's (sd_beta, res_var, the δ/ε split) in the FitResult every fit reports;
 *               profile intervals (intervals: 'profile') by refits with one β held (odrProfile.ts)
 *   derived     derived quantities with their delta-method errors
 *   read off    ŷ at new x (assay.predict) with its confidence interval, the delta method with
 *               ODRPACK's covariance (the band of src/fit/bands.ts at those x). No prediction
 *               interval: a new observation's variance, σy² + (f′σx)² at the new x, is not known.
 */
import { compileDerived, reportedQuantities } from '../../fit/derived';
import { odrFit, odrFitResult, odrProfileIntervals } from '../../fit/odr';
import { DEFAULTS } from '../../fit/defaults';
import type { BackendChoice, JobHost } from '../host';
import { searchedParameters, type FitJob, type OdrJobData } from '../job';
import type { JobOutcome } from '../outcome';
import { fitStep, type Fitted } from './fit';
import { predictAt } from '../../fit/interpolate';
import { DEFAULT_STARTS } from '../../start/index';

const CPU_ONLY: BackendChoice = { primary: null, notes: [], release() {} };

export async function runOdrJob(job: FitJob & { readonly data: OdrJobData }, host: Pick<JobHost, 'now' | 'signal' | 'startProgress'>): Promise<JobOutcome & { readonly fitMs: number }> {
  const d = job.data;
  const { model } = d;
  for (const q of job.derive) compileDerived(q, model.params);
  const t1 = host.now();
  const notes: string[] = [];
  const signal = host.signal;
  let ordinary: Fitted | null = null;
  if (!d.implicit) {
    const input = { model, data: { vars: [...d.vars], y: d.y!, sigma: d.sigmaY, lines: d.lines }, parameters: job.parameters, options: job.options, ...(signal ? { signal } : {}) };
    const progress = () => host.startProgress?.(d.y!.length, searchedParameters(job), job.start.starts ?? DEFAULT_STARTS);
    ordinary = await fitStep({ job, input, backend: CPU_ONLY, pool: null, checkpoint: null, progress, startSearchNote: null, notes });
  }
  // The ordinary fit's values start the parameters that had none (the start search found them).
  const found = ordinary ? new Map(ordinary.result.parameters.map((p) => [p.name, p.value])) : null;
  const parameters = found ? job.parameters.map((p) => (p.fixed || (p.value !== null && p.value !== undefined) ? p : { ...p, value: found.get(p.name) ?? null })) : job.parameters;
  const odrInput = {
    model,
    implicit: d.implicit,
    vars: d.vars,
    y: d.y,
    sigmaY: d.sigmaY,
    sigmaX: d.sigmaX,
    lines: d.lines,
    parameters,
    ordinary: ordinary ? { cost: ordinary.result.cost, beta: ordinary.result.parameters.map((p) => p.value) } : null,
    options: job.options,
    ...(signal ? { signal } : {}),
  };
  const odr = await odrFit(odrInput);
  const opts = { ...DEFAULTS, ...job.options };
  const result = odrFitResult(odr, {
    parameters: job.parameters,
    y: d.implicit ? null : d.y,
    w: d.sigmaY ? d.sigmaY.map((s) => 1 / s) : null,
    absoluteSigma: opts.absoluteSigma,
    confidenceLevel: opts.confidenceLevel,
    weighting: d.implicit ? 'implicit model, every column observed (orthogonal distance regression)' : 'errors in x and y (orthogonal distance regression)',
  });
  // read off: a σ column's weighing with no σ at the new x leaves the prediction interval null.
  const predict = job.assay?.predict && !d.implicit ? predictAt(model, result, job.assay.predict, { weights: 'sigma', hasSigma: true, absoluteSigma: opts.absoluteSigma }) : null;
  return {
    result,
    backend: 'cpu',
    workers: 0,
    notes,
    autoStart: ordinary?.autoStart ?? null,
    varpro: null,
    poisson: null,
    checkpoint: null,
    profile: job.intervals === 'profile' ? await odrProfileIntervals(odrInput, odr, result) : null,
    derived: reportedQuantities(result, job.ties, job.derive),
    ...(predict ? { assay: { interpolated: null, predicted: predict, outliers: null, bootstrap: null } } : {}),
    odr,
    fitMs: host.now() - t1,
  };
}

/**
 * The ODE model's run of a job (issue 23): the same named steps as run.ts, of which an ODE model
 * takes these today (the clash rules, validate.ts, refuse the others before anything runs):
 *
 *   check     the derived expressions, against the model's parameters
 *   fit       fit/ode's least-squares fit from the given starts, on the CPU in this thread; when a
 *             free parameter has no start (or a search was asked for), the ODE start search
 *             (src/start/ode) and the best of its refined fits
 *   statistics  profile-likelihood intervals (intervals: 'profile') by odeFit refits with one
 *             parameter held (fit/ode/odeProfile.ts)
 *   derived   derived quantities with their delta-method errors
 *   read off  each response at new times (assay.predict) with its confidence and prediction
 *             intervals through the sensitivities (fit/ode/odePredict.ts)
 */
import { compileDerived, reportedQuantities } from '../../fit/derived';
import { ODE_DEFAULTS, odeFit, odePredictAt, odeProfileIntervals } from '../../fit/ode';
import { odeAutoStart } from '../../start/ode/odeAutoStart';
import type { JobHost } from '../host';
import { runsStartSearch, type FitJob, type OdeJobData } from '../job';
import type { JobOutcome } from '../outcome';

export async function runOdeJob(job: FitJob & { readonly data: OdeJobData }, host: Pick<JobHost, 'now' | 'signal'>): Promise<JobOutcome & { readonly fitMs: number }> {
  const { model, data, integration } = job.data;
  for (const d of job.derive) compileDerived(d, model.spec.params);
  const t1 = host.now();
  const signal = host.signal;
  const auto = runsStartSearch(job) ? await odeAutoStart(model, data, job.parameters, { starts: job.start.starts ?? undefined, seed: job.start.seed, fit: job.options, integration, signal }) : null;
  const { result, ode } = auto ? { result: auto.fit, ode: auto.ode } : await odeFit({ model, data, parameters: job.parameters, options: job.options, integration });
  // statistics: refits from the solution, whatever start found it (the held parameters' bounds stay).
  const profile = job.intervals === 'profile' ? await odeProfileIntervals({ model, data, parameters: job.parameters, options: job.options, integration, signal }, result) : null;
  // read off: the other assay options are refused before the job runs (the CLI's refuseAssay).
  const times = job.assay?.predict ?? null;
  const predicted = times ? odePredictAt(model, result, times, { ...ODE_DEFAULTS, ...integration }, data.observed, job.options.absoluteSigma ?? false) : null;
  return {
    result,
    backend: 'cpu',
    workers: 0,
    notes: [],
    autoStart: auto,
    varpro: null,
    poisson: null,
    checkpoint: null,
    profile,
    derived: reportedQuantities(result, job.ties, job.derive),
    ode,
    ...(predicted ? { assay: { interpolated: null, predicted, outliers: null, bootstrap: null } } : {}),
    fitMs: host.now() - t1,
  };
}

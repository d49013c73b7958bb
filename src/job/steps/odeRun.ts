/**
 * The ODE model's run of a job (issue 23): the same named steps as run.ts, of which an ODE model
 * takes these today (the clash rules, validate.ts, refuse the others before anything runs):
 *
 *   check     the derived expressions, against the model's parameters
 *   fit       fit/ode's least-squares fit from the given starts, on the CPU in this thread; when a
 *             free parameter has no start (or a search was asked for), the ODE start search
 *             (src/start/ode) and the best of its refined fits
 *   derived   derived quantities with their delta-method errors
 */
import { compileDerived, reportedQuantities } from '../../fit/derived';
import { odeFit } from '../../fit/ode';
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
  return {
    result,
    backend: 'cpu',
    workers: 0,
    notes: [],
    autoStart: auto,
    varpro: null,
    poisson: null,
    checkpoint: null,
    profile: null,
    derived: reportedQuantities(result, job.ties, job.derive),
    ode,
    fitMs: host.now() - t1,
  };
}

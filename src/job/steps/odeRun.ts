/**
 * The ODE model's run of a job (issue 23): the same named steps as run.ts, of which an ODE model
 * takes these today (the clash rules, validate.ts, refuse the others before anything runs):
 *
 *   check     the derived expressions, against the model's parameters
 *   fit       fit/ode's least-squares fit from the given starts, on the CPU in this thread
 *   derived   derived quantities with their delta-method errors
 */
import { compileDerived, reportedQuantities } from '../../fit/derived';
import { odeFit } from '../../fit/ode';
import type { JobHost } from '../host';
import type { FitJob, OdeJobData } from '../job';
import type { JobOutcome } from '../outcome';

export async function runOdeJob(job: FitJob & { readonly data: OdeJobData }, host: Pick<JobHost, 'now'>): Promise<JobOutcome & { readonly fitMs: number }> {
  const { model, data, integration } = job.data;
  for (const d of job.derive) compileDerived(d, model.spec.params);
  const t1 = host.now();
  const { result, ode } = await odeFit({ model, data, parameters: job.parameters, options: job.options, integration });
  return {
    result,
    backend: 'cpu',
    workers: 0,
    notes: [],
    autoStart: null,
    varpro: null,
    poisson: null,
    checkpoint: null,
    profile: null,
    derived: reportedQuantities(result, job.ties, job.derive),
    ode,
    fitMs: host.now() - t1,
  };
}

/**
 * Global and mixed-effects fits of an ODE model's groups (issues 23, 25): the start step of the
 * per-group ODE fit (odeGroups.ts: one ODE start search over all groups' rows where starts are
 * missing), then the grouped run's fit and compare steps (jointRun.ts) on the ODE joint fits
 * (src/fit/ode/odeJoint.ts); the comparison's per-group fits are the per-group ODE fits from the
 * same starts. Cancel and progress as the closed-form global fit: the host's global signal stops
 * the trust-region loop and the integrations, its onIteration sees each iteration.
 */
import { odeGlobalFit, odeMixedFit } from '../../fit/ode/odeJoint';
import { loopHost, type GroupHost } from '../groupHost';
import type { GlobalRun, MixedRun } from '../groupRun';
import type { FitJob, OdeGroupsJobData } from '../job';
import { runJoint } from './jointRun';
import { odeGroupStarts, runOdeGroups } from './odeGroups';

export async function runOdeJoint(job: FitJob & { readonly data: OdeGroupsJobData }, host: GroupHost): Promise<GlobalRun | MixedRun> {
  const { model, groups, integration } = job.data;
  const { done, signal, onIteration } = host.global ?? {};
  const t0 = host.now();
  // start
  const found = await odeGroupStarts(job, signal);
  const { parameters } = found;
  return runJoint(job, {
    mixed: ({ random, cov }) => odeMixedFit({ model, groups, parameters, random, cov, method: job.groups!.mixed!.method, integration, signal }).result,
    global: async () => odeGlobalFit({ model, groups, parameters, shared: job.groups!.shared, options: job.options, integration, signal, onIteration }).result,
    separate: async () => (await runOdeGroups(job, loopHost(host, 'separate'), found)).batch,
  }, { now: () => host.now(), done, t0, found: found.starts });
}

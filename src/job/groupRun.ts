/**
 * The grouped fit job's runner (issue 22): per-group batches and global fits, the same script for
 * the page and the command line, over a GroupHost (groupHost.ts) that runs the batches its way.
 *
 *   check     the job's clash rules (validate.ts), before anything runs
 *   start     one start search over all groups' rows where starts are missing (steps/groupStarts.ts)
 *   fit       per group: the host's batch · global: the joint fit (src/fit/global, on the CPU; with
 *             errors in x the joint ODR fit, steps/odrGlobal.ts) ·
 *             mixed: the mixed-effects fit (src/fit/mixed, on the CPU), and `versus`'s structure
 *             when asked
 *   compare   global with compare: the per-group fits of the same groups (on the CPU) and the
 *             extra-sum-of-squares F test and AICc (src/fit/compare) · mixed: the likelihood-ratio
 *             tests and AIC against the global fit and `versus` (src/fit/mixed/compareMixed.ts);
 *             with compare, the per-group fits (the page's shrinkage plot)
 */
import type { GroupRow } from '../fit/groupRow';
import { globalFit } from '../fit/global/globalFit';
import type { GlobalResult } from '../fit/global/types';
import type { FitComparison } from '../fit/compare/compareFits';
import type { MixedComparison } from '../fit/mixed/compareMixed';
import { mixedFit } from '../fit/mixed/mixedFit';
import type { MixedResult } from '../fit/mixed/types';
import { loopHost, type BatchRun, type GroupHost } from './groupHost';
import type { FitJob } from './job';
import { fillGroupStarts, type PooledStarts } from './steps/groupStarts';
import { validateJob } from './validate';
import { runOdeGroups } from './steps/odeGroups';
import { runOdeJoint } from './steps/odeJoint';
import { runJoint, type JointFits } from './steps/jointRun';
import { runOdrGroups } from './steps/odrGroups';
import { runOdrGlobal } from './steps/odrGlobal';
import type { GlobalOdrResult } from '../fit/odr';

interface RunFacts {
  /** One row per group, in the groups' order (fewer when a batch was cancelled). */
  readonly rows: readonly GroupRow[];
  /** The start search over all groups' rows, when it ran. */
  readonly starts: PooledStarts | null;
  /** Sentences the user should read (the batch's notes, the global fit's warnings), in order. */
  readonly notes: readonly string[];
  /** Worker threads the batch used (0: this thread). */
  readonly workers: number;
  /** From the start search to the end of the last fit. */
  readonly fitMs: number;
}

/** A per-group run: the host's batch. */
export interface PerGroupRun extends RunFacts {
  readonly mode: 'per-group';
  readonly batch: BatchRun;
}

/** A global run: the joint fit, and with `compare` the per-group fits it ran and the comparison. */
export interface GlobalRun extends RunFacts {
  readonly mode: 'global';
  readonly global: GlobalResult;
  readonly separate: BatchRun | null;
  readonly comparison: FitComparison | null;
  /** With errors in x (steps/odrGlobal.ts): the stacked ODR fit, its split and the ordinary start. */
  readonly odr?: GlobalOdrResult;
}

/** A mixed-effects run: fixed effects, Ψ, σ and each group's parameters (src/fit/mixed), the
 *  comparisons (with the global fit; with `versus`'s structure when asked), and with `compare`
 *  the per-group fits. */
export interface MixedRun extends RunFacts {
  readonly mode: 'mixed';
  readonly mixed: MixedResult;
  /** The fit of the job's `versus` structure, or null. */
  readonly alternative: MixedResult | null;
  /** Against the global fit, then against the alternative (when fitted). */
  readonly comparisons: readonly MixedComparison[];
  readonly separate: BatchRun | null;
}

export type GroupRun = PerGroupRun | GlobalRun | MixedRun;

export async function runGroupJob(job: FitJob, host: GroupHost): Promise<GroupRun> {
  // check
  validateJob(job);
  const g = job.groups;
  const d = job.data;
  if (d.kind === 'ode-groups' && g?.mode !== 'per-group') return runOdeJoint({ ...job, data: d }, host);
  if (d.kind === 'ode-groups') return runOdeGroups({ ...job, data: d }, loopHost(host, 'groups'));
  if (d.kind === 'odr-groups' && g?.mode === 'global') return runOdrGlobal({ ...job, data: d }, g.shared, host);
  if (d.kind === 'odr-groups') return runOdrGroups({ ...job, data: d }, loopHost(host, 'groups'));
  if (!g || d.kind !== 'groups') throw new Error('runGroupJob runs grouped jobs: give the job groups and a groups source.');
  const t0 = host.now();
  // start
  const { parameters, found } = g.pooledStarts && !g.guess ? await fillGroupStarts(d.model, d.groups, job.parameters, job.start) : { parameters: [...job.parameters], found: null };
  const input = { model: d.model, groups: d.groups, parameters, options: job.options, guess: g.guess };
  // fit
  if (g.mode === 'per-group') {
    const batch = await host.batch(input, { backend: job.backend, workers: job.workers, phase: 'groups' });
    return { mode: 'per-group', rows: batch.result.rows, batch, starts: found, notes: [...batch.notes], workers: batch.workers, fitMs: host.now() - t0 };
  }
  const { done, ...watch } = host.global ?? {};
  const fits: JointFits = {
    mixed: ({ random, cov }) => mixedFit({ model: d.model, groups: d.groups, parameters, random, cov, method: g.mixed!.method, signal: watch.signal }),
    global: () => globalFit({ ...input, shared: g.shared, ...watch }),
    separate: () => host.batch(input, { backend: 'cpu', workers: job.workers, phase: 'separate' }),
  };
  return runJoint(job, fits, { now: () => host.now(), done, t0, found });
}

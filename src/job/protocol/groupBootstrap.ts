/**
 * "Fit each group" with the assay card's bootstrap (issue 26): each group's bootstrap
 * (src/job/steps/groupAssay.ts, the single fit's bootstrap of that group's rows with the same seed)
 * in the shape the group table shows, without the resampled values (the single fit's histograms
 * are drawn for one fit; a group opened on its own draws them).
 */
import type { BootstrapResult } from '../../fit/bootstrap';
import type { PerGroupRun } from '../groupRun';
import { groupAssaySteps } from '../steps/groupAssay';
import type { BootstrapWatch } from '../steps/assay';
import type { Grouped } from './groupJob';
import type { GroupBatchOutcome, GroupBatchProgress, GroupBatchRequest } from './groups';

/** One group's intervals: percentile, studentized, and BCa when it was asked for. */
export type GroupBootstrap = Omit<BootstrapResult, 'samples' | 'stopped'>;

/** The run's groups bootstrapped, in its rows' order; null without a bootstrap asked for. `notes` hears a Cancel. */
export async function groupBootstraps(request: Pick<GroupBatchRequest, 'bootstrap' | 'settings'>, grouped: Grouped, run: PerGroupRun, watch: BootstrapWatch, notes?: string[]): Promise<(GroupBootstrap | null)[] | null> {
  const b = request.bootstrap;
  if (!b || !grouped.closed) return null;
  const { job, closed: { model, groups } } = grouped;
  const done = await groupAssaySteps({ model, groups, rows: run.rows, parameters: job.parameters, options: job.options }, null, { predict: null, bootstrap: b }, watch, notes);
  return done.map((g) => {
    if (!g.bootstrap) return null;
    const { samples: _samples, stopped: _stopped, ...kept } = g.bootstrap;
    return kept;
  });
}

/**
 * The outcome of "Fit each group" with its groups' bootstraps when asked (none after a cancelled
 * batch), the watch's pause and stop flag between refits (Cancel keeps the groups done), and
 * progress as the batch's with the resamples done.
 */
export async function withGroupBootstraps(request: Pick<GroupBatchRequest, 'bootstrap' | 'settings'>, grouped: Grouped, run: PerGroupRun, outcome: GroupBatchOutcome, watch: Omit<BootstrapWatch, 'onProgress'> & { readonly onProgress?: (p: GroupBatchProgress) => void }): Promise<GroupBatchOutcome> {
  if (!request.bootstrap || outcome.cancelled) return outcome;
  const { done, total, failed } = { done: outcome.rows.length, total: outcome.total, failed: outcome.failed };
  const onProgress = watch.onProgress ? (d: number, n: number) => watch.onProgress!({ done, total, failed, bootstrap: { done: d, total: n } }) : undefined;
  const bootstrap = await groupBootstraps(request, grouped, run, { pause: watch.pause, stopped: watch.stopped, onProgress });
  return bootstrap ? { ...outcome, bootstrap } : outcome;
}

/**
 * A fit job (src/job/protocol/fitJob.ts builds it from the page's request) run as the page's one
 * cancellable fit.
 */
import type { FitJob } from '../job/job';
import { pageHost } from '../job/browser/pageHost';
import { runJob, type JobRun } from '../job/run';
import type { FitRequest } from './api';
import { endRun, startRun, type CancelFlag } from './session';

/**
 * A job of the CPU-only kinds (an ODE, errors in x) run as the page's one cancellable fit: no row
 * workers' progress, no checkpoint. What it threw comes back with whether Cancel stopped it.
 */
export async function runCancellableJob(job: FitJob, method: FitRequest['settings']['method']): Promise<{ ok: true; run: JobRun } | { ok: false; error: unknown; cancelled: boolean }> {
  const flag: CancelFlag = { aborted: false };
  startRun(flag);
  const noop = () => undefined;
  try {
    return { ok: true, run: await runJob(job, pageHost({ method, signal: flag, onChunk: noop, onIteration: noop, onPlanned: noop, checkpoint: null })) };
  } catch (error) {
    return { ok: false, error, cancelled: flag.aborted };
  } finally {
    endRun(flag);
  }
}

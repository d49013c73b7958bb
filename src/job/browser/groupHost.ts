/**
 * The grouped job's host in the page's fit worker (issue 9; Node's is src/job/node/groupHost.ts):
 * per-group batches in this thread, yielding between groups (a macrotask) so that Cancel reaches
 * the batch, the global fit's cancel flag and its iterations' progress, both at most every
 * PROGRESS_MS (about 10 messages a second).
 */
import { fitGroups } from '../../fit/batch/fitGroups';
import type { BatchProgress } from '../../fit/batch/types';
import { now } from '../../solver/clock';
import type { GlobalFitProgress } from '../protocol/groups';
import type { BatchPhase, GroupHost } from '../groupHost';
import { throttle } from './throttle';
import { macrotask } from './yielding';

export const PROGRESS_MS = 100;

/** The page's host: batches in this thread, yielding for Cancel, progress at most every PROGRESS_MS. */
export function pageGroupHost(flag: { readonly aborted: boolean }, total: number, onBatch: (p: BatchProgress, phase: BatchPhase) => void, onGlobal?: (p: GlobalFitProgress) => void): GroupHost {
  const progress = throttle<GlobalFitProgress>((v) => onGlobal?.(v), PROGRESS_MS);
  return {
    now,
    async batch(input, { phase }) {
      const result = await fitGroups({ ...input, signal: flag, onProgress: (p) => onBatch(p, phase), progressMs: PROGRESS_MS, pause: macrotask });
      return { result, workers: 0, accelerated: null, notes: [] };
    },
    // An ODE model's or errors-in-x groups (a loop of the runner's): progress, and a yield so that Cancel arrives.
    async between(p, phase) {
      onBatch(p, phase);
      await macrotask();
    },
    global: { signal: flag, onIteration: (iteration, cost, nfev) => progress.push({ iteration, cost, nfev, phase: 'global', done: 0, total }), done: () => progress.flush() },
  };
}

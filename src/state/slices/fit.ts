/**
 * Fit slice: the run in progress (streamed progress, the cost of each iteration so far) and the
 * last outcome, with the signature of what it was fitted from, so the page can tell when the
 * results no longer describe the parameters on screen.
 */
import type { FitOutcome, FitProgress, WorkerError } from '../../worker/api';

export interface FitSlice {
  readonly fitStatus: 'idle' | 'running' | 'done' | 'error';
  /** Idle because Cancel stopped the last run inside a pass: the rows hold its last accepted
   *  parameters and there are no statistics. Said the same way as a run that stopped between
   *  iterations (verdict 'cancelled'), so Cancel reads alike whenever it lands. */
  readonly fitCancelled: boolean;
  readonly progress: FitProgress | null;
  /** Cost per iteration of the run in progress. */
  readonly liveCosts: readonly number[];
  readonly outcome: FitOutcome | null;
  /** Why the last fit could not run (input errors, no data…). */
  readonly fitError: WorkerError | null;
  /** Signature of model, mapping and parameters the outcome's values belong to. */
  readonly fittedSignature: string | null;
  /** The worker was lost (or restarted to honour Cancel) and what became of it (actions/recovery.ts). */
  readonly workerNotice: WorkerNotice | null;
}

export interface WorkerNotice {
  /** restarting: a fresh worker is getting the data; restored: it has them (or there were none);
   *  failed: the data could not be reloaded; gave-up: the worker keeps stopping. */
  readonly state: 'restarting' | 'restored' | 'failed' | 'gave-up';
  readonly cause: 'crash' | 'cancel';
  readonly message: string;
}

export const initialFit: FitSlice = { fitStatus: 'idle', fitCancelled: false, progress: null, liveCosts: [], outcome: null, fitError: null, fittedSignature: null, workerNotice: null };

export function withProgress(state: FitSlice, p: FitProgress): Pick<FitSlice, 'progress' | 'liveCosts'> {
  return { progress: p, liveCosts: p.costs.length ? [...state.liveCosts, ...p.costs] : state.liveCosts };
}

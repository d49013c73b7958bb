/**
 * Fit slice: the run in progress (streamed progress, the cost of each iteration so far) and the
 * last outcome, with the signature of what it was fitted from, so the page can tell when the
 * results no longer describe the parameters on screen.
 */
import type { FitOutcome, FitProgress, WorkerError } from '../../worker/api';

export interface FitSlice {
  readonly fitStatus: 'idle' | 'running' | 'done' | 'error';
  readonly progress: FitProgress | null;
  /** Cost per iteration of the run in progress. */
  readonly liveCosts: readonly number[];
  readonly outcome: FitOutcome | null;
  /** Why the last fit could not run (input errors, no data…). */
  readonly fitError: WorkerError | null;
  /** Signature of model, mapping and parameters the outcome's values belong to. */
  readonly fittedSignature: string | null;
}

export const initialFit: FitSlice = { fitStatus: 'idle', progress: null, liveCosts: [], outcome: null, fitError: null, fittedSignature: null };

export function withProgress(state: FitSlice, p: FitProgress): Pick<FitSlice, 'progress' | 'liveCosts'> {
  return { progress: p, liveCosts: p.costs.length ? [...state.liveCosts, ...p.costs] : state.liveCosts };
}

/**
 * What the page says and does when its worker is lost (src/client/supervisor.ts): a notice while a
 * fresh worker is started and given the data again, then what came of it. Nothing the user entered
 * (model, parameter table, settings, mapping) is touched; the curve is drawn again by the new worker.
 */
import { onWorkerEvent, type WorkerEvent } from '../../client/worker';
import type { WorkerNotice } from '../slices/fit';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';

const KEPT = 'Your model, parameters and settings are unchanged.';

function lostNotice(e: Extract<WorkerEvent, { type: 'lost' }>): WorkerNotice {
  const data = e.dataName ? ` and reloading ${e.dataName}` : '';
  if (!e.restarting) {
    return { state: 'gave-up', cause: e.cause, message: `The fitting worker keeps stopping (${e.reason}). Reload the page to go on; your session is saved as you work.` };
  }
  if (e.cause === 'cancel') return { state: 'restarting', cause: e.cause, message: `Cancelled. The fit did not stop at once, so its worker is being restarted${data}…` };
  return { state: 'restarting', cause: e.cause, message: `The fitting worker stopped (${e.reason}). Starting a fresh one${data}… ${KEPT}` };
}

function restoredNotice(e: Extract<WorkerEvent, { type: 'restored' }>): WorkerNotice {
  const what = e.cause === 'cancel' ? 'Cancelled. The fit did not stop at once, so its worker was restarted' : `The fitting worker stopped (${e.reason}) and was restarted`;
  if (e.data === 'failed') {
    return { state: 'failed', cause: e.cause, message: `${what}, but ${e.dataName ?? 'the data'} could not be reloaded (${e.error?.message ?? 'unknown reason'}). Load the data again; ${KEPT.toLowerCase()}` };
  }
  const data = e.data === 'reloaded' ? `: ${e.dataName ?? 'your data'} ${e.dataName ? 'was' : 'were'} reloaded` : '';
  const next = e.cause === 'crash' ? ' Press Fit to fit again.' : '';
  return { state: 'restored', cause: e.cause, message: `${what}${data}. ${KEPT}${next}` };
}

export function handleWorkerEvent(e: WorkerEvent): void {
  if (e.type === 'lost') {
    setState({ workerNotice: lostNotice(e) });
    return;
  }
  const failed = e.data === 'failed';
  setState({
    workerNotice: restoredNotice(e),
    // The old worker's answers (a curve error about the lost worker) describe nothing now.
    curveError: getState().curveError?.code === 'worker-lost' ? null : getState().curveError,
    curveSignature: null,
    ...(failed ? { selection: null, selectionError: { code: 'worker-lost', message: 'The data were lost with the worker: load them again.', field: 'data' as const } } : {}),
  });
  refreshCurve();
}

let watching = false;

/** Starts listening to the worker's supervisor (idempotent). */
export function watchWorker(): void {
  if (watching) return;
  watching = true;
  onWorkerEvent(handleWorkerEvent);
}

export function dismissWorkerNotice(): void {
  setState({ workerNotice: null });
}

/**
 * An interrupted fit (issue 12): the worker saves a long fit's state under its session as it runs
 * (src/job/browser/checkpoint.ts); when the session opens again (a reload, a closed tab) or its worker
 * was lost, the page asks whether a checkpoint is stored and whether it belongs to the fit on the
 * page, and offers Resume (the fit continues from the saved state and ends where it would have
 * ended: actions/resumeInterruptedFit.ts) or Discard. A checkpoint of another fit says what
 * differs; a damaged one was deleted by the worker and is only reported.
 */
import { getClient } from '../../client/worker';
import { deleteValue } from '../../job/browser/storage';
import { dataLabel } from '../dataFile';
import { checkpointKey } from '../sessions/record';
import { getState, setState } from '../store';
import { fitRequest } from '../requests/fit';

/** Asks the worker about the session's checkpoint and shows the notice when there is one. */
export async function offerInterruptedFit(): Promise<void> {
  const s = getState();
  const id = s.sessionId;
  if (id === null || !s.table) return;
  const status = await getClient().checkpointOffer(checkpointKey(id), fitRequest(s));
  // Storage unreadable: the session restore already said so; a vanished offer says nothing.
  if (!status.ok || status.value.kind === 'none') return;
  const now = getState();
  if (now.sessionId !== id || now.fitStatus === 'running') return;
  setState({ interruptedFit: { offer: status.value, fileName: dataLabel(now), sessionId: id } });
}

/** The notice goes and the saved state is deleted (Discard, or a new fit of the session). */
export function forgetInterruptedFit(): void {
  const f = getState().interruptedFit;
  if (!f) return;
  setState({ interruptedFit: null });
  if (f.offer.kind !== 'damaged') void deleteValue(checkpointKey(f.sessionId)).catch(() => undefined);
}

/** Discard: the saved state is deleted. */
export function discardInterruptedFit(): void {
  forgetInterruptedFit();
}

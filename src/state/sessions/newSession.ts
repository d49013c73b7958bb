/** A clean workbench: a new session (the current one stays in the list), or the page's session
 *  discarded because it cannot be drawn. */
import { storageReason } from '../../job/browser/storage';
import { resetWorkbench } from '../actions/reset';
import { getState, setState } from '../store';
import { cancelScheduledSave, flushSave } from './autosave';
import { storageFailed } from './notices';
import { NO_PAGE_SESSION, pageSession, setPageSession } from './pageSession';
import { dropFromIndex } from './sessionIndex';
import { serial } from './storageQueue';

/**
 * The page's session cannot be drawn (a render failed): it is removed from storage, so the next
 * visit does not restore it and fail again, and the workbench starts clean.
 */
export async function discardSavedSession(): Promise<void> {
  const id = getState().sessionId ?? pageSession().id;
  cancelScheduledSave();
  setPageSession({ ...NO_PAGE_SESSION });
  if (id !== null) {
    try {
      await serial(() => dropFromIndex(id));
    } catch (error) {
      storageFailed(storageReason(error));
    }
  }
  resetWorkbench();
  setState({ restored: null, saveState: 'idle', sessionId: null });
}

/** A clean workbench; the current session stays in the list. */
export async function newSession(): Promise<void> {
  await flushSave();
  resetWorkbench();
  setState({ restored: null, saveState: 'idle' });
}

/**
 * What the page says about its sessions: storage that cannot save (said once, storageError), and
 * the notice of the session restored at startup (restored); their dismissals.
 */
import { setState, getState } from '../store';

/** Storage refused (no IndexedDB in a private window, a full disk): the page keeps working without saving. */
export function storageFailed(reason: string): void {
  // Said once: a later failure does not bring a dismissed notice back.
  const first = !getState().storageFailed;
  setState({ saveState: 'failed', storageFailed: true, ...(first ? { storageError: `Sessions cannot be saved in this browser (${reason.replace(/[.\s]+$/, '')}). Your work is not kept after you close the page; everything else works.` } : {}) });
}

export function dismissStorageError(): void {
  setState({ storageError: null });
}

export function dismissRestored(): void {
  setState({ restored: null });
}

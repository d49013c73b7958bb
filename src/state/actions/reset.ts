/** Back to an empty workbench; the sample list, the session list and storage notices stay. */
import { getState, initialState, setState } from '../store';

export function resetWorkbench(): void {
  const s = getState();
  setState({ ...initialState, samples: s.samples, recentSessions: s.recentSessions, storageError: s.storageError, storageFailed: s.storageFailed, saveState: s.saveState, savedAt: s.savedAt, memoryBudget: s.memoryBudget }, true);
}

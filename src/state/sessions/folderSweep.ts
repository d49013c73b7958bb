/** The sessions' sweep of streamed tables' folders (issue 12; actions/streamFolders.ts does the
 *  sweeping): run when the page's table is replaced, when the index drops sessions, and when a
 *  deletion becomes final. */
import { sweepStreamFolders } from '../actions/streamFolders';
import { pendingDelete } from './pendingDeletes';

/** Removes the streamed tables' folders nothing refers to (a deletion that Undo can take back still
 *  does: this tab's, and any tab's stored under PENDING_DELETE_KEY, which the sweep reads). */
export function sweepFolders(): Promise<number> {
  return sweepStreamFolders(() => [pendingDelete()?.meta.folder]);
}

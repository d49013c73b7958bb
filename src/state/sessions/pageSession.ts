/**
 * The page's own session: which id the page saves under, the table that is its data, and whether
 * those data are stored yet. A session is one dataset: new data (a file, a paste, a sample, a
 * link) start a new session (onTableChange); a restore names the session its table belongs to.
 */
import type { AppState } from '../store';
import { getState, setState } from '../store';
import { sweepFolders } from './folderSweep';
import { newSessionId } from './record';
import { ownSession } from './sessionLock';

export interface PageSession {
  id: string | null;
  /** The table this session's data are (identity of the store's TableSummary). */
  table: AppState['table'];
  dataSaved: boolean;
  dataFailed: boolean;
}

export const NO_PAGE_SESSION: Readonly<PageSession> = { id: null, table: null, dataSaved: false, dataFailed: false };

let current: PageSession = { ...NO_PAGE_SESSION };
/** The session being restored: the table it loads is that session's own. */
let restoring: string | null = null;
/** The id the next data get (a link names its session so that reopening it continues it). */
let nextId: string | null = null;

/** The page's session now (the object itself: a save marks its data saved on it). */
export function pageSession(): PageSession {
  return current;
}

/** The page's session is now `next`: it holds that session's lock, no longer the previous one's
 *  (sessionLock.ts: a live tab's unlisted session is not a closed page's leftover). */
export function setPageSession(next: PageSession): void {
  current = next;
  ownSession(next.id);
}

/** The session a restore is loading (null when none is). */
export function restoringSession(): string | null {
  return restoring;
}

export function setRestoringSession(id: string | null): void {
  restoring = id;
}

/** The id the next loaded data will be saved under. */
export function claimNextSessionId(id: string): void {
  nextId = id;
}

/** The page's table changed: its session is the restored one, the claimed one, or a new one. */
export function onTableChange(table: AppState['table']): void {
  if (table === null) {
    setPageSession({ ...NO_PAGE_SESSION });
  } else if (restoring !== null) {
    setPageSession({ id: restoring, table, dataSaved: true, dataFailed: false });
  } else {
    setPageSession({ id: nextId ?? newSessionId(), table, dataSaved: false, dataFailed: false });
    // The notices about the restored session no longer describe the page (its interrupted fit
    // stays stored, offered again when that session is opened).
    if (getState().restored || getState().interruptedFit) setState({ restored: null, interruptedFit: null });
  }
  nextId = null;
  if (getState().sessionId !== current.id) setState({ sessionId: current.id });
  // The table replaced may have been streamed to a folder no saved session refers to (issue 12).
  void sweepFolders();
}

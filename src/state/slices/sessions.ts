/**
 * Sessions slice: the session being saved as you work, the list of recent sessions to go back to,
 * and how saving goes (storage can be missing or full; the page says so once and keeps working).
 */

import type { CheckpointOffer } from '../../worker/api';

/** A fit of this session that stopped before its end with its state saved (issue 12): offered to
 *  be resumed ('resumable'), or explained and offered to be discarded. */
export interface InterruptedFit {
  readonly offer: Exclude<CheckpointOffer, { kind: 'none' }>;
  /** The data's name on the page (the notice names it). */
  readonly fileName: string;
  /** The session whose checkpoint it is. */
  readonly sessionId: string;
}

/** One entry of the recent-sessions list (the index in storage). */
export interface SessionMeta {
  readonly id: string;
  /** "decay.csv · A*exp(-t/tau) + c" */
  readonly name: string;
  readonly fileName: string;
  readonly model: string;
  readonly rows: number;
  /** ms since the epoch. */
  readonly savedAt: number;
  readonly fitted: boolean;
  /** A streamed table's folder in the Origin Private File System (issue 12): kept while a session
   *  refers to it (src/state/actions/streamFolders.ts). Absent: the data are in the saved table. */
  readonly folder?: string;
}

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export interface SessionsSlice {
  readonly sessionId: string | null;
  readonly recentSessions: readonly SessionMeta[];
  readonly saveState: SaveState;
  readonly savedAt: number | null;
  /** Why sessions cannot be saved or read (shown once, until dismissed). */
  readonly storageError: string | null;
  /** Storage failed at least once since the page opened. */
  readonly storageFailed: boolean;
  /**
   * The session restored when the page opened (for a notice), or one that could not be; also one
   * opened from the list (`opened`) when its restore has something to say. `note`: what was left
   * out of a restored session (a damaged saved comparison), or null.
   */
  readonly restored: { readonly meta: SessionMeta; readonly error: string | null; readonly note?: string | null; readonly opened?: boolean } | null;
  /** A session just deleted, that Undo still brings back (for UNDO_DELETE_MS), or null. */
  readonly deletedSession: SessionMeta | null;
  /** A fit that was interrupted (a reload, a closed tab, a lost worker) with its state saved. */
  readonly interruptedFit: InterruptedFit | null;
}

export const initialSessions: SessionsSlice = { sessionId: null, recentSessions: [], saveState: 'idle', savedAt: null, storageError: null, storageFailed: false, restored: null, deletedSession: null, interruptedFit: null };

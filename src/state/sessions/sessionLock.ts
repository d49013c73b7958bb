/**
 * Which sessions a live tab has open, told to other tabs with Web Locks: the page holds the lock
 * named after its session's id (sessionLockName) for as long as that session is the page's own,
 * and before it writes any of the session's keys. The cleanup of keys that a closed page left
 * unlisted (src/state/actions/orphanSessions.ts) removes an id's keys only when it can take that
 * lock at once: a session cut short before the index listed it is one whose tab is gone, while
 * one a tab is saving right now (its keys written, the index not yet) is held.
 *
 * Shared, so that two tabs with one session open (a link opened twice names one session) both
 * hold it without waiting for each other; the cleanup asks for it exclusively and only if
 * available, so a tab waits for it only while a cleanup holds it (a few deletions).
 */
import { webLocks } from '../../store/webLocks';

export const sessionLockName = (id: string): string => `fitbench-session-${id}`;

interface Hold {
  readonly id: string;
  /** Resolves once the lock is held (at once where Web Locks are missing or the request failed). */
  readonly granted: Promise<void>;
  readonly letGo: () => void;
}

let hold: Hold | null = null;

function request(id: string): Hold {
  const locks = webLocks();
  if (!locks) return { id, granted: Promise.resolve(), letGo: () => undefined };
  let release: (() => void) | null = null;
  let dropped = false;
  const granted = new Promise<void>((resolve) => {
    locks
      .request(sessionLockName(id), { mode: 'shared' }, () =>
        new Promise<void>((r) => {
          // Let go of before it was granted (the page moved on): released at once.
          if (dropped) r();
          else release = r;
          resolve();
        }),
      )
      .catch(() => resolve());
  });
  return {
    id,
    granted,
    letGo: () => {
      dropped = true;
      release?.();
    },
  };
}

/** The page's session is now `id` (null: none): its lock is asked for, the previous one let go of. */
export function ownSession(id: string | null): void {
  if (hold?.id === id) return;
  hold?.letGo();
  hold = id === null ? null : request(id);
}

/**
 * Holds the lock of session `id` (shared) until the returned function is called, apart from the
 * page's own session: a deletion that Undo can still take back (sessions.ts deleteSession), so that
 * another tab starting meanwhile leaves its record and data alone (sweepPendingDeletes); a save
 * under way (saveCurrent), which may still list the session after the page has moved on.
 */
export function holdSession(id: string): () => void {
  return request(id).letGo;
}

/** Resolves once the page holds the lock of its session `id` (asked for now if it was not). */
export function sessionHeld(id: string): Promise<void> {
  ownSession(id);
  return (hold as Hold).granted;
}

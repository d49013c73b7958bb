/**
 * Web Locks (navigator.locks), as the page and the worker use them to tell other tabs what they
 * hold: a streamed table's folder (src/store/opfsFolders.ts) and a session being saved
 * (src/state/sessions/sessionLock.ts). Only the two request shapes used are typed; locks are
 * exclusive unless `mode: 'shared'` is asked for.
 */

export interface LockOptions {
  readonly ifAvailable?: boolean;
  readonly mode?: 'exclusive' | 'shared';
}

export interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
  request(name: string, options: LockOptions, callback: (lock: unknown) => Promise<void>): Promise<void>;
}

/** navigator.locks, or undefined where the browser (or Node) has none. */
export function webLocks(): LockManagerLike | undefined {
  return (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
}

/**
 * Runs `work` holding the lock `name` (exclusive) if no one holds it now, and returns its value;
 * null when the lock is held (or Web Locks are missing: the caller cannot tell who holds what).
 */
export async function withLockIfFree<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  const locks = webLocks();
  if (!locks) return null;
  let result: T | null = null;
  await locks.request(name, { ifAvailable: true }, async (lock) => {
    if (lock) result = await work();
  });
  return result;
}

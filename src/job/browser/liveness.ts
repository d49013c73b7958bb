/**
 * How the page learns that this worker is gone (closed, crashed, terminated): the worker holds a
 * Web Lock for its whole life, and the page queues for the same lock. A lock held by a worker is
 * released when the worker goes away, however it goes, so the page's request is granted at that
 * moment: a death notice with no polling and no false alarm while the worker is merely busy.
 * Where the Web Locks API is missing (Node, old browsers) `alive` answers null and the page relies
 * on its other signals (error events, Cancel's grace period).
 */

interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

function lockManager(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

let held: Promise<string | null> | null = null;

/** Takes the life lock (the first name asked for; once) and resolves with its name when held. */
export function alive(lock: string): Promise<string | null> {
  held ??= new Promise((resolve) => {
    const locks = lockManager();
    if (!locks || !lock.startsWith('fitbench-worker-')) {
      resolve(null);
      return;
    }
    // Held until the worker ends: the callback's promise never settles.
    locks
      .request(lock, () => {
        resolve(lock);
        return new Promise<void>(() => undefined);
      })
      .catch(() => resolve(null));
  });
  return held;
}

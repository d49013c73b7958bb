import { afterEach } from 'vitest';

/**
 * A lock manager with Web Locks' request(name, callback) and request(name, {ifAvailable, mode},
 * callback) shapes, for tests in Node (which has no navigator.locks): `held` names the locks taken
 * (in either mode). A lock held is refused to ifAvailable (callback(null)), except that a shared
 * lock is granted beside shared holders; a plain request that would wait throws, since these
 * tests never wait for one.
 */
export function fakeLocks(held: Set<string> = new Set()) {
  /** How many hold each lock taken shared (a name in `held` but not here is held exclusively). */
  const shared = new Map<string, number>();
  return {
    held,
    async request(name: string, a: unknown, b?: (lock: unknown) => Promise<void>): Promise<void> {
      const callback = (b ?? a) as (lock: unknown) => Promise<void>;
      const options = (b !== undefined ? a : {}) as { ifAvailable?: boolean; mode?: string };
      const isShared = options.mode === 'shared';
      if (held.has(name) && !(isShared && (shared.get(name) ?? 0) > 0)) {
        if (options.ifAvailable === true) return callback(null);
        throw new Error('the fake waits for no lock');
      }
      held.add(name);
      if (isShared) shared.set(name, (shared.get(name) ?? 0) + 1);
      try {
        await callback({ name });
      } finally {
        const left = isShared ? (shared.get(name) ?? 1) - 1 : 0;
        if (left > 0) shared.set(name, left);
        else {
          shared.delete(name);
          held.delete(name);
        }
      }
    },
  };
}

/**
 * navigator with a folder list (the Origin Private File System's root: keys and removeEntry only)
 * and fakeLocks, installed on globalThis (the test restores the original). Returns the entries
 * (they lose those removed) and the held locks. `afterList` runs once the folders have been listed
 * (another tab acting between a sweep's reading of the references and its lock checks).
 */
export function fakeFolderList(names: string[], afterList?: () => void) {
  const held = new Set<string>();
  const entries = new Set(names);
  const storage = {
    getDirectory: async () => ({
      async *keys() {
        yield* [...entries];
        afterList?.();
      },
      async removeEntry(name: string) {
        entries.delete(name);
      },
    }),
  };
  Object.defineProperty(globalThis, 'navigator', { value: { storage, locks: fakeLocks(held) }, configurable: true });
  return { entries, held };
}

/**
 * Puts globalThis.navigator back as it was when this is called (the fakes above replace it), after
 * each test, or with `after` = afterAll once the describe block is done.
 */
export function restoreNavigator(after: (fn: () => void) => void = afterEach): void {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  after(() => {
    if (original) Object.defineProperty(globalThis, 'navigator', original);
    else delete (globalThis as { navigator?: unknown }).navigator;
  });
}

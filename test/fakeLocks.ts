/**
 * A lock manager with Web Locks' request(name, callback) and request(name, {ifAvailable}, callback)
 * shapes, for tests in Node (which has no navigator.locks): `held` names the locks taken. A lock
 * already held is refused to ifAvailable (callback(null)); a plain request for it throws, since
 * these tests never wait for one.
 */
export function fakeLocks(held: Set<string> = new Set()) {
  return {
    held,
    async request(name: string, a: unknown, b?: (lock: unknown) => Promise<void>): Promise<void> {
      const callback = (b ?? a) as (lock: unknown) => Promise<void>;
      const ifAvailable = b !== undefined && (a as { ifAvailable?: boolean }).ifAvailable === true;
      if (held.has(name)) {
        if (ifAvailable) return callback(null);
        throw new Error('the fake waits for no lock');
      }
      held.add(name);
      try {
        await callback({ name });
      } finally {
        held.delete(name);
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

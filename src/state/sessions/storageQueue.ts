/**
 * The sessions' storage work, one piece at a time: a save, a restore's reads, a deletion and a
 * sweep of leftovers each run after the one before has ended (IndexedDB transactions of one tab
 * never interleave halfway through a session's keys).
 */
import { deleteValue } from '../../job/browser/storage';
import { sessionKeys } from './record';

let queue: Promise<unknown> = Promise.resolve();

/** Runs storage work one piece at a time. */
export function serial<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/** Removes every key stored under session `id` (record, data, streamed folder's name, checkpoint). */
export async function removeStored(id: string): Promise<void> {
  for (const key of sessionKeys(id)) await deleteValue(key);
}

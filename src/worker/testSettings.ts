/**
 * Settings the browser specs give the page in its address, never a default of the product:
 * `?checkpointEveryMs=N` makes the fit worker save a long fit's checkpoint every N ms instead of
 * every CHECKPOINT_EVERY_MS (2 s, src/job/browser/checkpoint.ts), so that e2e/checkpoint.spec.ts
 * interrupts a fit of a few hundred thousand rows, saved after its first iterations, rather than
 * one of millions that runs long enough to pass 2 s. A worker cannot read the page's address, so
 * the page hands the setting over in the worker's name (spawn.ts), which the worker reads as it
 * starts (index.ts). Without the parameter the name is plain "fitbench" and nothing changes.
 */

const NAME = 'fitbench';
const EVERY = 'checkpointEveryMs';

/** The fit worker's name for a page at `search` (its location.search). */
export function fitWorkerName(search: string): string {
  const every = new URLSearchParams(search).get(EVERY);
  return every !== null && /^\d{1,6}$/.test(every) ? `${NAME}?${EVERY}=${every}` : NAME;
}

/** The checkpoint interval a worker named `name` was given, or null (the default applies). */
export function checkpointEveryFromName(name: string): number | null {
  const query = name.startsWith(`${NAME}?`) ? name.slice(NAME.length + 1) : null;
  const every = query === null ? null : new URLSearchParams(query).get(EVERY);
  return every !== null && /^\d{1,6}$/.test(every) ? Number(every) : null;
}

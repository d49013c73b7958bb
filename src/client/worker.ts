/**
 * The main thread's handle on the worker: one module worker, wrapped by Comlink. Tests may swap in
 * another implementation of the same API with `setClient`.
 */
import * as Comlink from 'comlink';
import type { Status, WorkerApi } from '../worker/api';

/** The worker API as the main thread sees it: every method returns a promise. */
export type Client = {
  [K in keyof WorkerApi]: WorkerApi[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

let client: Client | null = null;

/** A call that failed outright (the worker crashed, a bug) as a status, like every expected failure. */
function guarded<A extends unknown[], T>(call: (...args: A) => Promise<Status<T>>): (...args: A) => Promise<Status<T>> {
  return async (...args) => {
    try {
      return await call(...args);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { code: 'internal', message: `The worker failed: ${why}. Reload the page if this persists.` } };
    }
  };
}

function spawn(): Client {
  const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'fitbench' });
  const remote = Comlink.wrap<WorkerApi>(worker) as unknown as Client;
  return {
    loadFile: guarded(remote.loadFile),
    loadText: guarded(remote.loadText),
    loadColumns: guarded(remote.loadColumns),
    cancelLoad: () => remote.cancelLoad().catch(() => undefined),
    select: guarded(remote.select),
    guess: guarded(remote.guess),
    curve: guarded(remote.curve),
    fit: guarded(remote.fit),
    cancelFit: () => remote.cancelFit().catch(() => undefined),
    exportColumns: guarded(remote.exportColumns),
    exportData: guarded(remote.exportData),
    fingerprint: guarded(remote.fingerprint),
    planLink: guarded(remote.planLink),
    exportCurve: guarded(remote.exportCurve),
    saveTable: guarded(remote.saveTable),
    loadSavedTable: guarded(remote.loadSavedTable),
    restoreFit: guarded(remote.restoreFit),
  };
}

export function getClient(): Client {
  client ??= spawn();
  return client;
}

export function setClient(next: Client | null): void {
  client = next;
}

/** A callback the worker may call back across the boundary. */
export function callback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return Comlink.proxy(fn);
}

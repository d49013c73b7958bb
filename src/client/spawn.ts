/**
 * One module worker wrapped by Comlink, with the signals that tell it is gone: its error and
 * messageerror events, and the Web Lock it holds for its life (src/job/browser/liveness.ts): the page
 * queues for that lock, which is granted the moment the worker ends, however it ends.
 */
import * as Comlink from 'comlink';
import type { Status, WorkerApi } from '../worker/api';
import { fitWorkerName } from '../worker/testSettings';
import type { WorkerHandle } from './supervisor';
import type { Client } from './worker';

/** A call that failed outright (a bug, a message that cannot be cloned) as a status, like every expected failure. */
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

let spawned = 0;

function lockName(): string {
  spawned += 1;
  return `fitbench-worker-${Date.now().toString(36)}-${spawned}-${Math.random().toString(36).slice(2, 10)}`;
}

export function spawnWorker(): WorkerHandle {
  const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: fitWorkerName(location.search) });
  const remote = Comlink.wrap<WorkerApi>(worker) as unknown as Client;
  let end!: (why: string) => void;
  const gone = new Promise<string>((resolve) => (end = resolve));
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    end(`it failed: ${event.message || 'an uncaught error'}`);
  });
  worker.addEventListener('messageerror', () => end('a message from it could not be read'));
  const name = lockName();
  void remote
    .alive(name)
    .then((held) => {
      if (held && typeof navigator !== 'undefined' && navigator.locks) void navigator.locks.request(held, async () => end('it closed or crashed'));
    })
    .catch(() => undefined);
  return {
    gone,
    terminate: () => worker.terminate(),
    client: {
      loadFile: guarded(remote.loadFile),
      loadText: guarded(remote.loadText),
      loadColumns: guarded(remote.loadColumns),
      cancelLoad: () => remote.cancelLoad().catch(() => undefined),
      select: guarded(remote.select),
      groups: guarded(remote.groups),
      guess: guarded(remote.guess),
      curve: guarded(remote.curve),
      fit: guarded(remote.fit),
      checkpointOffer: guarded(remote.checkpointOffer),
      cancelFit: () => remote.cancelFit().catch(() => undefined),
      fitGroups: guarded(remote.fitGroups),
      autoStart: guarded(remote.autoStart),
      fitGlobal: guarded(remote.fitGlobal),
      compareGlobal: guarded(remote.compareGlobal),
      fitMixed: guarded(remote.fitMixed),
      profile: guarded(remote.profile),
      compareModel: guarded(remote.compareModel),
      reportData: guarded(remote.reportData),
      exportColumns: guarded(remote.exportColumns),
      exportData: guarded(remote.exportData),
      fingerprint: guarded(remote.fingerprint),
      planLink: guarded(remote.planLink),
      exportCurve: guarded(remote.exportCurve),
      saveTable: guarded(remote.saveTable),
      loadSavedTable: guarded(remote.loadSavedTable),
      restoreFit: guarded(remote.restoreFit),
      alive: (lock) => remote.alive(lock).catch(() => null),
    },
  };
}

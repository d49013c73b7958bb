/** The page-pool harness page (e2e/page-pool.spec.ts, bench/page-pool.ts): runs fits in a
 *  dedicated worker (pagePoolWorker.ts) that starts row workers of its own, as the app's fit worker does. */
import type { PagePoolRequest, PagePoolRun } from './pagePoolWorker';

let worker = new Worker(new URL('./pagePoolWorker.ts', import.meta.url), { type: 'module' });

function fit(request: PagePoolRequest): Promise<PagePoolRun> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<PagePoolRun | { error: string }>) => ('error' in e.data ? reject(new Error(e.data.error)) : resolve(e.data));
    worker.postMessage(request);
  });
}

/** Terminates the fit worker as the app's supervisor does (client/spawn.ts), and starts a fresh one. */
function restart(): void {
  worker.terminate();
  worker = new Worker(new URL('./pagePoolWorker.ts', import.meta.url), { type: 'module' });
}

(window as unknown as { fitbenchPagePool: { fit: typeof fit; restart: typeof restart; isolated: boolean; cores: number } }).fitbenchPagePool = { fit, restart, isolated: crossOriginIsolated, cores: navigator.hardwareConcurrency };

/**
 * The Web Worker backing of the pool (the page). Vite bundles a worker only from a literal
 * `new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module' })`, so the caller passes
 * that constructor call as `makeWorker`; the worker file calls `serveWebWorker(task)`.
 */
import { WorkerPool } from '../pool';
import type { RunMessage, WorkerMessage, WorkerPort } from '../types';

function webPort(worker: Worker): WorkerPort {
  return {
    post: (message: RunMessage, transfer) => worker.postMessage(message, transfer as ArrayBuffer[]),
    listen(onMessage, onDeath) {
      worker.onmessage = (event: MessageEvent<WorkerMessage>) => onMessage(event.data);
      worker.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        onDeath(event.message || 'an uncaught error');
      };
      worker.onmessageerror = () => onDeath('a message could not be read');
    },
    terminate: () => worker.terminate(),
  };
}

/** navigator.hardwareConcurrency (at least 1; browsers may round it down for privacy). */
export function defaultWebPoolSize(): number {
  return Math.max(1, navigator.hardwareConcurrency || 1);
}

export function createWebPool<I, O, P = unknown>(makeWorker: () => Worker, size = defaultWebPoolSize()): WorkerPool<I, O, P> {
  return new WorkerPool<I, O, P>({ size, spawn: () => webPort(makeWorker()) });
}

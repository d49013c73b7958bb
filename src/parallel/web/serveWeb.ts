/**
 * The worker side in a Web Worker: `serveWebWorker(task)` in a `*.worker.ts` file serves the pool.
 * An uncaught error in a Web Worker does not end it, so a task that errors outside its promise
 * (a timer callback) would never answer: such errors close the worker, which the pool reports as
 * 'crashed' for its task, the same as a dead worker_thread.
 */
import { serveTasks } from '../serve';
import type { RunMessage, TaskHandler, WorkerMessage } from '../types';

/** The parts of DedicatedWorkerGlobalScope used here (structural, so DOM-lib code may import this file too). */
interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
  close(): void;
}

declare const self: WorkerScope;

export function serveWebWorker<I, O, P>(task: TaskHandler<I, O, P>): void {
  self.addEventListener('error', () => self.close());
  serveTasks<I, O, P>(
    {
      post: (message: WorkerMessage, transfer) => self.postMessage(message, transfer as ArrayBuffer[]),
      listen: (onMessage) => self.addEventListener('message', (event: MessageEvent) => onMessage(event.data as RunMessage)),
    },
    task,
  );
}

/**
 * The main thread's handle on the worker: one module worker (spawn.ts) kept alive by the
 * supervisor (a dead worker is replaced and given the page's data again; Cancel always returns).
 * Tests may swap in another implementation of the same API with `setClient`.
 */
import * as Comlink from 'comlink';
import type { WorkerApi } from '../worker/api';
import { spawnWorker } from './spawn';
import { supervise, type WorkerEvent } from './supervisor';

/** The worker API as the main thread sees it: every method returns a promise. */
export type Client = {
  [K in keyof WorkerApi]: WorkerApi[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

export type { WorkerEvent } from './supervisor';

let client: Client | null = null;
const listeners = new Set<(event: WorkerEvent) => void>();

/** Tells `listener` when the worker is lost and when a fresh one has the data back. */
export function onWorkerEvent(listener: (event: WorkerEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands a supervisor's event to the page (supervisors made for tests report here too). */
export function reportWorkerEvent(event: WorkerEvent): void {
  for (const listener of listeners) listener(event);
}

export function getClient(): Client {
  client ??= supervise(spawnWorker, { onEvent: reportWorkerEvent });
  return client;
}

export function setClient(next: Client | null): void {
  client = next;
}

/** A callback the worker may call back across the boundary. */
export function callback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return Comlink.proxy(fn);
}

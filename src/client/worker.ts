/**
 * The main thread's handle on the worker: one module worker, wrapped by Comlink. Tests (and the
 * next issue's sessions) may swap in another implementation of the same API with `setClient`.
 */
import * as Comlink from 'comlink';
import type { WorkerApi } from '../worker/api';

/** The worker API as the main thread sees it: every method returns a promise. */
export type Client = {
  [K in keyof WorkerApi]: WorkerApi[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

let client: Client | null = null;

function spawn(): Client {
  const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'fitbench' });
  return Comlink.wrap<WorkerApi>(worker) as unknown as Client;
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

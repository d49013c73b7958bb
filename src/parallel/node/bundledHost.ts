/**
 * Worker threads for the one-file CLI (fitbench.mjs, scripts/cliBundle.mjs). In a clone each pool
 * worker runs host.mjs, which loads a task module from its file; in the bundle those files do not
 * exist, so the bundle is its own worker: started with `workerData.bundledTask`, it serves the task
 * of that name from the handlers compiled into it instead of running the command line.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { portEndpoint } from './portEndpoint';
import { serveTasks } from '../serve';
import type { TaskHandler } from '../types';

/** Set by the bundle's entry: its own file, which pool workers then run (see nodePool.ts). */
export const bundledHost: { url: string | null } = { url: null };

/**
 * Call first in the bundle's entry. In a pool worker it serves the named task and returns true
 * (the entry must then do nothing else); on the main thread it records the bundle's URL and
 * returns false.
 */
export function serveBundledTask(selfUrl: string, tasks: Readonly<Record<string, TaskHandler<never, unknown, unknown>>>): boolean {
  const name: unknown = (workerData as { bundledTask?: unknown } | null)?.bundledTask;
  if (isMainThread || typeof name !== 'string' || !parentPort) {
    bundledHost.url = selfUrl;
    return false;
  }
  const handler = Object.hasOwn(tasks, name) ? tasks[name] : undefined;
  if (!handler) throw new Error(`fitbench.mjs has no worker task "${name}"`);
  const port = parentPort;
  serveTasks(portEndpoint(port), handler as TaskHandler<unknown, unknown, unknown>);
  return true;
}

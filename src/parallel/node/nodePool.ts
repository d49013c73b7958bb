/**
 * The worker_threads backing of the pool (the CLI, benchmarks, tests). Each worker runs host.mjs,
 * which registers tsx (so task modules may be TypeScript, as the CLI's source is) and serves the
 * task module's exported `task`. A worker dies by an uncaught error or by exiting; either fails
 * its task as 'crashed' (see WorkerPool).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WorkerPool } from '../pool';
import type { RunMessage, WorkerMessage, WorkerPort } from '../types';
import { bundledHost } from './bundledHost';

export interface NodePoolOptions {
  /** The task module (file URL or path); it exports `task: TaskHandler<I, O, P>`. */
  readonly module: URL | string;
  /** The task's name in the one-file CLI, which serves its tasks itself (bundledHost.ts). */
  readonly bundledName?: string;
  /** Most workers at once (default: os.availableParallelism()). */
  readonly size?: number;
  /** Per-worker heap limit in MiB (default: Node's). */
  readonly maxOldGenerationSizeMb?: number;
  /** A self-contained worker script that serves the task itself (an esbuild bundle): started as is, without host.mjs and tsx. */
  readonly script?: URL | null;
}

const HOST = new URL('./host.mjs', import.meta.url);

function nodePort(module: string, bundledName: string | undefined, maxOldGenerationSizeMb: number | undefined, script: URL | null): WorkerPort {
  const resourceLimits = maxOldGenerationSizeMb ? { maxOldGenerationSizeMb } : undefined;
  const worker = bundledHost.url
    ? new Worker(new URL(bundledHost.url), { workerData: { bundledTask: bundledName }, resourceLimits })
    : script
      ? new Worker(script, { resourceLimits })
      : new Worker(HOST, { workerData: { module }, resourceLimits });
  worker.unref(); // an idle pool must not keep the CLI alive
  return {
    post: (message: RunMessage, transfer) => {
      worker.ref(); // a task in flight does
      worker.postMessage(message, transfer as ArrayBuffer[]);
    },
    listen(onMessage, onDeath) {
      worker.on('message', (m: WorkerMessage) => {
        if (m.kind === 'done') worker.unref();
        onMessage(m);
      });
      worker.on('error', (error: Error) => onDeath(error.message));
      worker.on('exit', (code: number) => onDeath(`it exited with code ${code}`));
    },
    terminate: () => void worker.terminate(),
  };
}

export function defaultNodePoolSize(): number {
  return Math.max(1, availableParallelism());
}

export function createNodePool<I, O, P = unknown>(options: NodePoolOptions): WorkerPool<I, O, P> {
  if (bundledHost.url && !options.bundledName) throw new Error('createNodePool: the one-file CLI needs the task\'s bundledName');
  const module = options.module instanceof URL ? options.module.href : new URL(options.module, 'file:///').href;
  const size = options.size ?? defaultNodePoolSize();
  return new WorkerPool<I, O, P>({ size, spawn: () => nodePort(module, options.bundledName, options.maxOldGenerationSizeMb, options.script ?? null) });
}

/**
 * src/parallel: one worker-pool interface with two backings, shared by batch fits, start searches,
 * parallel ingest and large passes. The pool and the worker-side loop are environment-neutral;
 * the backings live in node/ (worker_threads: createNodePool) and web/ (Web Workers: createWebPool,
 * serveWebWorker), imported directly by the code that runs there.
 */
export { WorkerPool, type BatchProgress, type MapOptions, type PoolBacking, type RunOptions } from './pool';
export { serveTasks } from './serve';
export { transferables } from './transfer';
export type { AbortSignalLike, HostPort, TaskContext, TaskError, TaskHandler, TaskStatus, WorkerPort } from './types';

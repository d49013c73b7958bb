/**
 * Plain-data types of the worker pool (src/parallel): the messages between the pool and its
 * workers, the statuses tasks end with, and the two ports a backing provides (Web Workers in the
 * page, worker_threads in the CLI). Everything that crosses is structured-clone data; typed arrays
 * in results are transferred, not copied.
 */

/** How a task ended. Expected failures are statuses, never thrown classes (they cross a thread). */
export type TaskStatus<O> = { readonly ok: true; readonly value: O } | { readonly ok: false; readonly error: TaskError };

export interface TaskError {
  /**
   * 'failed': the task threw (its message is kept); 'crashed': its worker died mid-task (and was
   * replaced); 'aborted': cancelled by its AbortSignal before it finished; 'closed': the pool was
   * closed.
   */
  readonly code: 'failed' | 'crashed' | 'aborted' | 'closed';
  readonly message: string;
}

/** What a task module exports as `task`: runs in a worker, input and output are plain data. */
export type TaskHandler<I, O, P = unknown> = (input: I, context: TaskContext<P>) => O | Promise<O>;

export interface TaskContext<P> {
  /** Sends a progress value to the caller's onProgress (plain data). */
  progress(value: P): void;
}

/** Pool → worker. */
export interface RunMessage {
  readonly kind: 'run';
  readonly id: number;
  readonly input: unknown;
}

/** Worker → pool. */
export type WorkerMessage =
  | { readonly kind: 'progress'; readonly id: number; readonly value: unknown }
  | { readonly kind: 'done'; readonly id: number; readonly status: TaskStatus<unknown> };

/** What a task's input may move to its worker: buffers, and message ports (a channel to the
 *  running task, as the CLI's parallel parse posts its jobs on). Structural, like AbortSignalLike. */
export type TaskTransfer = ArrayBuffer | { postMessage(message: unknown): void; close(): void };

/** The pool's side of one worker, whatever backs it. */
export interface WorkerPort {
  post(message: RunMessage, transfer: readonly TaskTransfer[]): void;
  /** Registers the handlers once, right after the worker is made. */
  listen(onMessage: (message: WorkerMessage) => void, onDeath: (reason: string) => void): void;
  terminate(): void;
}

/** The worker's side of its channel to the pool. */
export interface HostPort {
  post(message: WorkerMessage, transfer: readonly ArrayBuffer[]): void;
  listen(onMessage: (message: RunMessage) => void): void;
}

/** The part of an AbortSignal the pool uses (structural, so the core needs no DOM or Node types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

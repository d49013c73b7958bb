/**
 * A pool of workers behind one interface, whatever backs them (Web Workers, worker_threads):
 * tasks are plain data, each goes to an idle worker (workers start on demand, up to `size`), and
 * each ends with a status, never a hang:
 *
 *   const pool = createNodePool<Input, Output>({ module: new URL('./fitTask.ts', import.meta.url) });
 *   const all = await pool.map(inputs, { signal, onProgress: (p) => show(`${p.done} / ${p.total}, ${p.failed} failed`) });
 *
 * - Cancellation is an AbortSignal per call: queued tasks end 'aborted' at once; a running task's
 *   worker is terminated (a synchronous fit cannot be interrupted any other way) and replaced on
 *   demand. Tasks that finished keep their results.
 * - A worker that dies mid-task (an uncaught error, out of memory, exit) fails that task as
 *   'crashed', is replaced, and the queue goes on.
 * - A task that throws ends 'failed' with its message; its worker lives on.
 */
import type { AbortSignalLike, RunMessage, TaskStatus, TaskTransfer, WorkerMessage, WorkerPort } from './types';

export interface PoolBacking {
  /** Starts one worker. */
  spawn(): WorkerPort;
  /** Most workers at once. */
  size: number;
}

export interface RunOptions<P> {
  readonly signal?: AbortSignalLike | null;
  readonly onProgress?: (value: P) => void;
  /** Buffers (or ports) of the input to move to the worker instead of copying (the caller loses them). */
  readonly transfer?: readonly TaskTransfer[];
}

export interface BatchProgress {
  readonly done: number;
  readonly total: number;
  readonly failed: number;
}

export interface MapOptions<O> {
  readonly signal?: AbortSignalLike | null;
  /** After each task ends (in completion order). */
  readonly onProgress?: (progress: BatchProgress) => void;
  /** Each task's status as it ends, with its index in the inputs. */
  readonly onResult?: (index: number, status: TaskStatus<O>) => void;
}

interface Task {
  readonly id: number;
  readonly signal: AbortSignalLike | null;
  readonly input: unknown;
  readonly transfer: readonly TaskTransfer[];
  readonly onProgress?: (value: unknown) => void;
  readonly settle: (status: TaskStatus<unknown>) => void;
}

interface Slot {
  readonly port: WorkerPort;
  task: Task | null;
  dead: boolean;
}

const stop = (code: 'aborted' | 'crashed' | 'closed', message: string): TaskStatus<never> => ({ ok: false, error: { code, message } });

export class WorkerPool<I, O, P = unknown> {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly backing: PoolBacking) {
    if (!(Number.isInteger(backing.size) && backing.size >= 1)) throw new RangeError(`WorkerPool: size must be a positive integer, got ${backing.size}`);
  }

  get size(): number {
    return this.backing.size;
  }

  /** Workers started and alive now (they start on demand). */
  get workers(): number {
    return this.slots.length;
  }

  /**
   * Starts every worker now instead of on demand, so that their start (a module load, ~0.3–1 s for
   * a TypeScript task module in Node) overlaps other work such as parsing. Idempotent.
   */
  warm(): void {
    while (!this.closed && this.slots.length < this.backing.size) this.start();
  }

  /** Runs one task; resolves with its status (never rejects). */
  run(input: I, options: RunOptions<P> = {}): Promise<TaskStatus<O>> {
    const { signal } = options;
    if (this.closed) return Promise.resolve(stop('closed', 'The worker pool is closed.'));
    if (signal?.aborted) return Promise.resolve(stop('aborted', 'Cancelled before it started.'));
    return new Promise<TaskStatus<O>>((resolve) => {
      const onAbort = () => this.cancel(task);
      const task: Task = {
        id: this.nextId++,
        signal: signal ?? null,
        input,
        transfer: options.transfer ?? [],
        onProgress: options.onProgress as ((value: unknown) => void) | undefined,
        settle: (status) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(status as TaskStatus<O>);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Runs every input; statuses in input order. Cancelling keeps the finished ones. */
  async map(inputs: readonly I[], options: MapOptions<O> = {}): Promise<TaskStatus<O>[]> {
    const total = inputs.length;
    let done = 0;
    let failed = 0;
    return Promise.all(
      inputs.map(async (input, index) => {
        const status = await this.run(input, { signal: options.signal });
        done++;
        if (!status.ok) failed++;
        options.onResult?.(index, status);
        options.onProgress?.({ done, total, failed });
        return status;
      }),
    );
  }

  /** Terminates every worker; queued and running tasks end 'closed'. */
  close(): void {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.settle(stop('closed', 'The worker pool was closed.'));
    for (const slot of this.slots.splice(0)) {
      slot.dead = true;
      slot.port.terminate();
      slot.task?.settle(stop('closed', 'The worker pool was closed.'));
    }
  }

  private cancel(task: Task): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      task.settle(stop('aborted', 'Cancelled before it started.'));
      return;
    }
    const slot = this.slots.find((s) => s.task === task);
    if (!slot) return; // already finished
    this.retire(slot);
    slot.port.terminate(); // a busy worker cannot hear a message: stop it, a new one replaces it
    task.settle(stop('aborted', 'Cancelled while running; its worker was stopped.'));
    this.dispatch();
  }

  private retire(slot: Slot): void {
    slot.dead = true;
    slot.task = null;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot) {
        if (this.slots.length >= this.backing.size) return;
        slot = this.start();
      }
      const task = this.queue.shift() as Task;
      if (task.signal?.aborted) {
        // Its abort listener has not run yet (another task's listener on the same signal came first).
        task.settle(stop('aborted', 'Cancelled before it started.'));
        continue;
      }
      slot.task = task;
      const message: RunMessage = { kind: 'run', id: task.id, input: task.input };
      try {
        slot.port.post(message, task.transfer);
      } catch (error) {
        // The input could not be cloned (a function, a class instance): the task fails, the worker is fine.
        slot.task = null;
        task.settle({ ok: false, error: { code: 'failed', message: `The task's input cannot be sent to a worker: ${(error as Error).message}` } });
      }
    }
  }

  private start(): Slot {
    const slot: Slot = { port: this.backing.spawn(), task: null, dead: false };
    this.slots.push(slot);
    slot.port.listen(
      (message) => this.receive(slot, message),
      (reason) => this.died(slot, reason),
    );
    return slot;
  }

  private receive(slot: Slot, message: WorkerMessage): void {
    const task = slot.task;
    if (slot.dead || !task || message.id !== task.id) return;
    if (message.kind === 'progress') {
      task.onProgress?.(message.value);
      return;
    }
    slot.task = null;
    task.settle(message.status);
    this.dispatch();
  }

  private died(slot: Slot, reason: string): void {
    if (slot.dead) return; // terminated on purpose, or a second report of the same death
    const task = slot.task;
    this.retire(slot);
    task?.settle(stop('crashed', `Its worker died: ${reason}`));
    if (!this.closed) this.dispatch();
  }
}

/**
 * The worker's side: runs each task the pool sends through the module's handler, one at a time
 * (the pool sends a worker one task at a time), and answers with a status. A handler that throws
 * ends its task as 'failed' with the message; the worker lives on. Result buffers are transferred.
 */
import { transferables } from './transfer';
import type { HostPort, RunMessage, TaskHandler, TaskStatus } from './types';

function failure(error: unknown): TaskStatus<never> {
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: 'failed', message } };
}

export function serveTasks<I, O, P>(port: HostPort, handler: TaskHandler<I, O, P>): void {
  port.listen((message: RunMessage) => {
    if (message?.kind !== 'run') return;
    const { id } = message;
    const context = { progress: (value: P) => port.post({ kind: 'progress', id, value }, []) };
    let pending: O | Promise<O>;
    try {
      pending = handler(message.input as I, context);
    } catch (error) {
      port.post({ kind: 'done', id, status: failure(error) }, []);
      return;
    }
    Promise.resolve(pending).then(
      (value) => {
        const status: TaskStatus<O> = { ok: true, value };
        port.post({ kind: 'done', id, status }, transferables(value));
      },
      (error: unknown) => port.post({ kind: 'done', id, status: failure(error) }, []),
    );
  });
}

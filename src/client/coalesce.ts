/**
 * Latest-wins request coalescing for interactive work (slider → curve): at most one request in
 * flight and one waiting; a new request replaces the waiting one, and requests are started on the
 * next animation frame, so dragging a slider never builds a backlog in the worker.
 */

export interface Coalescer<T> {
  request(value: T): void;
  /** Drops the waiting request (the one in flight still completes). */
  clear(): void;
  readonly busy: boolean;
}

export type Schedule = (run: () => void) => void;

const nextFrame: Schedule = (run) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => run());
  else setTimeout(run, 16);
};

export function coalesce<T>(run: (value: T) => Promise<void>, schedule: Schedule = nextFrame): Coalescer<T> {
  let waiting: { value: T } | null = null;
  let inFlight = false;
  let scheduled = false;

  const kick = () => {
    if (scheduled || inFlight || waiting === null) return;
    scheduled = true;
    schedule(pump);
  };

  function pump(): void {
    scheduled = false;
    if (inFlight || waiting === null) return;
    const { value } = waiting;
    waiting = null;
    inFlight = true;
    run(value)
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
        kick();
      });
  }

  return {
    request(value) {
      waiting = { value };
      kick();
    },
    clear() {
      waiting = null;
    },
    get busy() {
      return inFlight || waiting !== null;
    },
  };
}

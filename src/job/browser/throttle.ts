/**
 * Rate limit for progress messages: at most one per `intervalMs`, the latest value wins, and
 * `flush` sends what is still pending. The solver runs in bursts inside the worker, so there is
 * no trailing timer: a pending value goes out with the next push after the interval, or at flush.
 */

export interface Throttle<T> {
  push(value: T): void;
  flush(): void;
}

export function throttle<T>(send: (value: T) => void, intervalMs: number, now: () => number = () => performance.now()): Throttle<T> {
  let last = -Infinity;
  let pending: { value: T } | null = null;
  return {
    push(value) {
      const t = now();
      if (t - last >= intervalMs) {
        last = t;
        pending = null;
        send(value);
      } else {
        pending = { value };
      }
    },
    flush() {
      if (pending) {
        last = now();
        const { value } = pending;
        pending = null;
        send(value);
      }
    },
  };
}

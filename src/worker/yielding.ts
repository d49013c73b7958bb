/**
 * Lets messages in while the solver runs. The TRF loop awaits every evaluation, but a synchronous
 * CPU evaluator never gives the worker's event loop a turn, so a cancel call would wait for the
 * whole fit. Wrapped, the evaluator yields one macrotask (a MessageChannel round trip, not the
 * clamped setTimeout) whenever `everyMs` have passed since the last yield: a fit of 80 rows does
 * not notice, a pass over 10⁶ rows yields before each pass.
 */
import type { Evaluator } from '../solver/evaluator';

export function macrotask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function yielding(evaluator: Evaluator, everyMs = 30, now: () => number = () => performance.now()): Evaluator {
  let last = now();
  const pause = async () => {
    if (now() - last < everyMs) return;
    await macrotask();
    last = now();
  };
  return {
    m: evaluator.m,
    n: evaluator.n,
    label: evaluator.label,
    async cost(x) {
      await pause();
      return evaluator.cost(x);
    },
    async linearize(x) {
      await pause();
      return evaluator.linearize(x);
    },
  };
}

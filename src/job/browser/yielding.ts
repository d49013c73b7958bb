/**
 * Lets messages in while the solver runs. The TRF loop awaits every evaluation, but a synchronous
 * CPU evaluator never gives the worker's event loop a turn, so a cancel call would wait for the
 * whole fit. Wrapped, the evaluator yields one macrotask (a MessageChannel round trip, not the
 * clamped setTimeout) whenever `everyMs` have passed since the last yield: a fit of 80 rows does
 * not notice, a pass over 10⁶ rows yields before each pass.
 */
import { macrotask } from '../../parallel/web/macrotask';
import type { Evaluator } from '../../solver/evaluator';

export { macrotask };

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

/** A fit stopped inside a pass (its cancel flag was seen at a checkpoint). */
export class FitCancelledError extends Error {
  readonly code = 'cancelled';
  constructor() {
    super('Cancelled during a pass over the data.');
    this.name = 'FitCancelledError';
  }
}

/**
 * The checkpoint a CPU pass calls between spans of rows (fit/cpuEvaluator.ts): after `everyMs`
 * it yields a macrotask so that a cancel message gets in, and it stops the pass once the fit's
 * flag is set. A pass of many chunks, or a chunk of many parameters, is cancelled within tens of
 * milliseconds instead of at its end.
 */
export function cancelCheckpoint(flag: { readonly aborted: boolean }, everyMs = 30, now: () => number = () => performance.now()): () => void | Promise<void> {
  let last = now();
  return () => {
    if (flag.aborted) throw new FitCancelledError();
    if (now() - last < everyMs) return;
    return macrotask().then(() => {
      last = now();
      if (flag.aborted) throw new FitCancelledError();
    });
  };
}

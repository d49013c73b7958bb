/**
 * A small task module for the pool's tests: sums a Float64Array (and returns a transferred
 * Float64Array of partial sums), reports progress, and on request throws, crashes its worker,
 * or hangs, so that every path of the pool can be exercised.
 */
import type { TaskHandler } from '../types';

export interface SumInput {
  readonly values: Float64Array;
  /** 'sum' (default); 'throw': the task throws; 'crash': an uncaught error kills the worker; 'hang': never ends. */
  readonly mode?: 'sum' | 'throw' | 'crash' | 'hang';
  /** Progress values sent before answering. */
  readonly steps?: number;
}

export interface SumOutput {
  readonly sum: number;
  /** Prefix sums (a typed array, so the result is transferred). */
  readonly prefix: Float64Array;
  /** Whether the input arrived with its own buffer (it was transferred or copied, not shared). */
  readonly inputLength: number;
}

export const task: TaskHandler<SumInput, SumOutput, number> = (input, context) => {
  if (input.mode === 'throw') throw new Error(`bad input of ${input.values.length} values`);
  if (input.mode === 'crash') {
    setTimeout(() => { throw new Error('worker lost'); }, 0);
    return new Promise<SumOutput>(() => {}); // never answers: the worker dies first
  }
  if (input.mode === 'hang') for (;;) { /* a synchronous fit that never ends */ }
  for (let k = 1; k <= (input.steps ?? 0); k++) context.progress(k);
  const prefix = new Float64Array(input.values.length);
  let sum = 0;
  input.values.forEach((v, i) => { sum += v; prefix[i] = sum; });
  return { sum, prefix, inputLength: input.values.length };
};

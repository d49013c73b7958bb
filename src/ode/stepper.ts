/**
 * What the step-size driver (integrate.ts) needs from a one-step method: try a step of size h
 * from the last accepted point, report the scaled error, accept it, and interpolate inside the
 * accepted step (dense output). Each method owns its work arrays, allocated once.
 */
import type { OdeStats } from './types';

export type RhsFn = (t: number, y: Float64Array, dy: Float64Array) => void;

export interface Stepper {
  /** Order q of the embedded (error) solution: the error behaves as h^(q+1). */
  readonly order: number;
  /** The last accepted point. */
  readonly t: number;
  readonly y: Float64Array;
  /** f at the last accepted point (valid after init). */
  readonly f0: Float64Array;
  /** Component with the largest scaled error in the last finite attempt. */
  worstComponent(): number;
  /** Starts at (t, y); false when f(t, y) is not finite (see `badIndex`). */
  init(t: number, y: Float64Array): boolean;
  /** Tries a step of size h (signed); the error norm, ≤ 1 to accept, NaN when not finite. */
  attempt(h: number): number;
  /** Makes the tried step the current one and prepares its dense output. */
  accept(): void;
  /** out ← the solution at time s inside the last accepted step. */
  interpolate(s: number, out: Float64Array): void;
  /** Component that was not finite after a NaN attempt (−1 when none is known). */
  readonly badIndex: number;
  /** Whether the last NaN attempt came from a singular iteration matrix. */
  readonly singular: boolean;
}

/** Index of the first non-finite entry of v, −1 when all are finite. */
export function firstNonFinite(v: Float64Array): number {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return i;
  return -1;
}

/** Index of the largest |e_i| / (atol_i + rtol·|y_i|). */
export function worstScaled(e: Float64Array, y: Float64Array, rtol: number, atol: Float64Array): number {
  let best = -1;
  let worst = -1;
  for (let i = 0; i < e.length; i++) {
    const r = Math.abs(e[i]) / (atol[i] + rtol * Math.abs(y[i]));
    if (r > worst) {
      worst = r;
      best = i;
    }
  }
  return best;
}

export function newStats(): OdeStats {
  return { steps: 0, accepted: 0, rejected: 0, fevals: 0, jevals: 0, factorizations: 0, switches: 0 };
}

/**
 * The state of a TRF run between two outer iterations: everything the next iteration reads
 * (x, the trust radius Δ, the Levenberg–Marquardt α, the running Jacobian column scale and the
 * counters). Saved as a checkpoint, it lets a fit resume where it stopped: the linearization at x
 * is recomputed (one evaluation), then the iterations are exactly those an uninterrupted run
 * takes, so a resumed fit ends where the uninterrupted one ends (issue 12).
 */
export interface TrfState {
  /** The free parameters after the last completed iteration. */
  readonly x: readonly number[];
  readonly Delta: number;
  readonly alpha: number;
  /** max‖J columns‖ so far with x_scale='jac' (scipy's scale_inv), else null. */
  readonly scaleInv: readonly number[] | null;
  readonly nfev: number;
  readonly njev: number;
  /** Completed outer iterations. */
  readonly nit: number;
}

/** Why `state` cannot resume a problem with `n` free parameters, or null when it can. */
export function trfStateProblem(state: unknown, n: number): string | null {
  if (typeof state !== 'object' || state === null) return 'the saved solver state is missing';
  const s = state as Record<string, unknown>;
  const numbers = (v: unknown) => Array.isArray(v) && v.length === n && v.every((e) => typeof e === 'number' && Number.isFinite(e));
  if (!numbers(s.x)) return `the saved parameters are not ${n} finite numbers`;
  if (!(typeof s.Delta === 'number' && s.Delta > 0 && Number.isFinite(s.Delta))) return 'the saved trust radius is not a positive number';
  if (!(typeof s.alpha === 'number' && s.alpha >= 0 && Number.isFinite(s.alpha))) return 'the saved Levenberg–Marquardt parameter is not a number ≥ 0';
  if (s.scaleInv !== null && !numbers(s.scaleInv)) return `the saved column scale is not ${n} finite numbers`;
  for (const key of ['nfev', 'njev', 'nit'] as const) {
    if (!(typeof s[key] === 'number' && Number.isInteger(s[key]) && (s[key] as number) >= 0)) return `the saved ${key} is not a whole number ≥ 0`;
  }
  return null;
}

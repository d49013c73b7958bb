/**
 * The protocol between the one TRF loop (trustRegionLoop.ts) and its drivers (drivers.ts): the
 * requests the loop yields, its resolved options, its outcome, and the vectors it works in.
 */
import type { AbortSignalLike } from './evaluator';
import type { IterationSummary } from './summary';
import type { Status } from './termination';
import type { TrfState } from './trfState';

/** An evaluation the loop asks its driver for; `x` is the loop's buffer (read it during the call). */
export interface EvaluationRequest {
  readonly kind: 'cost' | 'linearize';
  readonly x: Float64Array;
}

/** After every outer iteration (when the options ask for it); the reply `true` stops the run (status −2). */
export interface IterationRequest {
  readonly kind: 'iteration';
  readonly summary: IterationSummary;
  /** The state to resume from (when the options ask for it), else null. */
  readonly state: TrfState | null;
}

export type LoopRequest = EvaluationRequest | IterationRequest;

/** Resolved, validated options (options.ts resolves the public ones). */
export interface LoopOptions {
  /** Bounds, or null for none. */
  readonly lb: Float64Array | null;
  readonly ub: Float64Array | null;
  readonly ftol: number;
  readonly xtol: number;
  readonly gtol: number;
  readonly maxNfev: number;
  readonly xScale: Float64Array | 'jac';
  readonly signal?: AbortSignalLike | null;
  readonly resume?: TrfState | null;
  /** Take a step too small for an evaluation to judge without evaluating it, and stop (UNRESOLVED_ULPS). */
  readonly stopUnresolvedSteps?: boolean;
  /** Yield an 'iteration' request after every outer iteration. */
  readonly report?: boolean;
  /** Give those requests the state to resume from. */
  readonly saveState?: boolean;
}

export interface LoopOutcome {
  /** Why the loop could not start at x0 (the wrappers raise or report it), else null. */
  readonly failure: null | 'nonfinite-x0' | 'nonfinite-jacobian';
  /** The parameter of a 'nonfinite-jacobian' failure. */
  readonly parameter: number;
  /** The loop's buffer holding the solution (the workspace's x or xNew). */
  readonly x: Float64Array;
  readonly cost: number;
  /** First-order optimality at x (‖v ⊙ g‖∞ with bounds). */
  readonly optimality: number;
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  readonly status: Status;
  readonly relativeReduction: number;
  readonly relativeStep: number;
  /** The ftol stop came from an unevaluated step's predicted reduction. */
  readonly predicted: boolean;
}

/** The loop's vectors of length n, allocated once (a batch reuses one for every fit). */
export class LoopWorkspace {
  readonly x: Float64Array;
  readonly xNew: Float64Array;
  readonly d: Float64Array;
  readonly gH: Float64Array;
  readonly pH: Float64Array;
  readonly p: Float64Array;
  readonly scale: Float64Array;
  readonly scaleInv: Float64Array;
  readonly u: Float64Array;
  readonly w: Float64Array;
  constructor(readonly n: number) {
    this.x = new Float64Array(n);
    this.xNew = new Float64Array(n);
    this.d = new Float64Array(n);
    this.gH = new Float64Array(n);
    this.pH = new Float64Array(n);
    this.p = new Float64Array(n);
    this.scale = new Float64Array(n);
    this.scaleInv = new Float64Array(n);
    this.u = new Float64Array(n);
    this.w = new Float64Array(n);
  }
}

/**
 * Plain-data shapes of the ODE integrators: the system X' = f(t, X) as callbacks that write into
 * caller-owned arrays (no allocation per call), the options, and the outcome, whose failures are
 * statuses (the design's "expected failures cross the boundary as statuses"), never throws.
 *
 * Layouts: the Jacobian ∂f/∂X is row-major n×n (J[i*n + j] = ∂f_i/∂X_j); ∂f/∂p is row-major
 * n×np (P[i*np + k] = ∂f_i/∂p_k). A callback reads x[0 … n) and writes the first n (n², n·np)
 * entries of its output; both arrays may be longer (with sensitivities x is the augmented state
 * [X; S], passed as is so that no view is allocated per call).
 */

export interface OdeSystem {
  /** Number of states. */
  readonly n: number;
  /** dx ← f(t, x). Must not keep references to x or dx. */
  f(t: number, x: Float64Array, dx: Float64Array): void;
  /** J ← ∂f/∂X at (t, x), exact (the implicit method and the sensitivities use it). */
  jac?(t: number, x: Float64Array, J: Float64Array): void;
  /** dt ← ∂f/∂t at (t, x); when absent and `autonomous` is not true, a forward difference. */
  dfdt?(t: number, x: Float64Array, dt: Float64Array): void;
  /** f does not depend on t (∂f/∂t = 0). */
  readonly autonomous?: boolean;
}

/** Forward sensitivities S = ∂X/∂p (and, with `initial`, ∂X/∂X(t0)). */
export interface SensitivitySpec {
  /** Number of parameters p. */
  readonly np: number;
  /** P ← ∂f/∂p at (t, x), row-major n×np. */
  dfdp(t: number, x: Float64Array, P: Float64Array): void;
  /** ∂X(t0)/∂p, row-major n×np; zero when absent (initial values that hold no parameter). */
  readonly S0?: Float64Array;
  /** Also integrate ∂X/∂X(t0) (n more columns, starting at the identity). */
  readonly initial?: boolean;
  /**
   * The second-order terms the implicit method's sensitivity block needs, along a direction v:
   * out[0 … n²) ← Σ_j ∂J/∂X_j·v_j (row-major n×n), out[n² … n² + n·np) ← Σ_j ∂(∂f/∂p)/∂X_j·v_j
   * (row-major n×np). Optional: a central difference of jac and dfdp stands in when absent.
   */
  jacDirectional?(t: number, x: Float64Array, v: Float64Array, out: Float64Array): void;
}

export type OdeMethod = 'dopri5' | 'rodas4' | 'auto';

export interface OdeOptions {
  readonly method?: OdeMethod;
  /** Relative tolerance (default 1e-6). */
  readonly rtol?: number;
  /** Absolute tolerance (> 0), one for all components or one per state (default 1e-9). */
  readonly atol?: number | Float64Array;
  /** Absolute tolerance of the sensitivity components (default: atol's scalar or its minimum). */
  readonly sensAtol?: number;
  /** Bound on attempted steps per direction (default 100 000): an integration never hangs. */
  readonly maxSteps?: number;
  /** First step size (default: Hairer's guess, Solving ODEs I, II.4). */
  readonly h0?: number;
  /** Largest step size (default: the length of the interval). */
  readonly hmax?: number;
  /** Checked between steps; an aborted integration returns status 'aborted'. */
  readonly signal?: { readonly aborted: boolean };
  readonly shouldStop?: () => boolean;
}

export type OdeFailure =
  | 'max-steps' // the step bound was reached
  | 'step-underflow' // the step size fell below 16 ulp of t
  | 'non-finite' // f, the Jacobian or the solution produced NaN or ±Infinity
  | 'singular' // the iteration matrix of the implicit method could not be factored
  | 'aborted' // signal.aborted or shouldStop()
  | 'invalid-input'; // the call itself is wrong (no Jacobian for 'rodas4', x0 of the wrong length, …)

export interface OdeStats {
  steps: number;
  accepted: number;
  rejected: number;
  /** Evaluations of f (of the augmented system when sensitivities are on). */
  fevals: number;
  jevals: number;
  factorizations: number;
  /** Explicit → implicit (and back) switches of method 'auto'. */
  switches: number;
}

export type OdeStatus =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly code: OdeFailure;
      /** Time reached when the integration stopped. */
      readonly t: number;
      /** The state (or augmented component, see OdeSolution.names) to blame, −1 when none. */
      readonly index: number;
      readonly message: string;
    };

export interface OdeSolution {
  readonly status: OdeStatus;
  /** The observation times as given (unsorted, repeated, either side of t0). */
  readonly times: Float64Array;
  /** X at times[r]: x[r*n + i]; NaN for times not reached before a failure. */
  readonly x: Float64Array;
  /**
   * Sensitivities at times[r] when requested: s[(r*n + i)*m + k] = ∂X_i/∂θ_k, with θ = p then,
   * with `initial`, X(t0); m = np (+ n).
   */
  readonly s?: Float64Array;
  /** Number of sensitivity columns m. */
  readonly m: number;
  readonly stats: OdeStats;
}

/** Plain-data inputs and results of a curve fit (they cross the worker boundary as they are). */
import type { IterationSummary } from '../solver/summary';
import type { ConstraintFact } from './constraints/constrainedSpace';
import type { Status } from '../solver/termination';
import type { ResidualDiagnostics } from '../stats/diagnostics';
import type { GoodnessOfFit } from '../stats/goodness';

/** The data a fit needs, columns aligned with the model's variables. */
export interface FitData {
  /** One column per model variable, in the order of CompiledModel.variables. */
  readonly vars: Float64Array[];
  /** Decimal residuals of vars (value = hi + lo), where the ingest kept them. */
  readonly varsLo?: (Float64Array | null)[] | null;
  readonly y: Float64Array;
  readonly yLo?: Float64Array | null;
  /** Per-point standard deviations σᵢ > 0, or null for unweighted. */
  readonly sigma?: Float64Array | null;
  /** Each row's line in the file (header = line 1), where known: messages name rows by it (rowName.ts). */
  readonly lines?: ArrayLike<number> | null;
}

export type Backend = 'cpu' | 'gpu';

export interface PhaseRecord {
  /**
   * 'fit' is the main solve, 'polish' the float64 QR iterations after a normal-equation (or GPU)
   * solve, 'refine' the Gauss–Newton steps below the cost's rounding level.
   */
  readonly role: 'fit' | 'polish' | 'refine';
  readonly backend: Backend;
  readonly linearization: 'dense' | 'normal';
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  readonly status: Status;
  readonly message: string;
  readonly ms: number;
  /** The phase's evaluator was lost (GPU device lost, out of memory): the next phase resumed its work. */
  readonly lost?: boolean;
}

export interface ParameterResult {
  readonly name: string;
  readonly value: number;
  /** Standard error (NaN for fixed parameters, Infinity when the parameter or the covariance is undetermined). */
  readonly stderr: number;
  readonly ciLower: number;
  readonly ciUpper: number;
  readonly fixed: boolean;
  readonly start: number;
  readonly min: number;
  readonly max: number;
  /** −1 at the lower bound, 1 at the upper, 0 inside (scipy's active_mask). */
  readonly atBound: number;
  /**
   * value/stderr, its two-sided p value under Student's t with m − k dof (R's summary.nls), and
   * 100·stderr/|value| (Prism's % error). NaN where stderr is not finite or the parameter is fixed.
   * Optional: results saved before these fields existed lack them.
   */
  readonly tStat?: number;
  readonly pValue?: number;
  readonly percentError?: number;
}

export interface FitResult {
  readonly success: boolean;
  readonly status: Status;
  readonly message: string;
  readonly parameters: ParameterResult[];
  /** Names of the free parameters: the order of pcov and correlation. */
  readonly free: string[];
  readonly pcov: Float64Array;
  readonly correlation: Float64Array;
  /** ½Σρ(fᵢ²), as scipy reports it. */
  readonly cost: number;
  readonly stats: GoodnessOfFit;
  readonly confidenceLevel: number;
  /** Student t quantile used for the intervals (the normal quantile where `statistic` is 'z'). */
  readonly tValue: number;
  /**
   * The distribution of the parameter table's statistic: 't' (Student's t on n − k dof, least
   * squares; meant where absent) or 'z' (the normal, for likelihood fits such as Poisson, as R's
   * summary.glm and confint.default). tStat, pValue, the intervals and tValue follow it.
   */
  readonly statistic?: 't' | 'z';
  /**
   * First-order optimality at the reported parameters (‖g‖∞, Coleman–Li scaled with bounds).
   * Optional, like `undetermined`: results saved before these fields existed lack them.
   */
  readonly optimality?: number;
  /**
   * Free parameters the data cannot determine (a component in a null direction of J): their
   * standard errors and intervals are not finite (null in JSON) and the verdict is not green.
   */
  readonly undetermined?: string[];
  /** How the points were weighted, in words ("unweighted", "relative weighting, 1/y² (σ = |y|)"). */
  readonly weighting?: string;
  /**
   * Runs test, normality test, Durbin–Watson and the replicates test on the residuals (null for
   * fewer than 2 rows). Optional: results saved before it existed lack it.
   */
  readonly diagnostics?: ResidualDiagnostics | null;
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  readonly phases: PhaseRecord[];
  readonly history: (IterationSummary & { phase: number })[];
  readonly warnings: string[];
  /** χ² came from a double-double evaluation of the residuals on hi+lo data. */
  readonly extendedPrecision: boolean;
  readonly fitMs: number;
  /**
   * After a GPU main phase (absent otherwise): the float64 passes over the rows that followed it
   * (the finish's linearizations and cost passes, the QR passes of the refinement and of the
   * covariance, the statistics' model values), how the finish converged (fit/gpuFinish.ts:
   * 'gauss-newton' within its two passes, 'trf' when the loop went on; null when it did not run)
   * and whether the statistics reused the last pass's model values.
   */
  readonly gpuFinish?: GpuFinishRecord;
  /** Linear constraints between the parameters (issue 26): each one's slack at the fit and whether it is active; absent without constraints. */
  readonly constraints?: ConstraintFact[];
}

export interface GpuFinishRecord {
  readonly float64Passes: number;
  readonly passes: { readonly normal: number; readonly dense: number; readonly cost: number; readonly values: number };
  readonly path: 'gauss-newton' | 'trf' | null;
  readonly valuesFused: boolean;
  readonly finishMs: number;
}

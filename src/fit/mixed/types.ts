/** Plain-data inputs and results of a nonlinear mixed-effects fit (Lindstrom & Bates 1990). */
import type { CompiledModel } from '../../model/index';
import type { AbortSignalLike } from '../../solver/evaluator';
import type { GroupInput } from '../groupInput';
import type { GroupRow } from '../groupRow';
import type { ParameterSpec } from '../parameters';
import type { GlobalLikelihood } from './globalLikelihood';
import type { RandomCov } from './precisionFactor';
import type { MixedMethod } from './profiledLogLik';

export interface MixedInput {
  readonly model: CompiledModel;
  readonly groups: readonly GroupInput[];
  /** Start values (every free parameter's is its fixed effect's start) and fixed parameters. */
  readonly parameters: readonly ParameterSpec[];
  /** Parameters with one random effect per group (free ones; every free parameter is a fixed effect). */
  readonly random: readonly string[];
  readonly cov: RandomCov;
  readonly method: MixedMethod;
  readonly options?: MixedOptions;
  readonly signal?: AbortSignalLike;
  /** After every PNLS + LME iteration. */
  readonly onIteration?: (iteration: number, logLik: number) => void;
}

export interface MixedOptions {
  /** Alternations of PNLS and LME (nlme's maxIter is 50). */
  readonly maxIter?: number;
  /** Stop when θ and the fixed effects (relatively) change less than this. */
  readonly tolerance?: number;
}

/** A group's row: its parameters are the fixed effects plus its predicted random effects. */
export type MixedRow = GroupRow & {
  readonly included: boolean;
  /** The group's random effects b_g (one per random parameter; NaN where left out). */
  readonly randomEffects: Float64Array;
};

export interface MixedResult {
  /** The fixed effects' names (the free parameters, in model order). */
  readonly names: readonly string[];
  readonly random: readonly string[];
  readonly method: MixedMethod;
  readonly cov: RandomCov;
  readonly fixed: number[];
  readonly fixedStderr: number[];
  /** Denominator degrees of freedom (nlme's rule), t values and two-sided p values. */
  readonly fixedDf: number[];
  readonly tValue: number[];
  readonly pValue: number[];
  /** σ of the random effects, and their correlation matrix (r×r). */
  readonly randomSd: number[];
  readonly randomCorr: number[][];
  /** The residual standard deviation. */
  readonly sigma: number;
  readonly logLik: number;
  readonly aic: number;
  readonly bic: number;
  /** The fit without random effects (every parameter shared: the global fit), on the same likelihood. */
  readonly global: GlobalLikelihood;
  /** Rows and groups fitted; parameters counted in AIC (fixed effects, θ, σ). */
  readonly points: number;
  readonly groupsFitted: number;
  readonly parameterCount: number;
  readonly rows: MixedRow[];
  readonly iterations: number;
  readonly converged: boolean;
  readonly message: string;
  readonly warnings: string[];
  readonly nfev: number;
  readonly fitMs: number;
}

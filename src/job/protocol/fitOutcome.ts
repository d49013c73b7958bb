/**
 * What a single fit job brings back to the page: its progress as it runs, the backend that ran it,
 * and the outcome (the job's FitResult and what ran around it: VarPro, Poisson, resume,
 * checkpoint saves, a streamed source, errors in x, the assay steps) with the curve drawn from it.
 */
import type { PoissonFacts } from '../../fit/poissonMle';
import type { FitResult } from '../../fit/types';
import type { Curve } from '../../plot/shapes';
import type { PageAssay } from './assay';
import type { OdrFacts } from './odrFacts';

export interface FitProgress {
  readonly iteration: number;
  readonly nfev: number;
  readonly cost: number;
  readonly optimality: number;
  readonly stepNorm: number;
  readonly elapsedMs: number;
  readonly phase: 'fit' | 'polish' | 'start';
  readonly backend: 'cpu' | 'gpu';
  /** The chunk a pass just finished; a streamed fit (issue 12) also counts its passes over the
   *  chunks (`passIndex`, 1-based) and has a 'statistics' pass after the solver's. */
  readonly chunk: { readonly pass: 'cost' | 'linearize' | 'statistics'; readonly chunk: number; readonly chunks: number; readonly passIndex?: number } | null;
  /** Costs of the iterations since the previous message. */
  readonly costs: readonly number[];
  /** The bootstrap's refits after the fit (issue 26): resamples done of B (absent or null: not running). */
  readonly bootstrap?: { readonly done: number; readonly total: number } | null;
  /** The last accepted iterate: the free parameters by name (null before the first iteration),
   *  so that a fit stopped from outside still leaves its best parameters. */
  readonly accepted?: { readonly names: readonly string[]; readonly values: readonly number[] } | null;
}

export interface BackendReport {
  readonly requested: 'auto' | 'cpu' | 'gpu';
  readonly used: 'cpu' | 'gpu';
  readonly reason: string;
  /** How the float64 CPU kernels ran: generated code, or interpreted where the page's
   *  Content-Security-Policy forbids compiling code (absent in older saved results). */
  readonly cpuKernels?: 'generated' | 'interpreted';
  /** The float64 passes ran on this many row workers (job/browser/rowWorkers.ts), their columns shared
   *  (a cross-origin-isolated page) or each worker's rows held in a copy; absent: in the fit worker. */
  readonly rowWorkers?: { readonly workers: number; readonly columns: 'shared' | 'held' };
}

export interface FitOutcome {
  readonly result: FitResult;
  readonly backend: BackendReport;
  readonly curve: Curve;
  /** The VarPro solver option's reduced fit before the full one (absent or null: not used). */
  readonly varpro?: { readonly linear: readonly string[]; readonly nonlinear: readonly string[]; readonly nfev: number; readonly nit: number } | null;
  /** The Poisson objective's facts (settings.objective 'poisson'; absent or null: least squares):
   *  the Cash statistic, the deviance and the reweighting rounds (src/fit/poissonMle.ts). */
  readonly poisson?: PoissonFacts | null;
  /** Continued from a checkpoint (issue 12): the iterations and evaluations saved before the
   *  interruption (absent or null: a fit from its start). The result counts both sides. */
  readonly resumed?: { readonly nit: number; readonly nfev: number } | null;
  /** The fit's checkpoint saves (absent: none were due). */
  readonly checkpoint?: { readonly saves: number; readonly saveMs: number; readonly writeMs: number; readonly failed: string | null } | null;
  /** Streamed from browser storage (issue 12; absent or null: in memory): the rows fitted, the
   *  chunks every pass read, the passes, and the sample the curve and residuals are drawn over. */
  readonly stream?: { readonly rows: number; readonly budget: number; readonly chunkRows: number; readonly chunks: number; readonly passes: number; readonly sampleRows: number } | null;
  /** Errors in both variables (issue 24; absent or null: an ordinary fit): ODRPACK's facts. */
  readonly odr?: OdrFacts | null;
  /** The assay steps' results (issue 26, request.assay; absent or null: not asked). */
  readonly assay?: PageAssay | null;
}

/** A Poisson fit's facts beside its result (src/fit/poissonMle.ts). */
export type { PoissonFacts };

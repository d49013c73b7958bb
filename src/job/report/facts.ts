/**
 * The one report of a fit (issue 22): what a run adds to its FitResult, the shape the CLI prints
 * as text or JSON (text.ts, json.ts here), the HTML report reads and the API returns.
 */
import type { PoissonFacts } from '../../fit/poissonMle';
import type { DerivedQuantity } from '../../fit/derived';
import type { ModelComparison } from '../../fit/compare/compareModels';
import type { OdeFacts } from '../../fit/ode';
import type { OdrJson } from './odrJson';
import type { FitResult } from '../../fit/types';
import type { AutoStartResult } from '../../start/index';
import type { VarproPhase } from '../../start/varpro';
import type { AssayOutcome } from '../steps/assay';

/** A second model fitted to the same rows, and the comparison of the two. */
export interface ComparedFit {
  readonly model: string;
  readonly result: FitResult;
  readonly comparison: ModelComparison;
}

export interface RunFacts {
  readonly file: string;
  readonly model: string;
  readonly rows: number;
  /** Rows --where left out, and rows --exclude-rows took out of those left (0 without them). */
  readonly filteredRows?: number;
  readonly excludedRows?: number;
  readonly y: string;
  readonly sigma: string | null;
  readonly backend: string;
  readonly parseMs: number;
  /** Threads that parsed the file (parallelRead.ts; absent: one). */
  readonly parseThreads?: number;
  readonly fitMs: number;
  /** Worker threads that ran the float64 passes (0: this thread). */
  readonly workers?: number;
  readonly notes: readonly string[];
  /** The automatic start search, when one ran (a parameter had no --p0, or --starts was given). */
  readonly autoStart?: AutoStartResult | null;
  /** --varpro: the reduced (linear parameters eliminated) fit that ran before the full one. */
  readonly varpro?: VarproPhase | null;
  /** --tie and --derive: the tied parameters (tied: true) and derived quantities, delta-method errors. */
  readonly derived?: readonly (DerivedQuantity & { readonly tied: boolean })[];
  /** --mle poisson: the Cash statistic, the deviance and the reweighting rounds (IRLS), and the
   *  likelihood's statistics as R's glm reports them (src/stats/poissonGoodness.ts). */
  readonly poisson?: PoissonFactsJson | null;
  /** --checkpoint: where the state was saved, how often, the time it took, and what was resumed. */
  readonly checkpoint?: { readonly file: string; readonly saves: number; readonly saveMs: number; readonly resumed: { readonly nit: number; readonly nfev: number } | null } | null;
  /** --compare-model: the second model's fit and the comparison (compareText.ts). */
  readonly modelComparison?: ComparedFit | null;
  /** --memory-limit: the budget, and whether the columns were held in memory or streamed from a temporary file. */
  readonly memory?: MemoryFacts | null;
  /** An ODE model (issue 23): the integration's method, tolerances and counts, and each response's fit. */
  readonly ode?: OdeFacts | null;
  /** Errors in both variables (issue 24): the JSON's `odr` object, built by odrJson.ts. */
  readonly odrJson?: OdrJson | null;
  /** Issue 26: ROUT's outliers, --interpolate's unknowns and --predict's points (absent: not asked). */
  readonly assay?: AssayOutcome | null;
}

/** How the rows were held (issue 12): in memory, or streamed in chunks from a temporary file. */
export interface MemoryFacts {
  /** The budget in bytes (--memory-limit, else half of the machine's memory). */
  readonly limit: number;
  readonly mode: 'memory' | 'stream';
  /** Bytes an in-memory fit was estimated to hold (null for a file of one piece, not sized up). */
  readonly estimateBytes: number | null;
  /** stream: rows per chunk, chunks, the temporary file's bytes and the passes over it; null / 0 in memory. */
  readonly chunkRows: number | null;
  readonly chunks: number | null;
  readonly tempBytes: number;
  readonly passes: number;
}

/** A Poisson fit's facts, every statistic present (the CLI computes them all). */
export type PoissonFactsJson = Required<PoissonFacts>;

/**
 * What a fit job returns (issue 22): the fit and what ran around it, one shape that the CLI prints
 * (as text or JSON), the API returns and the page draws from.
 */
import type { ReportedQuantity } from '../fit/derived';
import type { PoissonFacts } from '../fit/poissonMle';
import type { ProfileResult } from '../fit/profileFit';
import type { OdeFacts } from '../fit/ode';
import type { OdrResult } from '../fit/odr';
import type { FitResult } from '../fit/types';
import type { AutoStartResult } from '../start/index';
import type { VarproPhase } from '../start/varpro';
import type { CheckpointReport } from './host';
import type { ComparedFit } from './report/facts';

export interface JobOutcome {
  readonly result: FitResult;
  /** Backends of the phases, joined ("cpu", "gpu+cpu"). */
  readonly backend: string;
  /** Worker threads that ran the float64 passes (0: this thread). */
  readonly workers: number;
  /** Sentences the user should read (a GPU fallback, an unsaved start search…), in order. */
  readonly notes: readonly string[];
  readonly autoStart: AutoStartResult | null;
  readonly varpro: VarproPhase | null;
  readonly poisson: Required<PoissonFacts> | null;
  readonly checkpoint: (CheckpointReport & { readonly resumed: { readonly nit: number; readonly nfev: number } | null }) | null;
  /** Profile-likelihood intervals (intervals: 'profile'). */
  readonly profile: ProfileResult | null;
  /** Tied parameters and derived quantities with their delta-method errors. */
  readonly derived: readonly ReportedQuantity[];
  /** An ODE model's fit: its integration settings and counts, and each response's RSS and R² (absent otherwise). */
  readonly ode?: OdeFacts | null;
  /** The second model's fit and the comparison (the job's `compareModel`; absent or null: none). */
  readonly modelComparison?: ComparedFit | null;
  /** Errors in both variables (issue 24): ODRPACK's numbers, δ and ε per row (absent otherwise). */
  readonly odr?: OdrResult | null;
}

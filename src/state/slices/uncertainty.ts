/**
 * Uncertainty slice (issue 10): the profile-likelihood run of the last fit (progress, result) and
 * the last fit's report data (residual plots, points, column summaries). Each remembers the
 * outcome it belongs to, so a new fit makes both stale without any other action resetting them.
 */
import type { AutoStartStep, FitOutcome, PageModelComparison, PageProfile, ProfileProgress, ReportData, WorkerError } from '../../worker/api';

export interface ProfileRun {
  readonly status: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  readonly outcome: FitOutcome | null;
  readonly progress: ProfileProgress | null;
  readonly result: PageProfile | null;
  readonly error: WorkerError | null;
}

export interface ReportDataState {
  readonly status: 'idle' | 'loading' | 'done' | 'error';
  readonly outcome: FitOutcome | null;
  readonly data: ReportData | null;
  readonly error: WorkerError | null;
}

/** "Compare with another model": the second model's fit and the comparison, for one outcome. */
export interface ModelCompareRun {
  readonly status: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  readonly outcome: FitOutcome | null;
  readonly progress: AutoStartStep | null;
  readonly result: PageModelComparison | null;
  readonly error: WorkerError | null;
}

export interface UncertaintySlice {
  readonly profileRun: ProfileRun;
  readonly reportData: ReportDataState;
  readonly modelCompare: ModelCompareRun;
  /** Derived quantities as typed, one `name = expression` per line (derivedQuantities.ts). */
  readonly derivedText: string;
  /** The second model and its fixed list as typed in "Compare with another model" (kept across fits). */
  readonly compareDraft: { readonly model: string; readonly fixed: string };
}

export const NO_PROFILE: ProfileRun = { status: 'idle', outcome: null, progress: null, result: null, error: null };
export const NO_REPORT_DATA: ReportDataState = { status: 'idle', outcome: null, data: null, error: null };

export const NO_MODEL_COMPARE: ModelCompareRun = { status: 'idle', outcome: null, progress: null, result: null, error: null };

export const initialUncertainty: UncertaintySlice = { profileRun: NO_PROFILE, reportData: NO_REPORT_DATA, modelCompare: NO_MODEL_COMPARE, derivedText: '', compareDraft: { model: '', fixed: '' } };

/** "Profiling K (2 of 3), 41 refits". */
export function profileProgressText(p: ProfileProgress | null): string {
  if (!p) return 'Starting…';
  return `Profiling ${p.parameter} (${p.index + 1} of ${p.total}), ${p.refits.toLocaleString('en-US')} refit${p.refits === 1 ? '' : 's'}`;
}

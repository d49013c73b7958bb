/**
 * The report of a grouped fit job (issue 22): what the command line prints (`--json`, a contract:
 * fields are added, never renamed or dropped; and its text table, groupText.ts) from the
 * run's group rows (src/fit/groupRow.ts, the rows the page's tables show).
 *
 * JSON: mode ("per-group" | "global"), shared (names), groups (in file order:
 * {group, rows, success, status, message, params {name: value}, stderr {name: value|null}, cost,
 * …additions}), cost (the sum), nfev, comparison (with --compare), timing {parseMs, fitMs},
 * backend ("cpu", or "gpu+cpu" with --backend gpu) and gpuBatch (the GPU batch's share, or null).
 * Mixed mode ("mixed") adds `mixed` (mixedJson.ts) and each group's randomEffects {name: value};
 * errors in x per group (steps/odrGroups.ts) each group's `odr` (odrJson.ts, null when not fitted);
 * errors in x globally (steps/odrGlobal.ts) the stacked fit's `odr` (odrJson.ts: sd_beta and
 * cov_beta over β = [shared | name[group] …]) and each group's `odr` {observed, sum_square,
 * sum_square_delta, sum_square_eps} (null when left out), the single fit's names.
 */
import { assayJson } from './assayJson';
import type { GroupAssay } from '../steps/groupAssay';
import type { AcceleratedStats } from '../../fit/batch/acceleratedBatch';
import type { FitComparison } from '../../fit/compare/compareFits';
import type { GroupRow } from '../../fit/groupRow';
import type { Status } from '../../solver/termination';
import type { MixedComparison } from '../../fit/mixed/compareMixed';
import type { MixedResult } from '../../fit/mixed/types';
import type { GroupRun } from '../groupRun';
import { mixedJson } from './mixedJson';
import { odrJson } from './odrJson';
import type { OdrGroupRow } from '../steps/odrGroups';
import type { GlobalOdrResult } from '../../fit/odr';

/** Rows of a group that no fit saw: the data layer dropped (unusable cells), the filters left out, the user excluded. */
export interface LeftOutRows {
  readonly droppedRows: number;
  readonly filteredRows: number;
  readonly excludedRows: number;
}

export interface GroupReport {
  readonly mode: 'per-group' | 'global' | 'mixed';
  /** Where the fits ran: 'cpu', or 'gpu+cpu' (f32 GPU batch, float64 check and finish on the CPU). */
  readonly backend: 'cpu' | 'gpu+cpu';
  /** The GPU batch's share (--backend gpu), or null. */
  readonly gpuBatch: AcceleratedStats | null;
  readonly file: string;
  readonly model: string;
  readonly groupColumn: string | null;
  readonly names: readonly string[];
  readonly shared: readonly string[];
  readonly rows: readonly GroupRow[];
  /** Per row (the same order), the group's rows left out before the fit. */
  readonly leftOut: readonly LeftOutRows[];
  readonly cost: number;
  readonly nfev: number;
  /** The global fit's own outcome (global mode). */
  readonly global: { readonly success: boolean; readonly status: Status; readonly message: string } | null;
  readonly comparison: FitComparison | null;
  /** The mixed-effects fit (mixed mode). */
  readonly mixed?: MixedResult | null;
  /** Its likelihood-ratio tests: against the global fit, and the compared random structure's. */
  readonly mixedComparisons?: readonly MixedComparison[];
  /** A global fit with errors in x (steps/odrGlobal.ts). */
  readonly odr?: GlobalOdrResult | null;
  readonly ungroupedRows: number;
  readonly workers: number;
  readonly warnings: readonly string[];
  readonly parseMs: number;
  readonly fitMs: number;
}

/** What the report says of the run beside it: the input, the split's counts, the adapter's warnings (in order, before the run's notes). */
export type ReportContext = Pick<GroupReport, 'file' | 'model' | 'groupColumn' | 'names' | 'leftOut' | 'ungroupedRows' | 'warnings' | 'parseMs'>;

export function groupReport(run: GroupRun, about: ReportContext): GroupReport {
  const common = { ...about, mode: run.mode, rows: run.rows, workers: run.workers, warnings: [...about.warnings, ...run.notes], fitMs: run.fitMs };
  if (run.mode === 'mixed') {
    const m = run.mixed;
    const cost = m.rows.reduce((t, r) => (Number.isFinite(r.cost) ? t + r.cost : t), 0);
    return { ...common, backend: 'cpu', gpuBatch: null, shared: [], cost, nfev: m.nfev, global: { success: m.converged, status: m.converged ? 1 : 0, message: m.message }, comparison: null, mixed: m, mixedComparisons: run.comparisons };
  }
  if (run.mode === 'global') {
    const g = run.global;
    return { ...common, backend: 'cpu', gpuBatch: null, shared: g.shared, cost: g.cost, nfev: g.nfev, global: { success: g.success, status: g.status, message: g.message }, comparison: run.comparison, ...(run.odr ? { odr: run.odr } : {}) };
  }
  const { result, accelerated } = run.batch;
  return {
    ...common,
    backend: accelerated ? 'gpu+cpu' : 'cpu',
    gpuBatch: accelerated,
    shared: [],
    // run.rows: the batch's rows, or ROUT's refits standing for them (steps/groupAssay.ts withRoutRefits).
    cost: run.rows.reduce((t, r) => (Number.isFinite(r.cost) ? t + r.cost : t), 0),
    nfev: result.nfev,
    global: null,
    comparison: null,
  };
}

function leftOutNote(f: LeftOutRows): string {
  const parts = [
    f.droppedRows ? `${f.droppedRows} unusable` : '',
    f.filteredRows ? `${f.filteredRows} filtered out` : '',
    f.excludedRows ? `${f.excludedRows} excluded` : '',
  ].filter(Boolean);
  return parts.length ? ` (rows left out: ${parts.join(', ')})` : '';
}

/** A row's message, with the rows left out named where the group was not fitted (none usable, or left out of the global fit). */
export function groupMessage(r: GroupReport, i: number): string {
  const row = r.rows[i];
  const notFitted = r.mode !== 'per-group' ? !row.included : row.rows === 0;
  return notFitted ? row.message + leftOutNote(r.leftOut[i]) : row.message;
}

const finite = (v: number | null | undefined): number | null => (v !== null && v !== undefined && Number.isFinite(v) ? v : null);

/** A group's --interpolate/--predict/--ci bootstrap/--outliers fields (none without them). */
function readings(assay: readonly GroupAssay[] | null, key: string) {
  const a = assay?.find((x) => x.key === key);
  return a ? assayJson({ ...a, outliers: a.outliers ?? null }) : {};
}

/** A group's share of a global errors-in-x fit's sum of squares, under the single fit's names. */
function groupSplit(fit: GlobalOdrResult, i: number) {
  const part = fit.splits[i];
  return part ? { observed: fit.odr.observed, sum_square: part.delta + part.eps, sum_square_delta: part.delta, sum_square_eps: part.eps } : null;
}

/** `assay`: --interpolate/--predict's readings, --ci bootstrap's intervals and ROUT's outliers per group (issue 26), added to each groups[] entry. */
export function groupJsonReport(r: GroupReport, assay: readonly GroupAssay[] | null = null): string {
  const byName = (values: Float64Array) => Object.fromEntries(r.names.map((name, i) => [name, finite(values[i])]));
  const c = r.comparison;
  return JSON.stringify({
    mode: r.mode,
    shared: r.shared,
    groupColumn: r.groupColumn,
    groups: r.rows.map((g, i) => ({
      group: g.key,
      rows: g.rows,
      success: g.success,
      status: g.status,
      message: groupMessage(r, i),
      params: byName(g.params),
      stderr: byName(g.stderr),
      cost: finite(g.cost),
      code: g.code,
      redchi2: finite(g.redchi2),
      r2: finite(g.r2),
      nfev: g.nfev ?? null,
      ...r.leftOut[i],
      ...readings(assay, g.key),
      // Errors in x (steps/odrGroups.ts): the group's ODRPACK numbers, as a single fit's JSON has them.
      ...('odr' in g ? { odr: (g as OdrGroupRow).odr ? odrJson((g as OdrGroupRow).odr!, false) : null } : {}),
      ...(r.odr ? { odr: groupSplit(r.odr, i) } : {}),
      // --ci profile with errors in x: the group's profile interval ends (null: unbounded on that side).
      ...((g as OdrGroupRow).profile ? { profileCi: Object.fromEntries((g as OdrGroupRow).profile!.profiles.map((q) => [q.name, [finite(q.lower), finite(q.upper)]])) } : {}),
      ...(r.mixed ? { randomEffects: Object.fromEntries(r.mixed.random.map((name, j) => [name, finite((g as { randomEffects?: Float64Array }).randomEffects?.[j])])) } : {}),
    })),
    cost: finite(r.cost),
    nfev: r.nfev,
    converged: r.rows.filter((g) => g.success).length,
    failed: r.rows.filter((g) => !g.success).length,
    ...(r.global ? { success: r.global.success, status: r.global.status, message: r.global.message } : {}),
    ...(c
      ? {
          comparison: {
            valid: c.valid,
            verdict: c.verdict,
            preferred: c.preferred,
            F: finite(c.F),
            df: [c.dfNumerator, c.dfDenominator],
            p: finite(c.p),
            aicc: { global: finite(c.global.aicc), separate: finite(c.separate.aicc) },
            deltaAicc: finite(c.deltaAicc),
            globalWeight: finite(c.globalWeight),
            global: { chi2: c.global.chi2, dof: c.global.dof, parameters: c.global.parameters },
            separate: { chi2: c.separate.chi2, dof: c.separate.dof, parameters: c.separate.parameters },
          },
        }
      : {}),
    ...(r.mixed ? { mixed: mixedJson(r.mixed, r.mixedComparisons ?? []) } : {}),
    ...(r.odr ? { odr: odrJson(r.odr.odr, false) } : {}),
    ungroupedRows: r.ungroupedRows,
    workers: r.workers,
    warnings: r.warnings,
    timing: { parseMs: r.parseMs, fitMs: r.fitMs },
    backend: r.backend,
    gpuBatch: r.gpuBatch,
  });
}

/**
 * A grouped job's run (src/job/groupRun.ts) as the page shows it: the rows and facts of each mode's
 * run in the outcome shapes of groups.ts and mixed.ts, and the first OVERLAY_MAX groups' data with
 * their curves through each group's fitted parameters (the Grouped's drawer: plot/groupOverlay.ts, or an ODE model's integration).
 */
import { OVERLAY_MAX } from '../../plot/groupLimits';
import type { GroupOverlay } from '../../plot/shapes';
import type { GlobalRun, GroupRun, MixedRun, PerGroupRun } from '../groupRun';
import type { Grouped } from './groupJob';
import type { GlobalFitOutcome, GroupBatchOutcome } from './groups';
import type { MixedFitOutcome } from './mixed';

/** The first groups' data and curves (`fitted`: a row's curve is drawn). */
export function overlay({ keys, draw }: Grouped, run: GroupRun): GroupOverlay[] {
  return run.rows.slice(0, OVERLAY_MAX).flatMap((row, i) => {
    const at = run.mode === 'per-group' ? keys.indexOf(row.key) : i;
    return at >= 0 && at < keys.length ? [draw(at, row.params, run.mode === 'per-group' ? true : row.included === true)] : [];
  });
}

/** "Fit each group": the batch's rows and the groups drawn. */
export function batchOutcome(grouped: Grouped, run: PerGroupRun): GroupBatchOutcome {
  const total = grouped.keys.length;
  const result = run.batch.result;
  return { names: result.names, free: result.free, rows: result.rows, cancelled: result.cancelled, failed: result.failed, total, overlay: overlay(grouped, run), overlayCapped: total > OVERLAY_MAX, fitMs: result.fitMs };
}

/** The global fit as the page shows it: src/fit/global's result and the groups drawn. */
export function globalOutcome(grouped: Grouped, run: GlobalRun): GlobalFitOutcome {
  const total = grouped.keys.length;
  return { ...run.global, total, overlay: overlay(grouped, run), overlayCapped: total > OVERLAY_MAX };
}

/** The mixed-effects fit, its comparisons, each group's own fit (the shrinkage plot) and the groups drawn through their mixed-model curves. */
export function mixedOutcome(grouped: Grouped, run: MixedRun): MixedFitOutcome {
  const total = grouped.keys.length;
  return {
    mixed: run.mixed,
    comparisons: run.comparisons,
    names: grouped.params,
    separate: run.separate ? run.separate.result.rows : null,
    total,
    overlay: overlay(grouped, run),
    overlayCapped: total > OVERLAY_MAX,
  };
}

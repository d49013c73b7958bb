/**
 * A grouped job's run (src/job/groupRun.ts) as the page shows it: the rows and facts of each mode's
 * run in the outcome shapes of groups.ts and mixed.ts, and the first OVERLAY_MAX groups' data with
 * their curves (plot/groupOverlay.ts) through each group's fitted parameters.
 */
import { OVERLAY_MAX } from '../../plot/groupLimits';
import { overlayOf, plottedVariable } from '../../plot/groupOverlay';
import type { GroupOverlay } from '../../plot/shapes';
import type { GlobalRun, GroupRun, MixedRun, PerGroupRun } from '../groupRun';
import type { Grouped } from './groupJob';
import type { GlobalFitOutcome, GroupBatchOutcome, GroupBatchRequest } from './groups';
import type { MixedFitOutcome } from './mixed';

/** The first groups' data and curves (`fitted`: a row's curve is drawn). */
export function overlay(request: Pick<GroupBatchRequest, 'mapping' | 'plotVar'>, { model: m, groups }: Grouped, run: GroupRun): GroupOverlay[] {
  const xIndex = plottedVariable(m, request.mapping.x, request.plotVar);
  return run.rows.slice(0, OVERLAY_MAX).flatMap((row, i) => {
    const group = run.mode === 'per-group' ? groups.find((g) => g.key === row.key) : groups[i];
    return group ? [overlayOf(m, row.key, group.data, row.params, xIndex, run.mode === 'per-group' ? true : row.included === true)] : [];
  });
}

/** "Fit each group": the batch's rows and the groups drawn. */
export function batchOutcome(request: GroupBatchRequest, grouped: Grouped, run: PerGroupRun): GroupBatchOutcome {
  const total = grouped.groups.length;
  const result = run.batch.result;
  return { names: result.names, free: result.free, rows: result.rows, cancelled: result.cancelled, failed: result.failed, total, overlay: overlay(request, grouped, run), overlayCapped: total > OVERLAY_MAX, fitMs: result.fitMs };
}

/** The global fit as the page shows it: src/fit/global's result and the groups drawn. */
export function globalOutcome(request: GroupBatchRequest, grouped: Grouped, run: GlobalRun): GlobalFitOutcome {
  const total = grouped.groups.length;
  return { ...run.global, total, overlay: overlay(request, grouped, run), overlayCapped: total > OVERLAY_MAX };
}

/** The mixed-effects fit, its comparisons, each group's own fit (the shrinkage plot) and the groups drawn through their mixed-model curves. */
export function mixedOutcome(request: GroupBatchRequest, grouped: Grouped, run: MixedRun): MixedFitOutcome {
  const total = grouped.groups.length;
  return {
    mixed: run.mixed,
    comparisons: run.comparisons,
    names: grouped.model.params,
    separate: run.separate ? run.separate.result.rows : null,
    total,
    overlay: overlay(request, grouped, run),
    overlayCapped: total > OVERLAY_MAX,
  };
}

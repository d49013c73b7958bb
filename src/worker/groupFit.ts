/**
 * "Fit each group" in the worker (issue 9): the selected rows split by the group column (only the
 * picked groups), the page's model and parameter table fitted to each group on its own by
 * fitGroups (src/fit/batch), progress streamed as groups finish, Cancel keeping the groups done.
 * With `wide`, each y column is a group (splitRequest). The same flow as the CLI's per-group fit (src/cli/groupFit.ts). Library models guess each
 * group's start values. Answers are plain data: a status, never a thrown class.
 */
import { fitGroups } from '../fit/batch/fitGroups';
import type { GroupGuess } from '../fit/batch/types';
import type { ParameterSpec } from '../fit/parameters';
import type { CompiledModel } from '../model';
import type { GroupBatchOutcome, GroupBatchProgress, GroupBatchRequest, GroupOverlay, Status } from './api';
import { toWorkerError } from './errors';
import { findLibraryModel } from './library';
import { splitRequest } from './groupSplit';
import { compiled } from './modelCache';
import { rowChoice } from './select';
import { session, endRun, startRun } from './session';
import { macrotask } from './yielding';
import { OVERLAY_MAX } from './groupLimits';
import { constantValue, gridColumns } from './gridVars';
import type { FitData } from '../data/selectColumns';

const CURVE_POINTS = 200;

export async function fitEachGroup(request: GroupBatchRequest, onProgress?: (p: GroupBatchProgress) => void): Promise<Status<GroupBatchOutcome>> {
  const table = session.table;
  if (!table) return { ok: false, error: { code: 'no-data', message: 'Load data first.', field: 'data' } };
  const model = compiled(request.model, request.mapping.x);
  if (!model.ok) return model;
  const m = model.value;
  const choice = rowChoice(table, request.mapping.rows);
  if (!choice.ok) return choice;
  const split = splitRequest(table, m.variables, request.mapping, request, choice.value);
  if (!split.ok) return split;
  const picked = request.keys ? new Set(request.keys) : null;
  const groups = split.value.groups.filter((g) => !picked || picked.has(g.key));
  if (groups.length === 0) return { ok: false, error: { code: 'no-groups', message: request.wide ? 'No y column is picked: pick at least one in the data panel.' : 'No group is picked: pick at least one group in "Group by".', field: 'mapping' } };

  const library = request.libraryId ? findLibraryModel(request.libraryId) : null;
  const guess: GroupGuess | null = library ? (x, y) => library.guess(x, y) : null;
  // With a guesser, the free parameters' starts come from each group's data (the table's bounds stay).
  const parameters: ParameterSpec[] = request.parameters.map((p) => ({ name: p.name, value: guess && !p.fixed ? null : p.value, min: p.min, max: p.max, fixed: p.fixed }));
  const { backend: _backend, ...options } = request.settings;

  const flag = startRun();
  try {
    const result = await fitGroups({
      model: m,
      groups,
      parameters,
      options,
      guess,
      signal: flag,
      onProgress: (p) => onProgress?.({ done: p.done, total: p.total, failed: p.failed }),
      progressMs: 100,
      pause: macrotask,
    });
    const overlay: GroupOverlay[] = [];
    const xIndex = plottedVariable(m, request.mapping.x, request.plotVar);
    for (const row of result.rows.slice(0, OVERLAY_MAX)) {
      const group = groups.find((g) => g.key === row.key);
      if (!group) continue;
      overlay.push(overlayOf(m, row.key, group.data, row.params, xIndex, true));
    }
    return {
      ok: true,
      value: {
        names: result.names,
        free: result.free,
        rows: result.rows,
        cancelled: result.cancelled,
        failed: result.failed,
        total: groups.length,
        overlay,
        overlayCapped: groups.length > OVERLAY_MAX,
        fitMs: result.fitMs,
      },
    };
  } catch (error) {
    return { ok: false, error: toWorkerError(error, m.params) };
  } finally {
    endRun(flag);
  }
}

/** The plotted column's index among the model's variables (`plotVar` indexes the mapping's x
 *  columns, which may hold columns the model does not use); the first variable when the model
 *  does not use the plotted column. */
export function plottedVariable(m: CompiledModel, x: readonly string[], plotVar: number): number {
  const i = m.variables.indexOf(x[plotVar] ?? '');
  return i >= 0 ? i : 0;
}

/** One group in the overlay: its points against the plotted variable and, when `withCurve`, its
 *  fitted curve (curveOf). */
export function overlayOf(m: CompiledModel, key: string, data: Pick<FitData, 'vars' | 'y' | 'rows'>, params: Float64Array, xIndex: number, withCurve: boolean): GroupOverlay {
  const x = data.vars[xIndex] ?? new Float64Array(data.rows);
  return { key, x: Float64Array.from(x), y: Float64Array.from(data.y), curve: withCurve ? curveOf(m, params, data.vars, xIndex) : null };
}

/**
 * The fitted curve over the group's range of the plotted variable, the model's other variables
 * held at the one value each holds in the group (a dose per subject, as the main plot draws it:
 * gridVars.ts). None when another variable varies within the group or the fit failed.
 */
export function curveOf(m: CompiledModel, params: Float64Array, vars: readonly Float64Array[], xIndex: number): { x: Float64Array; y: Float64Array } | null {
  const x = vars[xIndex];
  if (!x || !params.every(Number.isFinite) || x.length === 0) return null;
  const held: (number | null)[] = [];
  for (let j = 0; j < m.variables.length; j++) {
    const value = j === xIndex ? null : constantValue(vars[j] ?? new Float64Array(0));
    if (j !== xIndex && value === null) return null;
    held.push(value);
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of x) if (Number.isFinite(v)) (lo = Math.min(lo, v)), (hi = Math.max(hi, v));
  if (!(hi >= lo)) return null;
  // Over decades (a dose series) the points are spaced evenly in log x, so that the curve is
  // smooth where the doses are dense, on a log axis as on a linear one.
  const geometric = lo > 0 && hi / lo >= 100;
  const gx = Float64Array.from({ length: CURVE_POINTS }, (_, i) => (geometric ? lo * (hi / lo) ** (i / (CURVE_POINTS - 1)) : lo + ((hi - lo) * i) / (CURVE_POINTS - 1)));
  const gy = new Float64Array(CURVE_POINTS);
  m.kernels().evaluate(params, gridColumns(held, gx), gy, 0, CURVE_POINTS);
  return { x: gx, y: gy };
}

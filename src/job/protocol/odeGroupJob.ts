/**
 * The page's grouped request with an ODE model (issues 23, 25) as a job of data kind 'ode-groups':
 * the rows the page keeps split by the group column (the split's order and keys: splitGroups), each
 * group's responses read with their times (src/fit/ode/observedRows.ts, as the command line's
 * --group reads them, src/cli/odeLoad.ts), and each group drawn through its fitted parameters by
 * one integration over its time range (plot/odeCurve.ts integrateAt). The runner is the command
 * line's (groupRun.ts → steps/odeGroups.ts, steps/odeJoint.ts).
 */
import { countGroups, groupKeys } from '../../data/groupKeys';
import type { Table } from '../../data/types';
import { ODE_DEFAULTS, observedRows, type OdeFitData } from '../../fit/ode';
import type { CompiledOde } from '../../model';
import { integrateAt } from '../../plot/odeCurve';
import type { GroupOverlay } from '../../plot/shapes';
import { groupedJob } from '../groups';
import { requestParameters } from './fitJob';
import { bootstrapRefusal, pickedKeys, groupRefusal, type GroupDrawer, type GroupHow, type GroupRefusal, type Grouped } from './groupJob';
import type { GroupBatchRequest } from './groups';

const CURVE_POINTS = 200;

/** The page's ODE problem: the compiled model and its time column (worker/odeProblem.ts). */
export interface OdeGroupProblem {
  readonly model: CompiledOde;
  readonly time: string;
}

/** Group `data`'s first response against time and its integrated solution over the group's time range. */
export function odeGroupOverlay(model: CompiledOde, key: string, data: OdeFitData, params: Float64Array, withCurve: boolean): GroupOverlay {
  const first = data.observed[0];
  const points = { key, x: Float64Array.from(first?.time ?? []), y: Float64Array.from(first?.y ?? []) };
  if (!withCurve || !first || first.time.length === 0 || !params.every(Number.isFinite)) return { ...points, curve: null };
  // From the initial time (where y(0) is given) to the last observation.
  let lo = model.spec.t0;
  let hi = -Infinity;
  for (const t of first.time) if (Number.isFinite(t)) (lo = Math.min(lo, t)), (hi = Math.max(hi, t));
  if (!(hi > lo)) hi = lo + 1;
  const grid = Float64Array.from({ length: CURVE_POINTS }, (_, i) => lo + ((hi - lo) * i) / (CURVE_POINTS - 1));
  const { values, failure } = integrateAt(model, params, grid);
  // The first response's row of the observations (integrateAt: responses × times).
  return { ...points, curve: failure ? null : { x: grid, y: values.slice(0, CURVE_POINTS) } };
}

/** The request's groups of an ODE model as a grouped job over `table`'s rows (`skip`: the rows the page leaves out), or why not. */
export function odeGroupRequestJob(request: GroupBatchRequest, table: Table, problem: OdeGroupProblem, skip: Uint8Array | null, how: GroupHow): { ok: true; value: Grouped } | { ok: false; error: GroupRefusal } {
  const { model, time } = problem;
  const noBootstrap = how.mode === 'per-group' ? bootstrapRefusal(request, 'with an ODE model') : null;
  if (noBootstrap) return noBootstrap;
  if (request.wide) return { ok: false, error: { code: 'ode-wide', message: 'An ODE model names its observed columns on its ~ lines: group its rows by a column, not by y columns.', field: 'mapping' } };
  const keyed = groupKeys(table, request.group);
  if (!keyed.ok) return { ok: false, error: { code: keyed.error.code, message: keyed.error.message, field: 'mapping' } };
  const { codes, column } = keyed.value;
  const observations = model.spec.observations;
  if (column.name === time || observations.some((o) => o.column === column.name || o.sigma === column.name)) return { ok: false, error: { code: 'duplicate-column', message: `The group column ${JSON.stringify(column.name)} is a column of the fit (time or an observed column): group by another column.`, field: 'mapping' } };
  const kept = (r: number) => !skip || !skip[r];
  const ungrouped = codes.reduce((n: number, c, r) => (c < 0 && kept(r) ? n + 1 : n), 0);
  const chosen = pickedKeys(request, countGroups(keyed.value, kept));
  if (!chosen.ok) return chosen;
  const groups: { key: string; data: OdeFitData }[] = [];
  for (const g of chosen.value) {
    const code = keyed.value.keys.indexOf(g.key);
    const read = observedRows(table, observations, time, Uint8Array.from(codes, (c, r) => (c === code && kept(r) ? 0 : 1)));
    if (!read.ok) return { ok: false, error: { code: read.error.code, message: `${column.name} ${g.key}: ${read.error.message}`, field: 'mapping' } };
    groups.push({ key: g.key, data: { observed: read.value } });
  }
  const { backend: _backend, ...options } = request.settings;
  const job = groupedJob({
    model: request.model,
    data: { kind: 'ode-groups', model, groups, integration: request.ode ?? ODE_DEFAULTS },
    parameters: requestParameters(request),
    options,
    start: { always: false, starts: null, seed: 0 },
    backend: 'cpu',
    workers: 0,
    mode: { column: column.name, ungrouped, mode: how.mode, shared: how.shared, compare: how.compare, guess: null, pooledStarts: false, ...(how.mixed ? { mixed: how.mixed } : {}) },
  });
  const refused = groupRefusal(job);
  if (refused) return refused;
  const draw: GroupDrawer = (i, params, withCurve) => odeGroupOverlay(model, groups[i].key, groups[i].data, params, withCurve);
  return { ok: true, value: { job, params: model.spec.params, keys: groups.map((g) => g.key), draw, closed: null } };
}

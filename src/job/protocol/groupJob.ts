/**
 * The page's grouped request (groups.ts: "Fit each group", "Global", "Mixed effects") as a grouped
 * fit job (src/job/groups.ts `groupedJob`; the command line's translation of --group, --shared and
 * --random is src/cli/groupFit.ts): the picked groups of the split, a library model's guesser for
 * each group's starts, the parameter table and the solver settings in the job's fields, and the
 * job's group clash as a refusal. The page's groups run on its CPU in the worker (the GPU batch
 * kernel is the command line's), so the backend is 'cpu' and there are no worker threads.
 */
import type { DataGroup, GroupSplit } from '../../data';
import type { GroupGuess } from '../../fit/batch/types';
import type { ParameterSpec } from '../../fit/parameters';
import { findModel } from '../../library/index';
import type { CompiledModel } from '../../model';
import { groupedJob, type GroupMode, type MixedSpec } from '../groups';
import type { FitJob } from '../job';
import { clashMessage, groupClash } from '../validate';
import type { GroupOverlay } from '../../plot/shapes';
import { overlayOf, plottedVariable } from '../../plot/groupOverlay';
import type { Table } from '../../data/types';
import { odrRowsOf, type JobData } from '../job';
import { hasSigmaX, variableSigmas } from './sigmaX';
import type { GroupBatchRequest } from './groups';

/** Group `i`'s points and, when `withCurve`, its curve through `params` (model order). */
export type GroupDrawer = (i: number, params: Float64Array, withCurve: boolean) => GroupOverlay;

/**
 * A grouped job and what the page shows of it: the parameters' names, the picked groups' keys (in
 * the split's order) and how each is drawn; `closed`: a closed-form model's groups with exact x,
 * which the assay card's bootstrap refits (null for an ODE model or errors in x).
 */
export interface Grouped {
  readonly job: FitJob;
  readonly params: readonly string[];
  readonly keys: readonly string[];
  readonly draw: GroupDrawer;
  readonly closed: { readonly model: CompiledModel; readonly groups: readonly DataGroup[] } | null;
}

/** How the groups are fitted: the job's mode, a global fit's shared parameters, whether the per-group fits run beside it, a mixed model's random effects. */
export interface GroupHow {
  readonly mode: GroupMode;
  readonly shared: readonly string[];
  readonly compare: boolean;
  readonly mixed: MixedSpec | null;
}

/** Why the request makes no grouped job, with the page's control it concerns. */
export interface GroupRefusal {
  readonly code: string;
  readonly message: string;
  readonly field: 'mapping' | 'parameter';
}

type Refused = { ok: false; error: GroupRefusal };

/** The picked keys among `keys` (all when the request picks none), or the refusal when none is left. */
export function pickedKeys<T extends { readonly key: string }>(request: Pick<GroupBatchRequest, 'keys' | 'wide'>, all: readonly T[]): { ok: true; value: T[] } | Refused {
  const picked = request.keys ? new Set(request.keys) : null;
  const groups = all.filter((g) => !picked || picked.has(g.key));
  if (groups.length === 0) return { ok: false, error: { code: 'no-groups', message: request.wide ? 'No y column is picked: pick at least one in the data panel.' : 'No group is picked: pick at least one group in "Group by".', field: 'mapping' } };
  return { ok: true, value: groups };
}

/** The assay card's bootstrap refits closed-form groups with x exact (groupBootstrap.ts): with an ODE model or errors in x it is refused, not left out without a word. */
export function bootstrapRefusal(request: Pick<GroupBatchRequest, 'bootstrap'>, what: string): Refused | null {
  return request.bootstrap ? { ok: false, error: { code: 'groups-bootstrap', message: `The bootstrap of each group runs for closed-form models with x exact, not yet ${what}: turn it off in the assay card to fit the groups.`, field: 'parameter' } } : null;
}

/** The job's clash (validate.ts) as the page's refusal, or null. */
export function groupRefusal(job: FitJob): Refused | null {
  const clash = groupClash(job);
  return clash ? { ok: false, error: { code: clash === 'global-needs-shared' ? 'no-shared' : clash, message: clashMessage(clash), field: clash.startsWith('odr-') ? 'mapping' : 'parameter' } } : null;
}

/**
 * Errors in x over groups (issue 24; src/job/steps/odrGroups.ts, odrGlobal.ts): each split group's
 * columns with the σ of its x columns read on its rows (sigmaX.ts), as the command line's
 * --sigma-x --group assembles them.
 */
function odrGroupsData(table: Table, mapping: GroupBatchRequest['mapping'], m: CompiledModel, groups: readonly DataGroup[]): { ok: true; value: JobData } | Refused {
  const rows = [];
  for (const g of groups) {
    const sigmas = variableSigmas(table, g.data, mapping, m.variables);
    if (!sigmas.ok) return { ok: false, error: { code: sigmas.error.code, message: `${g.key}: ${sigmas.error.message}`, field: 'mapping' } };
    const column = (name: string) => (name === g.data.names.y ? g.data.y : g.data.vars[g.data.names.x.indexOf(name)]);
    rows.push({ key: g.key, data: odrRowsOf(g.data, m.variables, false, column, (_, i) => sigmas.value[i]) });
  }
  return { ok: true, value: { kind: 'odr-groups', model: m, implicit: false, groups: rows } };
}

/** The request on the split's groups as a grouped job (`m`: the model compiled against the x columns; with a σ of x, errors in x over `table`'s columns), or why not. */
export function groupRequestJob(request: GroupBatchRequest, m: CompiledModel, split: GroupSplit, how: GroupHow, table: Table): { ok: true; value: Grouped } | Refused {
  const chosen = pickedKeys(request, split.groups);
  if (!chosen.ok) return chosen;
  const groups = chosen.value;
  // A mixed-effects fit starts every group from the table's values (its fixed effects' starts).
  const library = request.libraryId && !how.mixed ? findModel(request.libraryId) : null;
  const guess: GroupGuess | null = library ? (x, y) => library.guess(x, y) : null;
  // With a guesser, the free parameters' starts come from each group's data (the table's bounds stay).
  const parameters: ParameterSpec[] = request.parameters.map((p) => ({ name: p.name, value: guess && !p.fixed ? null : p.value, min: p.min, max: p.max, fixed: p.fixed }));
  const { backend: _backend, ...options } = request.settings;
  const { mode, shared, compare, mixed } = how;
  const job = groupedJob({
    model: request.model,
    compiled: m,
    groups,
    parameters,
    options,
    start: { always: false, starts: null, seed: 0 },
    backend: 'cpu',
    workers: 0,
    mode: { column: split.column, ungrouped: split.ungroupedCount, mode, shared, compare, guess, pooledStarts: false, ...(mixed ? { mixed } : {}) },
  });
  const odr = hasSigmaX(request.mapping) ? odrGroupsData(table, request.mapping, m, groups) : null;
  if (odr && !odr.ok) return odr;
  const noBootstrap = odr && how.mode === 'per-group' ? bootstrapRefusal(request, 'with errors in x') : null;
  if (noBootstrap) return noBootstrap;
  const fitted = odr ? { ...job, data: odr.value } : job;
  const refused = groupRefusal(fitted);
  if (refused) return refused;
  const xIndex = plottedVariable(m, request.mapping.x, request.plotVar);
  const draw: GroupDrawer = (i, params, withCurve) => overlayOf(m, groups[i].key, groups[i].data, params, xIndex, withCurve);
  return { ok: true, value: { job: fitted, params: m.params, keys: groups.map((g) => g.key), draw, closed: odr ? null : { model: m, groups } } };
}

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
import type { GroupBatchRequest } from './groups';

/** A grouped job with its compiled model and its groups (the picked ones, in the split's order). */
export interface Grouped {
  readonly job: FitJob;
  readonly model: CompiledModel;
  readonly groups: readonly DataGroup[];
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

/** The request on the split's groups as a grouped job (`m`: the model compiled against the x columns), or why not. */
export function groupRequestJob(request: GroupBatchRequest, m: CompiledModel, split: GroupSplit, how: GroupHow): { ok: true; value: Grouped } | { ok: false; error: GroupRefusal } {
  const picked = request.keys ? new Set(request.keys) : null;
  const groups = split.groups.filter((g) => !picked || picked.has(g.key));
  if (groups.length === 0) return { ok: false, error: { code: 'no-groups', message: request.wide ? 'No y column is picked: pick at least one in the data panel.' : 'No group is picked: pick at least one group in "Group by".', field: 'mapping' } };
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
  const clash = groupClash(job);
  if (clash) return { ok: false, error: { code: clash === 'global-needs-shared' ? 'no-shared' : clash, message: clashMessage(clash), field: 'parameter' } };
  return { ok: true, value: { job, model: m, groups } };
}

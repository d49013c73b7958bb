/**
 * The grouped problem a page request describes (issue 9): the model compiled against the x
 * columns, the rows the row filters keep and the user did not exclude split by the group column,
 * only the picked groups, and the parameter table (free starts left to a library model's guesser,
 * which guesses each group's start values from its own data). The same steps, in the same order,
 * as "Fit each group" (groupFit.ts) and the CLI (src/cli/groupFit.ts), so the global fit and the
 * comparison see exactly the groups and rows the per-group fit sees.
 */
import { splitGroups, type DataGroup } from '../data/splitGroups';
import type { GroupGuess } from '../fit/batch/types';
import type { FitOptions } from '../fit/defaults';
import type { ParameterSpec } from '../fit/parameters';
import type { CompiledModel } from '../model';
import type { GroupBatchRequest, Status } from './api';
import { findLibraryModel } from './library';
import { compiled } from './modelCache';
import { rowChoice } from './select';
import { session } from './session';

export interface GroupProblem {
  readonly model: CompiledModel;
  /** The picked groups in the split's order. */
  readonly groups: DataGroup[];
  readonly parameters: ParameterSpec[];
  readonly guess: GroupGuess | null;
  readonly options: FitOptions;
}

export function groupProblem(request: GroupBatchRequest): Status<GroupProblem> {
  const table = session.table;
  if (!table) return { ok: false, error: { code: 'no-data', message: 'Load data first.', field: 'data' } };
  const model = compiled(request.model, request.mapping.x);
  if (!model.ok) return model;
  const m = model.value;
  const choice = rowChoice(table, request.mapping.rows);
  if (!choice.ok) return choice;
  const split = splitGroups(table, { x: [...m.variables], y: request.mapping.y, sigma: request.mapping.sigma, group: request.group, rows: choice.value });
  if (!split.ok) return { ok: false, error: { ...split.error, field: 'mapping' } };
  const picked = request.keys ? new Set(request.keys) : null;
  const groups = split.value.groups.filter((g) => !picked || picked.has(g.key));
  if (groups.length === 0) return { ok: false, error: { code: 'no-groups', message: 'No group is picked: pick at least one group in "Group by".', field: 'mapping' } };
  const library = request.libraryId ? findLibraryModel(request.libraryId) : null;
  const guess: GroupGuess | null = library ? (x, y) => library.guess(x, y) : null;
  const parameters: ParameterSpec[] = request.parameters.map((p) => ({ name: p.name, value: guess && !p.fixed ? null : p.value, min: p.min, max: p.max, fixed: p.fixed }));
  const { backend: _backend, ...options } = request.settings;
  return { ok: true, value: { model: m, groups, parameters, guess, options } };
}

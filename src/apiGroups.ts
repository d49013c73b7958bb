/**
 * The programmatic API's grouped fits (issue 22): `fitGroups` is `fitbench fit --group COL` from a
 * script: each group on its own, a global fit with `shared` parameters (and `compare`), or a
 * nonlinear mixed-effects model with `random` ones (issue 25). The rows are split by the group
 * column's values in order of first appearance, as the CLI splits a file; the job is the CLI's
 * grouped job (src/job/groups.ts), run by the same runner over Node's group host; the result is the
 * object `fitbench fit --group … --json` prints.
 */
import { column, compiled, FitApiError, options, parameters, type FitInput } from './apiInput';
import type { DataGroup, FitData } from './data';
import type { RandomCov } from './fit/mixed/precisionFactor';
import type { MixedMethod } from './fit/mixed/profiledLogLik';
import { runGroupJob } from './job/groupRun';
import { groupedJob, type GroupMode } from './job/groups';
import { nodeGroupHost } from './job/node/groupHost';
import { groupJsonReport, groupReport } from './job/report/groupJson';
import type { CompiledModel } from './model';

/** The options a grouped fit takes: those of one fit that apply to every group, and the group mode's. */
export interface GroupFitInput extends Omit<FitInput, 'data' | 'tie' | 'derive' | 'mle' | 'varpro' | 'ci' | 'method'> {
  /** The columns by name, all of one length; the group column may hold text. */
  readonly data: Readonly<Record<string, ArrayLike<number | string>>>;
  /** The column whose values name each row's group. */
  readonly group: string;
  /** A global fit: these parameters take one value for all groups (the others one per group). */
  readonly shared?: readonly string[];
  /** With `shared`: also fit each group on its own and compare (extra-sum-of-squares F test, AICc). */
  readonly compare?: boolean;
  /** A mixed-effects fit: these parameters get a random effect per group (the others are fixed effects). */
  readonly random?: readonly string[];
  /** The random effects' covariance: 'full' (nlme's pdLogChol, the default) or 'diag' (pdDiag). */
  readonly randomCov?: RandomCov;
  /** The linearization of the fits (as `fit`'s), or with `random` the likelihood: 'ml' (the default) or 'reml'. */
  readonly method?: FitInput['method'] | MixedMethod;
}

/** What `fitGroups` returns: the CLI's --json object of a grouped fit. */
export type GroupFitReport = Record<string, unknown> & { readonly mode: GroupMode; readonly groups: readonly Record<string, unknown>[] };

const LIKELIHOODS: readonly string[] = ['ml', 'reml'];

function checkMode(input: GroupFitInput, params: readonly string[]): void {
  const { shared = [], random = [] } = input;
  for (const [field, names] of [['shared', shared], ['random', random]] as const) {
    for (const name of names) if (!params.includes(name)) throw new FitApiError(`fitGroups: ${field}: the model has no parameter "${name}"; its parameters are ${params.join(', ')}.`);
  }
  if (shared.length > 0 && random.length > 0) throw new FitApiError('fitGroups: give shared (a global fit) or random (a mixed-effects fit), not both: every parameter not random is a fixed effect, common to all groups.');
  if (input.compare && shared.length === 0) throw new FitApiError('fitGroups: compare compares a global fit with the per-group fits: name the shared parameters (e.g. shared: ["K"]).');
  const likelihood = input.method !== undefined && LIKELIHOODS.includes(input.method);
  if (likelihood && random.length === 0) throw new FitApiError(`fitGroups: method "${input.method}" is the likelihood of a mixed-effects fit: name the random parameters (e.g. random: ["Asym"]).`);
  if (random.length > 0 && input.method !== undefined && !likelihood) throw new FitApiError(`fitGroups: with random, method is the likelihood: "ml" (the default) or "reml"; got "${input.method}".`);
  if (input.randomCov !== undefined && random.length === 0) throw new FitApiError('fitGroups: randomCov is the form of the random effects\' covariance: name the random parameters too.');
  if (random.length > 0 && (input.bounds !== undefined || (input.loss ?? 'linear') !== 'linear')) throw new FitApiError(`fitGroups: a mixed-effects fit is unbounded least squares, as nlme's: drop ${input.bounds !== undefined ? 'bounds' : 'loss'}.`);
}

/** The rows split by the group column's values, in order of first appearance; `lines` as a CSV file's (header = line 1). */
function splitRows(input: GroupFitInput, model: CompiledModel): DataGroup[] {
  const data = input.data as FitInput['data'];
  const keys = input.data[input.group];
  if (!keys) throw new FitApiError(`fitGroups: group "${input.group}" is not a column of data (${Object.keys(input.data).join(', ')}).`);
  const yName = input.y ?? 'y';
  if (input.group === yName || model.variables.includes(input.group) || input.group === input.sigma) throw new FitApiError(`fitGroups: the group column "${input.group}" is also a column of the fit; group by another column.`);
  const vars = model.variables.map((v) => column(data, v, 'variable'));
  const y = column(data, yName, 'y');
  const sigma = input.sigma ? column(data, input.sigma, 'sigma') : null;
  for (const [name, c] of [[input.group, keys], ...model.variables.map((v, i) => [v, vars[i]] as const), ...(sigma ? [[input.sigma!, sigma] as const] : [])] as const) {
    if (c.length !== y.length) throw new FitApiError(`fitGroups: data.${name} has ${c.length} values and data.${yName} ${y.length}; give columns of one length.`);
  }
  const members = new Map<string, number[]>();
  for (let r = 0; r < y.length; r++) {
    const key = String(keys[r]).trim();
    if (key === '' || keys[r] === null || keys[r] === undefined) throw new FitApiError(`fitGroups: data.${input.group}[${r}] is empty; every row needs a group.`);
    const list = members.get(key);
    if (list) list.push(r);
    else members.set(key, [r]);
  }
  const pick = (c: Float64Array, rows: readonly number[]) => Float64Array.from(rows, (r) => c[r]);
  return [...members].map(([key, rows]): DataGroup => {
    const part: FitData = {
      names: { x: [...model.variables], y: yName, sigma: input.sigma ?? null },
      vars: vars.map((v) => pick(v, rows)),
      varsLo: vars.map(() => new Float64Array(rows.length)),
      y: pick(y, rows),
      yLo: new Float64Array(rows.length),
      sigma: sigma ? pick(sigma, rows) : null,
      rows: rows.length,
      lines: Int32Array.from(rows, (r) => r + 2),
      dropped: [],
      droppedCount: 0,
    };
    return { key, data: part, excludedCount: 0, filteredCount: 0 };
  });
}

/** Fits `input.model` to each group of `input.data`; resolves to the report `fitbench fit --group … --json` prints. */
export async function fitGroups(input: GroupFitInput): Promise<GroupFitReport> {
  const model = compiled(input);
  checkMode(input, model.params);
  const groups = splitRows(input, model);
  const random = input.random ?? [];
  const shared = input.shared ?? [];
  const mixed = random.length > 0 ? { random, cov: input.randomCov ?? 'full', method: (input.method ?? 'ml') as MixedMethod } : null;
  const { method: _likelihood, ...fitOptions } = input;
  const job = groupedJob({
    model: input.model,
    compiled: model,
    groups,
    parameters: parameters(input, model.params),
    options: options(mixed ? fitOptions : { ...fitOptions, method: input.method as FitInput['method'] }),
    start: { always: input.starts !== undefined, starts: input.starts ?? null, seed: input.seed ?? 0 },
    backend: input.backend ?? 'auto',
    workers: input.workers ?? null,
    // As the CLI's: missing starts are found once, on the rows of all groups together.
    mode: { column: input.group, ungrouped: 0, mode: mixed ? 'mixed' : shared.length > 0 ? 'global' : 'per-group', shared, compare: input.compare ?? false, guess: null, pooledStarts: true, ...(mixed ? { mixed } : {}) },
  });
  const run = await runGroupJob(job, nodeGroupHost);
  const report = groupReport(run, {
    file: '',
    model: input.model,
    groupColumn: input.group,
    names: model.params,
    leftOut: groups.map(() => ({ droppedRows: 0, filteredRows: 0, excludedRows: 0 })),
    ungroupedRows: 0,
    warnings: run.starts ? [`Start values for ${run.starts.searched.join(', ')} were found automatically on the rows of all groups together (${run.starts.candidates} candidates) and start every group; give p0 to choose them.`] : [],
    parseMs: 0,
  });
  return JSON.parse(groupJsonReport(report)) as GroupFitReport;
}

/**
 * `fitbench fit DATA --model "a + b*x" --sigma-x SX --sigma SY --group COL`: errors in x fitted
 * per group (issue 24), argv → job of data kind `odr-groups` → the grouped report a closed-form
 * `--group` fit prints (src/job/report/groupJson.ts), each group's JSON row with its `odr` object.
 * The job's runner (groupRun.ts → steps/odrGroups.ts) fits each group on its own.
 */
import { countGroups, groupKeys, skipOf } from '../data';
import { runGroupJob } from '../job/groupRun';
import { nodeGroupHost } from '../job/node/groupHost';
import { groupJsonReport, groupReport } from '../job/report/groupJson';
import { now } from '../solver/clock';
import type { FitCommand } from './args';
import { CliError, EXIT } from './errors';
import { startsWarning, ungroupedWarning } from './groupFit';
import { groupTextReport } from './groupReport';
import { singleJob } from './job';
import { dataError } from './load';
import { oneLineModel } from './modelText';
import { odrColumns, odrErrors, odrSetup } from './odrLoad';

export async function fitOdrGroupsCommand(command: FitCommand & { readonly group: string }, t0: number, implicit: boolean): Promise<number> {
  const setup = odrSetup(command, implicit);
  const keyed = groupKeys(setup.table, command.group);
  if (!keyed.ok) throw dataError(command.file, keyed.error, '--group');
  const { codes, keys, column } = keyed.value;
  if (setup.xs.includes(column.name) || column.name === setup.y || column.name === setup.sigma) throw new CliError(`--group: ${column.name} is a column of the fit (a variable or a σ); group by another column.`);
  const base = skipOf(setup.rows);
  const kept = (r: number) => !base || !base[r];
  const ungrouped = codes.reduce((n: number, c, r) => (c < 0 && kept(r) ? n + 1 : n), 0);
  let order = countGroups(keyed.value, kept).map((g) => g.key);
  if (command.groups) {
    for (const k of command.groups) if (!keys.includes(k)) throw new CliError(`--groups: ${column.name} has no group ${JSON.stringify(k)} (the groups are ${keys.slice(0, 12).join(', ')}${keys.length > 12 ? ', …' : ''}).`);
    order = order.filter((k) => command.groups!.includes(k));
    if (order.length === 0) throw new CliError(`--groups: none of the groups ${command.groups.join(', ')} has a row that the --where filters keep.`);
  }
  const groups = order.map((key) => {
    const g = keys.indexOf(key);
    return { key, data: odrColumns(command, setup, Uint8Array.from(codes, (c, r) => (c === g && kept(r) ? 0 : 1))).columns };
  });
  const parseMs = now() - t0;
  const { model } = setup;
  const job = { ...singleJob(command, model, { kind: 'odr-groups', model, implicit, groups }), intervals: 'wald' as const, groups: { column: column.name, ungrouped, mode: 'per-group' as const, shared: [], compare: false, guess: null, pooledStarts: true } };
  const run = await runGroupJob(job, nodeGroupHost);
  const warnings = [`Errors in x and y: each group fitted by ODR (orthogonal distance regression; ${odrErrors(setup)}); --json gives each group's odr numbers.`, ...(run.starts ? [startsWarning(run.starts)] : []), ...ungroupedWarning(ungrouped, column.name)];
  const leftOut = groups.map(() => ({ droppedRows: 0, filteredRows: 0, excludedRows: 0 }));
  const report = groupReport(run, { file: command.file, model: oneLineModel(command.model), groupColumn: column.name, names: model.params, leftOut, ungroupedRows: ungrouped, warnings, parseMs });
  console.log(command.json ? groupJsonReport(report) : groupTextReport(report));
  return report.rows.every((g) => g.success) ? EXIT.ok : EXIT.notConverged;
}

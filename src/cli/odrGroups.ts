/**
 * `fitbench fit DATA --model "a + b*x" --sigma-x SX --sigma SY --group COL`: errors in x fitted
 * per group (issue 24), argv → job of data kind `odr-groups` → the grouped report a closed-form
 * `--group` fit prints (src/job/report/groupJson.ts), each group's JSON row with its `odr` object.
 * The job's runner (groupRun.ts → steps/odrGroups.ts) fits each group on its own; with --shared,
 * one global ODR fit (steps/odrGlobal.ts).
 */
import { skipOf } from '../data';
import { runGroupJob } from '../job/groupRun';
import { nodeGroupHost } from '../job/node/groupHost';
import { groupJsonReport, groupReport } from '../job/report/groupJson';
import { now } from '../solver/clock';
import type { FitCommand } from './args';
import { EXIT } from './errors';
import { startsWarning, ungroupedWarning } from './groupFit';
import { groupTextReport } from '../job/report/groupText';
import { singleJob } from './job';
import { oneLineModel } from './modelText';
import { odrColumns, odrErrors, odrSetup } from './odrLoad';
import { groupMasks } from './groupMasks';

export async function fitOdrGroupsCommand(command: FitCommand & { readonly group: string }, t0: number, implicit: boolean): Promise<number> {
  const setup = odrSetup(command, implicit);
  const inFit = (name: string) => setup.xs.includes(name) || name === setup.y || name === setup.sigma;
  const { column, groups: masks, ungrouped } = groupMasks(command, setup.table, skipOf(setup.rows), inFit);
  const groups = masks.map((g) => ({ key: g.key, data: odrColumns(command, setup, g.skip).columns }));
  const parseMs = now() - t0;
  const { model } = setup;
  const job = { ...singleJob(command, model, { kind: 'odr-groups', model, implicit, groups }), intervals: command.ci, groups: { column, ungrouped, mode: command.shared.length > 0 ? ('global' as const) : ('per-group' as const), shared: command.shared, compare: false, guess: null, pooledStarts: true } };
  const run = await runGroupJob(job, nodeGroupHost);
  const how = run.mode === 'global' && run.odr ? `one global ODR fit of all groups, ${command.shared.join(', ')} shared (orthogonal distance regression; ${odrErrors(setup)}; Σ(δ/σx)² = ${run.odr.odr.sumSquaresDelta.toPrecision(7)} + Σ(ε/σy)² = ${run.odr.odr.sumSquaresEps.toPrecision(7)}, res_var = ${run.odr.odr.resVar.toPrecision(7)}); --json gives the odr numbers` : `each group fitted by ODR (orthogonal distance regression; ${odrErrors(setup)}); --json gives each group's odr numbers`;
  const warnings = [`${implicit ? 'An implicit model, every column observed' : 'Errors in x and y'}: ${how}.`, ...(run.starts ? [startsWarning(run.starts)] : []), ...ungroupedWarning(ungrouped, column)];
  const leftOut = groups.map(() => ({ droppedRows: 0, filteredRows: 0, excludedRows: 0 }));
  const report = groupReport(run, { file: command.file, model: oneLineModel(command.model), groupColumn: column, names: model.params, leftOut, ungroupedRows: ungrouped, warnings, parseMs });
  console.log(command.json ? groupJsonReport(report) : groupTextReport(report));
  return report.rows.every((g) => g.success) ? EXIT.ok : EXIT.notConverged;
}

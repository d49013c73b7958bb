/**
 * `fitbench fit DATA --model EXPR --group COL [--shared a,b] [--compare]`: argv → grouped job →
 * report (issue 22). The rows are split (load.ts), the job built (job.ts: groupedJob) and run by
 * src/job/groupRun.ts over Node's group host (per-group batches in this process, on worker threads
 * or on the GPU; the global fit and its comparison), and printed as JSON or a table. Returns the
 * exit code: 0 when every group converged, 1 when some did not (or could not be fitted), 2 for bad
 * input (thrown as CliError / FitInputError).
 */
import { runGroupJob } from '../job/groupRun';
import { nodeGroupHost } from '../job/node/groupHost';
import { groupJsonReport, groupReport } from '../job/report/groupJson';
import type { PooledStarts } from '../job/steps/groupStarts';
import { now } from '../solver/clock';
import type { FitCommand } from './args';
import { CliError, EXIT } from './errors';
import { groupTextReport } from '../job/report/groupText';
import { groupedJob } from './job';
import { loadGroupedProblem } from './load';
import { groupUnknowns, jobAssay } from './assayLoad';
import { groupAssayText } from '../job/report/assayText';
import { groupAssaySteps, withRoutRefits } from '../job/steps/groupAssay';

export const startsWarning = (s: PooledStarts): string =>
  `Start values for ${s.searched.join(', ')} were found automatically on the rows of all groups together (${s.candidates} candidates) and start every group; give --p0 to choose them.`;

/** The rows in no group (an empty group cell), said once. */
export const ungroupedWarning = (u: number, column: string): string[] =>
  u > 0 ? [`${u} row${u === 1 ? ' has' : 's have'} no group (empty ${column} cell) and ${u === 1 ? 'was' : 'were'} left out.`] : [];

export async function fitGroupsCommand(command: FitCommand): Promise<number> {
  const t0 = now();
  const loaded = loadGroupedProblem(command);
  const parseMs = now() - t0;
  const { model, split } = loaded;
  const job = groupedJob(command, model, split);
  for (const name of command.shared) {
    if (!model.params.includes(name)) throw new CliError(`--shared: the model has no parameter "${name}"; its parameters are ${model.params.join(', ')}.`);
  }
  // --interpolate: each group's unknowns (rows with a y and an empty x, which the split drops as unusable).
  const unknowns = command.assay.interpolate ? groupUnknowns(command, loaded) : null;
  const assayJob = jobAssay(command, model, null);
  const run = await runGroupJob(job, nodeGroupHost);
  const assay = assayJob ? await groupAssaySteps({ model, groups: split.groups, rows: run.rows, parameters: job.parameters, options: command.options }, unknowns?.byGroup ?? null, assayJob) : null;
  const u = split.ungroupedCount;
  const warnings = [
    ...loaded.warnings,
    ...(run.starts ? [startsWarning(run.starts)] : []),
    ...ungroupedWarning(u, split.column ?? 'group'),
  ];
  const report = groupReport({ ...run, rows: withRoutRefits(run.rows, assay) }, {
    file: command.file,
    model: command.model,
    groupColumn: split.column,
    names: model.params,
    leftOut: split.groups.map((g) => ({ droppedRows: g.data.droppedCount - (unknowns?.rows.get(g.key) ?? 0), filteredRows: g.filteredCount, excludedRows: g.excludedCount })),
    ungroupedRows: u,
    warnings,
    parseMs,
  });
  console.log(command.json ? groupJsonReport(report, assay) : [groupTextReport(report), ...groupAssayText(assay)].join('\n'));
  return report.rows.every((g) => g.success) ? EXIT.ok : EXIT.notConverged;
}

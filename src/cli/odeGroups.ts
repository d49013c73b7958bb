/**
 * `fitbench fit DATA --model "dX/dt = …" --group COL [--shared a,b | --mixed --random a]`: an ODE
 * model fitted per group, globally or with mixed effects (issues 23, 25),
 * argv → job of data kind `ode-groups` → the grouped report a closed-form `--group` fit prints
 * (src/job/report/groupJson.ts; JSON with the same fields). The job's runner (groupRun.ts →
 * steps/odeGroups.ts, steps/odeJoint.ts) integrates each group's responses on its own.
 */
import { runGroupJob } from '../job/groupRun';
import { nodeGroupHost } from '../job/node/groupHost';
import { groupJsonReport, groupReport } from '../job/report/groupJson';
import type { FitJob } from '../job/job';
import { now } from '../solver/clock';
import type { FitCommand } from './args';
import { EXIT } from './errors';
import { groupMode } from './job';
import { startsWarning, ungroupedWarning } from './groupFit';
import { groupTextReport } from '../job/report/groupText';
import { oneLineModel } from './modelText';
import { loadOdeGroups } from './odeLoad';
import { odeFitJobParameters } from './odeParameters';

export async function fitOdeGroupsCommand(command: FitCommand & { readonly group: string }, t0: number): Promise<number> {
  const loaded = loadOdeGroups(command);
  const parseMs = now() - t0;
  const { model, groups } = loaded;
  const job: FitJob = {
    model: command.model,
    ties: [],
    data: { kind: 'ode-groups', model, groups, integration: command.ode },
    parameters: odeFitJobParameters(command, model.spec.params),
    options: command.options,
    objective: 'least-squares',
    varpro: false,
    start: { always: command.starts !== null, starts: command.starts, seed: command.seed },
    intervals: 'wald',
    derive: [],
    checkpoint: null,
    backend: command.backend,
    workers: command.workers,
    groups: groupMode(command, loaded.groupColumn, loaded.ungrouped),
  };
  const run = await runGroupJob(job, nodeGroupHost);
  const u = loaded.ungrouped;
  const warnings = [
    ...loaded.notes,
    ...(run.starts ? [startsWarning(run.starts)] : []),
    ...ungroupedWarning(u, loaded.groupColumn),
  ];
  const report = groupReport(run, {
    file: command.file,
    model: oneLineModel(command.model),
    groupColumn: loaded.groupColumn,
    names: model.spec.params,
    leftOut: groups.map((g) => ({ droppedRows: g.dropped, filteredRows: 0, excludedRows: 0 })),
    ungroupedRows: u,
    warnings,
    parseMs,
  });
  console.log(command.json ? groupJsonReport(report) : groupTextReport(report));
  return report.rows.every((g) => g.success) ? EXIT.ok : EXIT.notConverged;
}

/**
 * argv → job (issue 22): the parsed command and the loaded rows as the fit job's plain data
 * (src/job/job.ts). The command line's refusals (args.ts) came first; the job's own checks
 * (src/job/validate.ts) run again in the runner.
 */
import type { FitData, GroupSplit } from '../data';
import { groupedJob as jobOfGroups, type JobGroups } from '../job/groups';
import type { FitJob, JobData } from '../job/job';
import type { CompiledModel } from '../model';
import type { FitCommand } from './args';
import { parameterTable } from './parameters';

/** `data`: the rows loaded in memory, or a streamed source (streamedFit.ts). */
export function singleJob(command: FitCommand, model: CompiledModel, data: FitData | JobData): FitJob {
  return {
    model: command.model,
    ties: command.ties,
    data: 'kind' in data ? data : { kind: 'memory', model, data },
    parameters: parameterTable(command, model.params),
    options: command.options,
    objective: command.mle === 'poisson' ? 'poisson' : 'least-squares',
    varpro: command.varpro,
    start: { always: command.starts !== null, starts: command.starts, seed: command.seed },
    intervals: command.ci,
    derive: command.derive,
    checkpoint: command.checkpoint ? { resume: command.checkpoint.resume } : null,
    backend: command.backend,
    workers: command.workers,
  };
}

/** --group / --wide: the split's groups as the job's rows, per group, global with --shared (and --compare) or mixed with --random. */
export function groupedJob(command: FitCommand, model: CompiledModel, split: GroupSplit): FitJob {
  return jobOfGroups({
    model: command.model,
    compiled: model,
    groups: split.groups,
    parameters: parameterTable(command, model.params),
    options: command.options,
    start: { always: command.starts !== null, starts: command.starts, seed: command.seed },
    backend: command.backend,
    workers: command.workers,
    // Missing --p0 starts are found once, on the rows of all groups together.
    mode: groupMode(command, split.column, split.ungroupedCount),
  });
}

/** The group mode --shared, --random and --compare ask for (a closed-form or an ODE model's groups). */
export function groupMode(command: FitCommand, column: string | null, ungrouped: number): JobGroups {
  return {
    column,
    ungrouped,
    mode: command.mixed ? 'mixed' : command.shared.length > 0 ? 'global' : 'per-group',
    shared: command.shared,
    compare: command.compare,
    guess: null,
    pooledStarts: true,
    ...(command.mixed ? { mixed: command.mixed } : {}),
  };
}

/** The fit job: its description, its checks, its runner and its host interface (issue 22). */
export type { BackendRequest, FitJob, JobCheckpoint, JobData, Objective, StartSearch } from './job';
export type { BackendChoice, CheckpointStore, CheckpointWriter, JobHost, RowWorkers } from './host';
export type { JobOutcome } from './outcome';
export { runJob, type JobRun } from './run';
export { JobInputError, notCheckpointed, validateJob } from './validate';
export type { BatchRun, GroupHost } from './groupHost';
export { groupedJob, type GroupMode, type JobGroups } from './groups';
export { runGroupJob, type GroupRun } from './groupRun';
export { clashMessage, groupClash, type GroupClash } from './validate';

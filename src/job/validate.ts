/**
 * A fit job's clash rules, in one place (issue 22; Ceres' `IsValid`): which settings do not go
 * together, and which fits take checkpoints. The adapters ask here; the CLI words a clash as the
 * option that causes it, the page as the setting to change.
 */
import { runsStartSearch, type FitJob } from './job';

/** Why a job's settings clash, as a code an adapter words; null when they do not. */
export type JobClash = 'varpro-poisson' | 'profile-robust-loss' | 'stream-needs-rows';

/**
 * Which fits are checkpointed: the state saved is the main trust-region phase's, so fits that run
 * a loop of their own around it are not (the Poisson reweighting rounds, VarPro's reduced fit, a
 * group batch, a model comparison's second fit). Returns what prevents it, or null.
 */
export type NotCheckpointed = 'objective' | 'varpro' | 'groups' | 'compare-model';

export function notCheckpointed(fit: { readonly objective?: FitJob['objective']; readonly varpro?: boolean; readonly grouped?: boolean; readonly compareModel?: boolean }): NotCheckpointed | null {
  if (fit.grouped) return 'groups';
  if (fit.objective === 'poisson') return 'objective';
  if (fit.varpro) return 'varpro';
  if (fit.compareModel) return 'compare-model';
  return null;
}

export function jobClash(job: Pick<FitJob, 'objective' | 'varpro' | 'intervals' | 'options' | 'data' | 'parameters' | 'start'>): JobClash | null {
  if (job.objective === 'poisson' && job.varpro) return 'varpro-poisson';
  // A streamed source holds one chunk at a time: what reads all rows at once cannot run on it.
  if (job.data.kind === 'stream' && (runsStartSearch(job) || job.objective === 'poisson' || job.varpro || job.intervals === 'profile')) return 'stream-needs-rows';
  if (job.intervals === 'profile' && (job.options.loss ?? 'linear') !== 'linear') return 'profile-robust-loss';
  return null;
}

/** A job that cannot run, with a message that names the setting and the fix. */
export class JobInputError extends Error {
  constructor(
    readonly clash: JobClash | NotCheckpointed,
    message: string,
  ) {
    super(message);
    this.name = 'JobInputError';
  }
}

const CLASH_TEXT: Record<JobClash, string> = {
  'varpro-poisson': 'VarPro is a least-squares option: turn it off for a Poisson likelihood fit.',
  'profile-robust-loss': 'Profile intervals need the least-squares loss: use the linear loss or Wald intervals.',
  'stream-needs-rows': 'The start search, the Poisson likelihood, VarPro and profile intervals need all rows in memory: give every start, use least squares and Wald intervals, or hold the rows in memory.',
};

/** Checks a job once, before anything runs; throws JobInputError on a clash. */
export function validateJob(job: FitJob): FitJob {
  const clash = jobClash(job);
  if (clash) throw new JobInputError(clash, CLASH_TEXT[clash]);
  if (job.checkpoint) {
    const why = notCheckpointed(job);
    if (why) throw new JobInputError(why, `This fit is not checkpointed (${why}); drop the checkpoint.`);
  }
  return job;
}

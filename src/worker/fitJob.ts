/**
 * The page's fit request as the fit job's plain data (issue 22; the CLI's translation is
 * src/cli/job.ts): the solver settings split into the job's fields and the page's parameter table
 * as the job's. The page asks for a checkpoint with every fit of a saved session; the job's rule
 * (src/job/validate.ts) says which fits take one, and the others run without (the page offers no
 * resume for them either: checkpointOffer.ts).
 */
import type { ParameterSpec } from '../fit/parameters';
import type { FitJob, JobData } from '../job/job';
import { notCheckpointed } from '../job/validate';
import { pageHost } from '../job/browser/pageHost';
import { runJob, type JobRun } from '../job/run';
import type { FitRequest } from './api';
import { endRun, startRun, type CancelFlag } from './session';
import { fitOptions } from './fitInputs';

/** The objective fields of the page's settings, as the job names them. */
export function jobObjective(settings: FitRequest['settings']): Pick<FitJob, 'objective' | 'varpro'> {
  return { objective: settings.objective === 'poisson' ? 'poisson' : 'least-squares', varpro: settings.varpro === true };
}

/** The page's parameter rows as the job's (start value, bounds, fixed). */
export function requestParameters(request: Pick<FitRequest, 'parameters'>): ParameterSpec[] {
  return request.parameters.map((p) => ({ name: p.name, value: p.value, min: p.min, max: p.max, fixed: p.fixed }));
}

/** A single fit of the page's request on `data` (the selection in memory, or a streamed table). */
export function requestJob(request: FitRequest, data: JobData): FitJob {
  const objective = jobObjective(request.settings);
  const checkpoint = request.checkpoint && notCheckpointed(objective) === null ? { resume: request.checkpoint.resume } : null;
  return {
    model: request.model,
    ties: [],
    data,
    parameters: requestParameters(request),
    options: fitOptions(request.settings),
    ...objective,
    // The page searches for missing starts before it asks for the fit (state/actions/startSearch.ts).
    start: { always: false, starts: null, seed: 0 },
    intervals: 'wald',
    derive: [],
    checkpoint,
    backend: request.settings.backend,
    workers: null,
  };
}

/**
 * A job of the CPU-only kinds (an ODE, errors in x) run as the page's one cancellable fit: no row
 * workers' progress, no checkpoint. What it threw comes back with whether Cancel stopped it.
 */
export async function runCancellableJob(job: FitJob, method: FitRequest['settings']['method']): Promise<{ ok: true; run: JobRun } | { ok: false; error: unknown; cancelled: boolean }> {
  const flag: CancelFlag = { aborted: false };
  startRun(flag);
  const noop = () => undefined;
  try {
    return { ok: true, run: await runJob(job, pageHost({ method, signal: flag, onChunk: noop, onIteration: noop, onPlanned: noop, checkpoint: null })) };
  } catch (error) {
    return { ok: false, error, cancelled: flag.aborted };
  } finally {
    endRun(flag);
  }
}

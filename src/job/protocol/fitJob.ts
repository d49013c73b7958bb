/**
 * The page's fit request as the fit job's plain data (issue 22; the CLI's translation of its
 * argv is src/cli/job.ts): the solver settings split into the job's fields and the page's
 * parameter table as the job's. The request format is the job's (request.ts), so is this reading
 * of it: the worker hands the job to runJob, and the checkpoint offer compares a saved subject
 * with the job the same request would run. The page asks for a checkpoint with every fit of a
 * saved session; the job's rule (src/job/validate.ts `notCheckpointed`) says which fits take one,
 * and the others run without (the page offers no resume for them either).
 */
import type { FitOptions } from '../../fit/defaults';
import type { ParameterSpec } from '../../fit/parameters';
import type { FitJob, JobData } from '../job';
import { notCheckpointed } from '../validate';
import type { FitRequest } from './request';

/** The solver settings minus the backend, VarPro and the objective, which are the job's own fields. */
export function fitOptions(settings: FitRequest['settings']): FitOptions {
  const { backend: _backend, varpro: _varpro, objective: _objective, ...options } = settings;
  return options;
}

/** The objective fields of the page's settings, as the job names them. */
export function jobObjective(settings: FitRequest['settings']): Pick<FitJob, 'objective' | 'varpro'> {
  return { objective: settings.objective === 'poisson' ? 'poisson' : 'least-squares', varpro: settings.varpro === true };
}

/** The page's parameter rows as the job's (start value, bounds, fixed). */
export function requestParameters(request: Pick<FitRequest, 'parameters'>): ParameterSpec[] {
  return request.parameters.map((p) => ({ name: p.name, value: p.value, min: p.min, max: p.max, fixed: p.fixed }));
}

/** A single fit of the page's request on `data` (the selection in memory, a streamed table, an ODE's or errors-in-x rows). */
export function requestJob(request: FitRequest, data: JobData): FitJob {
  const objective = jobObjective(request.settings);
  const checkpoint = request.checkpoint && notCheckpointed({ ...objective, data }) === null ? { resume: request.checkpoint.resume } : null;
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

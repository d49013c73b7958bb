/**
 * The programmatic API (issue 22): `import { fit } from 'fitbench'` in Node. The options are the
 * command line's, typed; the data are columns by name; the result is the object `fitbench fit
 * --json` prints (src/job/report/json.ts), from the same fit job and runner (src/job) over the
 * same Node host, so both give the same numbers for the same rows.
 */
import { compiled, options, parameters, rows, specs, type FitInput } from './apiInput';
import type { FitJob } from './job/job';
import { nodeHost } from './job/node/host';
import { fitReport } from './job/report/json';
import { runJob } from './job/run';

export { FitApiError, type FitInput } from './apiInput';
export { fitGroups, type GroupFitInput, type GroupFitReport } from './apiGroups';

/** What `fit` returns: the CLI's --json object. */
export type FitReport = ReturnType<typeof fitReport>;

/** The fit job of an API call. */
export function apiJob(input: FitInput): FitJob {
  const model = compiled(input);
  return {
    model: input.model,
    ties: specs(input.tie),
    data: { kind: 'memory', model, data: rows(input, model) },
    parameters: parameters(input, model.params),
    options: options(input),
    objective: input.mle === 'poisson' ? 'poisson' : 'least-squares',
    varpro: input.varpro ?? false,
    start: { always: input.starts !== undefined, starts: input.starts ?? null, seed: input.seed ?? 0 },
    intervals: input.ci ?? 'wald',
    derive: specs(input.derive),
    checkpoint: null,
    backend: input.backend ?? 'auto',
    workers: input.workers ?? null,
  };
}

/** Fits `input.model` to `input.data`; resolves to the report `fitbench fit --json` prints. */
export async function fit(input: FitInput): Promise<FitReport> {
  const job = apiJob(input);
  const run = await runJob(job, nodeHost());
  if (job.data.kind !== 'memory') throw new Error('unreachable: the API fits columns in memory');
  const data = job.data.data;
  const facts = { ...run, file: '', model: input.model, rows: data.rows, y: data.names.y, sigma: data.names.sigma, parseMs: 0 };
  return fitReport(run.result, facts, run.profile);
}

/**
 * The fit job's runner (issue 22): one script of named steps for every adapter, in the manner of
 * scipy's `_lsq` outer loop. What differs between the page and Node comes from the host.
 *
 *   check       the job's clash rules and the derived expressions, before anything runs
 *   plan        row workers for the float64 passes, and the backend (GPU or CPU) of the main phase
 *   resume      a checkpoint store's saved state, and the writer that saves the new ones
 *   start + fit the objective's fit, with the automatic start search where starts are missing
 *   outliers    ROUT: robust fits, outliers by the false discovery rate, the fit without them (issue 26)
 *   statistics  profile-likelihood intervals, bootstrap intervals (issue 26) when asked for
 *   derived     tied parameters and derived quantities with their delta-method errors
 *   read off    unknowns read off the curve, predictions at new x (issue 26)
 *   compare     a second model on the same rows, compared with the fit (compare.ts)
 */
import { compileDerived, reportedQuantities } from '../fit/derived';
import { profileIntervals } from '../fit/profileFit';
import { DEFAULT_STARTS } from '../start/index';
import { POOL_MIN_CANDIDATES } from '../start/poolScoring';
import type { CurveFitInput } from '../fit/curveFit';
import { runComparison } from './compare';
import type { BackendChoice, JobHost, RowWorkers } from './host';
import { jobRows, searchedParameters, type FitJob } from './job';
import type { JobOutcome } from './outcome';
import { bootstrapStep, outlierStep, readOffStep } from './steps/assay';
import { fitStep } from './steps/fit';
import { runOdeJob } from './steps/odeRun';
import { runOdrJob } from './steps/odrRun';
import { memoryDigests, openCheckpoint, type OpenCheckpoint } from './steps/resume';
import { validateJob } from './validate';

export interface JobRun extends JobOutcome {
  /** Time from the end of planning to the end of the derived quantities. */
  readonly fitMs: number;
}

const EMPTY_ROWS: RowWorkers = { workers: 0, rowPasses: undefined, close() {} };
const CPU_ONLY: BackendChoice = { primary: null, notes: [], release() {} };

/** The model's columns as curveFit reads them: in memory, or streamed (empty columns beside the chunks). */
function fitInput(job: FitJob, rows: RowWorkers, host: JobHost, checkpoint: OpenCheckpoint | null): CurveFitInput {
  const d = job.data;
  if (d.kind === 'groups' || d.kind === 'ode-groups' || d.kind === 'odr-groups') throw new Error('runJob fits one dataset: a grouped job runs with runGroupJob (groupRun.ts).');
  if (d.kind === 'ode') throw new Error('An ODE job runs its own steps (steps/odeRun.ts).');
  if (d.kind === 'odr') throw new Error('An errors-in-x job runs its own steps (steps/odrRun.ts).');
  // Each iteration reaches the checkpoint writer first (its history), then the host (progress).
  const saved = checkpoint?.writer.onIteration;
  const heard = host.onIteration;
  const onIteration: CurveFitInput['onIteration'] = saved || heard ? (s, phase) => (saved?.(s, phase.role), heard?.(s, phase)) : undefined;
  const common = { model: d.model, parameters: job.parameters, options: job.options, ...(host.signal ? { signal: host.signal } : {}), ...(onIteration ? { onIteration } : {}) };
  if (d.kind === 'memory') return { ...common, data: d.data, rowPasses: rows.rowPasses };
  return { ...common, data: { vars: d.model.variables.map(() => new Float64Array(0)), y: new Float64Array(0) }, streamed: d.streamed };
}

export async function runJob(job: FitJob, host: JobHost): Promise<JobRun> {
  // check: a typo in a derived expression must not cost a long run.
  validateJob(job);
  // An ODE model (issue 23) runs its own steps (steps/odeRun.ts).
  if (job.data.kind === 'ode') return runOdeJob({ ...job, data: job.data }, host);
  // Errors in both variables (issue 24) likewise (steps/odrRun.ts).
  if (job.data.kind === 'odr') return runOdrJob({ ...job, data: job.data }, host);
  if (job.data.kind === 'ode-groups' || job.data.kind === 'odr-groups') throw new Error('runJob fits one dataset: a grouped job runs with runGroupJob (groupRun.ts).');
  const { model } = job.data;
  const n = jobRows(job.data);
  for (const d of job.derive) compileDerived(d, model.params);
  // plan: row workers start now, while the GPU probe runs, so that the first pass does not wait.
  // A streamed source runs its passes in this thread on the CPU (one chunk in memory at a time).
  const memory = job.data.kind === 'memory';
  const rows = memory ? host.rowWorkers(model, n, job.workers) : EMPTY_ROWS;
  try {
    const backend = memory ? await host.backend(job.backend, n, model) : CPU_ONLY;
    const t1 = host.now();
    const notes = [...backend.notes];
    // Many start candidates are scored on a pool, with the same result.
    const pool = (job.start.starts ?? 0) >= POOL_MIN_CANDIDATES ? host.candidatePool(job.start.starts ?? 0, job.workers) : null;
    let checkpoint: OpenCheckpoint | null = null;
    let input = fitInput(job, rows, host, null);
    let fitted;
    try {
      // resume
      const d = job.data;
      const digests = d.kind === 'memory' ? () => memoryDigests(d.data) : d.kind === 'stream' && d.digest ? (() => ({ digest: d.digest!, older: null })) : null;
      if (job.checkpoint && host.checkpoints && digests) {
        checkpoint = await openCheckpoint(host.checkpoints, { model: job.model, parameters: job.parameters, options: job.options, resume: job.checkpoint.resume }, digests, notes);
        input = fitInput(job, rows, host, checkpoint);
      }
      // start search + fit
      const progress = () => host.startProgress?.(n, searchedParameters(job), job.start.starts ?? DEFAULT_STARTS);
      fitted = await fitStep({ job, input, backend, pool, checkpoint, progress, startSearchNote: host.checkpoints?.startSearchNote ?? null, notes });
      checkpoint?.writer.flush();
      const failed = checkpoint?.writer.failure();
      if (failed) notes.push(failed);
    } finally {
      backend.release();
      pool?.close();
    }
    // outliers: ROUT's fit without them replaces the least-squares fit (same rows when none).
    const routed = await outlierStep(job.assay, input, fitted.result);
    const { result } = routed;
    if (routed.data !== input.data) input = { ...input, data: routed.data, rowPasses: undefined };
    // statistics: profile intervals refit on the CPU (many small fits).
    const profile = job.intervals === 'profile' ? await profileIntervals(input, result) : null;
    const bootstrap = await bootstrapStep(job.assay, input, result, host.bootstrapWatch, notes);
    // derived
    const derived = reportedQuantities(result, job.ties, job.derive);
    // read off: the unknowns and the predictions on the fit that stands.
    const assay = job.assay ? { ...readOffStep(job.assay, input, job.options, input.data, result), outliers: routed.outliers, bootstrap } : null;
    const resumed = checkpoint?.resume ? { nit: checkpoint.resume.nit, nfev: checkpoint.resume.nfev } : null;
    // compare: the second model's time counts in fitMs too.
    const first = { model: job.model, compiled: model, parameters: job.parameters, result };
    const modelComparison = job.compareModel ? await runComparison({ first, second: job.compareModel, options: job.options, start: job.start }, { signal: host.signal }) : null;
    return {
      ...fitted,
      result,
      backend: [...new Set(result.phases.map((p) => p.backend))].join('+'),
      workers: rows.workers,
      notes,
      checkpoint: checkpoint ? { ...checkpoint.writer.report(), resumed } : null,
      profile,
      derived,
      ...(assay ? { assay } : {}),
      ...(job.compareModel ? { modelComparison } : {}),
      fitMs: host.now() - t1,
    };
  } finally {
    rows.close();
  }
}

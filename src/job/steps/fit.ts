/**
 * The start-search and fit steps: one of four fits by the job's objective and settings.
 *
 * - Poisson likelihood (src/fit/poissonMle.ts): missing starts come from the least-squares search,
 *   and the likelihood is maximised from there by reweighted fits.
 * - VarPro (src/start/varpro.ts): the linear parameters need no start; they are solved at every
 *   nonlinear iterate, then the full fit runs from there.
 * - A resumed checkpoint continues the main phase from its saved state.
 * - Otherwise the automatic start search when a start is missing (given starts are refined as one
 *   extra candidate; they do not narrow the search), else curveFit from the given starts.
 */
import { curveFit, type CurveFitInput } from '../../fit/curveFit';
import { poissonFit, type PoissonFacts, type PoissonFit } from '../../fit/poissonMle';
import type { FitResult } from '../../fit/types';
import { autoStart, type AutoStartProgress, type AutoStartResult } from '../../start/index';
import type { CandidatePool } from '../../start/poolScoring';
import { varproFit, type VarproPhase } from '../../start/varpro';
import type { BackendChoice } from '../host';
import { runsStartSearch, type FitJob } from '../job';
import type { OpenCheckpoint } from './resume';

export interface Fitted {
  readonly result: FitResult;
  readonly autoStart: AutoStartResult | null;
  readonly varpro: VarproPhase | null;
  readonly poisson: Required<PoissonFacts> | null;
}

/** A Poisson fit's facts beside its FitResult (the CLI's JSON, the page's outcome). */
export function poissonFacts(p: PoissonFit): Required<PoissonFacts> {
  return { cash: p.cash, deviance: p.deviance, rounds: p.rounds, converged: p.converged, pearsonChi2: p.pearsonChi2, dispersion: p.dispersion, logLik: p.logLik, aic: p.aic, aicc: p.aicc, bic: p.bic };
}

export interface FitStepInput {
  readonly job: FitJob;
  readonly input: CurveFitInput;
  readonly backend: BackendChoice;
  readonly pool: CandidatePool | null;
  readonly checkpoint: OpenCheckpoint | null;
  readonly progress: () => ((p: AutoStartProgress) => void) | undefined;
  /** The note when the start search runs while checkpoints are asked for (it is not saved). */
  readonly startSearchNote: string | null;
  readonly notes: string[];
}

export async function fitStep({ job, input, backend, pool, checkpoint, progress, startSearchNote, notes }: FitStepInput): Promise<Fitted> {
  const primary = backend.primary ?? undefined;
  const search = runsStartSearch(job);
  const searchOptions = { starts: job.start.starts ?? undefined, seed: job.start.seed, fit: job.options, pool };
  const writer = checkpoint?.writer ?? null;
  if (job.objective === 'poisson') {
    const auto = search ? await autoStart(input.model, input.data, input.parameters, { ...searchOptions, onProgress: progress() }) : null;
    const from = auto ? input.parameters.map((p) => (p.fixed ? p : { ...p, value: auto.fit.parameters.find((q) => q.name === p.name)?.value ?? p.value })) : input.parameters;
    const poisson = await poissonFit({ ...input, primary, parameters: from });
    if (!poisson.converged) notes.push(`The Poisson reweighting did not settle in ${poisson.rounds} rounds: the estimates may not be the maximum-likelihood ones.`);
    return { result: poisson.result, autoStart: auto, varpro: null, poisson: poissonFacts(poisson) };
  }
  if (job.varpro) {
    const v = await varproFit({ ...input, primary });
    return { result: v.fit, autoStart: null, varpro: v.varpro, poisson: null };
  }
  if (checkpoint?.resume && writer) {
    const result = await curveFit({ ...input, primary, checkpoint: { resume: checkpoint.resume, onState: writer.onState } });
    return { result, autoStart: null, varpro: null, poisson: null };
  }
  if (search) {
    if (writer && startSearchNote) notes.push(startSearchNote);
    const auto = await autoStart(input.model, input.data, input.parameters, { ...searchOptions, primary, rowPasses: input.rowPasses, onProgress: progress() });
    return { result: auto.fit, autoStart: auto, varpro: null, poisson: null };
  }
  const result = await curveFit({ ...input, primary, checkpoint: writer ? { onState: writer.onState } : undefined });
  return { result, autoStart: null, varpro: null, poisson: null };
}

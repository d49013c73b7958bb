/**
 * One curve fit as it runs (curveFit.ts): what is resolved once from its input (options,
 * parameter table, rows, loss, weights, the bound model) and the log its phases write (the
 * iteration history, a record per phase, warnings), with the steps every phase shares: the
 * evaluation budget left, the solver options of a phase, a float64 pass on the CPU, and one run
 * of the TRF solver recorded as a phase.
 */
import type { CompiledModel } from '../model/index';
import type { Evaluator } from '../solver/evaluator';
import { makeLoss, type Loss } from '../solver/loss';
import { SolverInputError } from '../solver/options';
import type { IterationSummary } from '../solver/summary';
import { trf, type TrfResult } from '../solver/trf';
import { now } from '../solver/clock';
import { cpuEvaluator, type BoundModel, type Linearization } from './cpuEvaluator';
import type { CurveFitInput } from './curveFit';
import { DEFAULTS, defaultMaxNfev, fScaleProblem, type FitOptions } from './defaults';
import { diagnoseNonFinite } from './nonFinite';
import { FitInputError, resolveParameters, type ResolvedParameters } from './parameters';
import { streamEvaluator } from './stream/streamEvaluator';
import type { StreamedRows } from './stream/streamedRows';
import type { Backend, FitData, FitResult, PhaseRecord } from './types';
import { weightSigma } from './weights';
import { constrainedSpace, startInSpace, type ConstrainedSpace } from './constraints/constrainedSpace';
import { apply, constrainedEvaluator } from '../solver/linearConstraints';

/** Fitbench's defaults under the caller's options. */
function runOptions(options: FitOptions | undefined) {
  return { ...DEFAULTS, ...options };
}

export interface FitRun {
  readonly input: CurveFitInput;
  /** When the fit started (the result's time). */
  readonly started: number;
  readonly opts: ReturnType<typeof runOptions>;
  readonly params: ResolvedParameters;
  /** Rows. */
  readonly m: number;
  readonly streamed: StreamedRows | null;
  readonly loss: Loss;
  /** σᵢ of the in-memory rows (null: unweighted, or streamed with the weights in the chunks). */
  readonly sigma: Float64Array | null;
  readonly bound: BoundModel;
  /**
   * Linear constraints between the parameters (options.constraints): the solver then runs in
   * z = M x, where they are bounds (constraints/constrainedSpace.ts); null: none.
   */
  readonly space: ConstrainedSpace | null;
  /** The solver's bounds: the free parameters' own, or those of z under constraints. */
  readonly lb: Float64Array;
  readonly ub: Float64Array;
  /** The solver's start (the free parameters', or z's under constraints). */
  readonly x0: Float64Array;
  /** max_nfev of the fit as a whole: each phase gets what the earlier ones left. */
  readonly maxNfev: number;
  readonly history: FitResult['history'];
  readonly phases: PhaseRecord[];
  readonly warnings: string[];
}

function tooFewRows(m: number, k: number): void {
  if (m < k) {
    throw new FitInputError(
      'too-few-rows',
      `${m} usable row${m === 1 ? '' : 's'} for ${k} free parameters: a fit needs at least as many rows as free parameters. Fix some parameters or add data.`,
    );
  }
}

function validateStreamed(model: CompiledModel, streamed: StreamedRows, k: number): number {
  const m = streamed.source.rows;
  if (streamed.source.variables !== model.variables.length) {
    throw new FitInputError('variables', `The model uses ${model.variables.length} variables but ${streamed.source.variables} columns were stored.`);
  }
  tooFewRows(m, k);
  return m;
}

function validateData(model: CompiledModel, data: FitData, k: number): number {
  const m = data.y.length;
  if (data.vars.length !== model.variables.length) {
    throw new FitInputError('variables', `The model uses ${model.variables.length} variables but ${data.vars.length} columns were given.`);
  }
  data.vars.forEach((v, i) => {
    if (v.length !== m) throw new FitInputError('shape', `Column "${model.variables[i]}" has ${v.length} rows, y has ${m}.`);
  });
  if (data.sigma && data.sigma.length !== m) throw new FitInputError('shape', `sigma has ${data.sigma.length} rows, y has ${m}.`);
  tooFewRows(m, k);
  return m;
}

/** The fit's input checked and resolved once: options, parameter table, rows, loss, weights (wᵢ = 1/σᵢ), bound model. */
export function prepareRun(input: CurveFitInput): FitRun {
  const started = now();
  const { model, data } = input;
  const opts = runOptions(input.options);
  const params = resolveParameters(model.params, input.parameters);
  const k = params.free.length;
  const streamed = input.streamed ?? null;
  const m = streamed ? validateStreamed(model, streamed, k) : validateData(model, data, k);
  const fScale = fScaleProblem(opts.fScale);
  if (fScale) throw fScale;
  const loss: Loss = makeLoss(opts.loss, opts.fScale);
  const sigma = streamed ? null : weightSigma(opts.weights ?? 'sigma', data);
  const w = sigma ? sigma.map((s) => 1 / s) : null;
  const bound: BoundModel = {
    kernels: model.kernels(params.free),
    data: { vars: data.vars, y: data.y, w },
    rows: m,
    base: params.base,
    free: params.free,
    loss,
  };
  const maxNfev = opts.maxNfev ?? defaultMaxNfev(k);
  if (k === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');
  const warnings: string[] = [];
  const space = opts.constraints && opts.constraints.length > 0 ? constrainedSpace(opts.constraints, params) : null;
  const start = Float64Array.from(params.free, (i) => params.base[i]);
  const x0 = space ? startInSpace(space, start, warnings) : start;
  const [lb, ub] = space ? [space.map.lb, space.map.ub] : [params.lb, params.ub];
  return { input, started, opts, params, m, streamed, loss, sigma, bound, space, lb, ub, x0, maxNfev, history: [], phases: [], warnings };
}

/** The evaluations the phases so far left of max_nfev. */
export function nfevLeft(run: FitRun): number {
  return run.maxNfev - run.phases.reduce((sum, p) => sum + p.nfev, 0);
}

/** The TRF options of phase `index` (its iterations go to the history and the caller). */
export function solverOptions(run: FitRun, index: number, role: 'fit' | 'polish', backend: Backend) {
  const { opts, input } = run;
  return {
    lb: run.lb,
    ub: run.ub,
    ftol: opts.ftol,
    xtol: opts.xtol,
    gtol: opts.gtol,
    maxNfev: Math.max(1, nfevLeft(run)),
    xScale: opts.xScale,
    signal: input.signal,
    onIteration: (s: IterationSummary) => {
      run.history.push({ ...s, phase: index });
      input.onIteration?.(s, { index, role, backend });
    },
  };
}

/** A float64 evaluator of the rows: over the chunks when streamed, else on the rows' worker pool
 *  when the caller gave one (all cores), else in this thread. */
export function cpuPass(run: FitRun, linearization: Linearization): Evaluator {
  return inSolverSpace(run, rowPass(run, linearization));
}

/** The evaluator the solver sees: in z = M x under constraints (the loop's bounds are z's). */
export function inSolverSpace(run: FitRun, evaluator: Evaluator): Evaluator {
  return run.space ? constrainedEvaluator(evaluator, run.space.map) : evaluator;
}

function rowPass(run: FitRun, linearization: Linearization): Evaluator {
  const { streamed, input, bound } = run;
  return streamed
    ? (streamed.wrap ?? ((e: Evaluator) => e))(streamEvaluator(bound, streamed.source, linearization, { sumRows: streamed.sumRows, passes: streamed.passes }))
    : (input.rowPasses?.evaluator(bound, linearization) ?? cpuEvaluator(bound, linearization, { onChunk: input.onChunk }));
}

/** One TRF run from `x`, recorded as a phase (`checkpointed`: the main phase, which saves and resumes checkpoints). */
export async function runPhase(run: FitRun, role: 'fit' | 'polish', backend: Backend, linearization: 'dense' | 'normal', evaluator: Evaluator, x: Float64Array, checkpointed = false): Promise<TrfResult> {
  const t0 = now();
  const { input } = run;
  const checkpoint = checkpointed ? { resume: input.checkpoint?.resume ?? null, onState: input.checkpoint?.onState } : {};
  // A float64 normal-equation phase stops at a step too small for its cost to resolve (trf.ts,
  // UNRESOLVED_ULPS): each evaluation is a pass over every row, and past that point the passes
  // were rejected on rounding until xtol. The QR path keeps scipy's loop, which its Gauss–Newton
  // refinement below the rounding level then continues; f32 sums on a GPU are polished anyway.
  const stopUnresolvedSteps = linearization === 'normal' && backend === 'cpu';
  const r = await trf(evaluator, x, { ...solverOptions(run, run.phases.length, role, backend), stopUnresolvedSteps, ...checkpoint }).catch((error: unknown) => {
    throw explainStart(error, run, x);
  });
  run.phases.push({ role, backend, linearization, nfev: r.nfev, njev: r.njev, nit: r.nit, status: r.status, message: r.message, ms: now() - t0 });
  return r;
}

/**
 * A start the solver refused because the residuals or the Jacobian are not finite there, explained
 * row by row (first offending row, its values, the cause, what to do); other errors pass through.
 */
export function explainStart(error: unknown, run: FitRun, x: Float64Array): unknown {
  if (!(error instanceof SolverInputError) || !error.code.startsWith('nonfinite')) return error;
  const { input, bound, sigma } = run;
  const params = Float64Array.from(bound.base);
  const free = run.space ? apply(run.space.map.W, x) : x;
  bound.free.forEach((idx, j) => (params[idx] = free[j]));
  // Streamed rows are not in memory to be searched row by row: only the parameter is named.
  const explained = input.streamed ? null : diagnoseNonFinite({ model: input.model, bound, sigma, params, lines: input.data.lines });
  if (explained) return explained;
  // Every row is finite in float64 (the primary evaluator's arithmetic differs): name the parameter.
  const j = error.parameter;
  if (j === undefined || j < 0) return error;
  const name = input.model.params[bound.free[j]];
  return new FitInputError(error.code, error.message.replaceAll(`parameter ${j}`, `"${name}"`));
}

/** A polish or finish that could not start because the float64 pass found a non-finite J where
 *  the main phase did not: the main result is kept, with a warning (null); other errors rethrow. */
export function polishFailed(run: FitRun): (error: unknown) => null {
  return (error) => {
    if (!(error instanceof FitInputError) || !error.code.startsWith('nonfinite')) throw error;
    run.warnings.push(`The float64 polish could not start: ${error.message}`);
    return null;
  };
}

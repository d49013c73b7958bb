/**
 * curve_fit for a compiled model, as a script of named phases over one run (fitRun.ts: the input
 * resolved once, and the log the phases write):
 *
 * 1. prepare: options, parameter table, rows, loss and weights checked and bound to the model;
 * 2. main phase: TRF on the primary evaluator (a GPU) or the CPU; a lost GPU hands over to the CPU;
 * 3. polish in float64: the finish after a GPU phase (gpuFinish.ts), or the QR path after an
 *    ill-conditioned CPU normal-equation phase;
 * 4. Gauss–Newton refinement below the cost's rounding level (linear loss, QR path);
 * 5. a precise linearization for the covariance where the last one was summed in f32 or lost digits;
 * 6. statistics on the CPU: covariance as scipy does it, intervals, χ² and the others (summarize.ts).
 */
import type { CompiledModel } from '../model/index';
import { EvaluatorLostError, type AbortSignalLike, type Evaluator } from '../solver/evaluator';
import { isFiniteLinearModel, scaledConditionNumber } from '../solver/linearModel';
import type { IterationSummary } from '../solver/summary';
import type { TrfState } from '../solver/trfState';
import { afterRefinement, refineGaussNewton } from '../solver/refine';
import { trf, type TrfResult } from '../solver/trf';
import { now } from '../solver/clock';
import type { BoundModel, ChunkProgress } from './cpuEvaluator';
import type { RowPasses } from './parallel/rowParallelEvaluator';
import { streamSumSquaresWY } from './stream/streamStatistics';
import type { StreamedRows } from './stream/streamedRows';
import { chooseLinearization, NORMAL_CONDITION_LIMIT, POLISH_MAX_ROWS, type FitOptions } from './defaults';
import type { ParameterSpec } from './parameters';
import { chunkedStatistics, statisticsValuePasses, summarize } from './summarize';
import { countedEvaluator, finishEvaluator, finishFromGpu, noPasses, totalPasses, type FinishRun, type FinishEvaluator, type FinishResult, type PassCount } from './gpuFinish';
import { cpuPass, explainStart, inSolverSpace, nfevLeft, polishFailed, prepareRun, runPhase, solverOptions, type FitRun } from './fitRun';
import type { Backend, FitData, FitResult } from './types';
import { constraintFacts, resultInParameters, type ConstrainedSpace } from './constraints/constrainedSpace';
import { apply } from '../solver/linearConstraints';

export interface PrimaryPhase {
  readonly backend: Backend;
  readonly linearization: 'dense' | 'normal';
  readonly evaluator: Evaluator;
}

export interface CurveFitInput {
  readonly model: CompiledModel;
  readonly data: FitData;
  readonly parameters: readonly ParameterSpec[];
  readonly options?: FitOptions;
  readonly signal?: AbortSignalLike;
  readonly onIteration?: (summary: IterationSummary, phase: { index: number; role: 'fit' | 'polish'; backend: Backend }) => void;
  readonly onChunk?: (progress: ChunkProgress) => void;
  /** Run the main phase on another evaluator (the GPU); the polish and the statistics stay on the CPU. */
  readonly primary?: (bound: BoundModel) => PrimaryPhase | null;
  /** The float64 passes, and the model values of the statistics, spread over a worker pool
   *  (fit/parallel); without it they run in this thread. The results are the serial passes'
   *  (normal equations and values: to the last bit). */
  readonly rowPasses?: RowPasses;
  /** Checkpoints of the main phase (issue 12): start it from a saved state, and hear its state
   *  after every iteration. The polish and refinement after it are short and always rerun. */
  readonly checkpoint?: { readonly resume?: TrfState | null; readonly onState?: (state: TrfState) => void | Promise<void> };
  /**
   * The rows as chunks (on disk in the CLI), read one chunk at a time by every pass (fit/stream,
   * issue 12); `data` is then not read (give empty columns). The weights are in the chunks
   * (wᵢ = 1/σᵢ, formed as the rows were stored).
   */
  readonly streamed?: StreamedRows;
}

/** After a GPU phase: its f32 linearization, and the float64 passes counted since (the CLI's gpu.float64Passes). */
interface AfterGpu {
  readonly linear: TrfResult['linear'];
  readonly passes: PassCount;
}

/** The float64 finish after a GPU phase: its evaluator (which may hold the final model values) and path. */
interface Finish {
  readonly evaluator: FinishEvaluator;
  readonly path: FinishResult['path'];
  readonly ms: number;
}

export async function curveFit(input: CurveFitInput): Promise<FitResult> {
  const run = prepareRun(input);
  const { main, result: fitted } = await fitMainPhase(run);
  run.warnings.push(...fitted.warnings);
  const illConditioned = main.linearization === 'normal' && scaledConditionNumber(fitted.linear) ** 2 > NORMAL_CONDITION_LIMIT;
  const gpu: AfterGpu | null = main.backend !== 'cpu' ? { linear: fitted.linear, passes: noPasses() } : null;
  const polished = gpu ? await finishAfterGpu(run, fitted, illConditioned, gpu.passes) : { result: await polishOnCpu(run, fitted, illConditioned), finish: null };
  const refined = await refineBelowRounding(run, main, polished.result, gpu);
  const result = await preciseLinearization(run, refined, gpu);
  return statistics(run, result, polished.finish, gpu);
}

/**
 * The phases of curveFit without its statistics: the parameters (every model parameter, fixed
 * ones in place) and the solver's cost ½Σρ where the fit ended. For a caller that needs only the
 * solution, as the start of an errors-in-variables fit (fit/odr): the residual diagnostics, the
 * covariance and the extended-precision χ² of `statistics` were a third of a 10⁵-row ODR fit.
 * The values are curveFit's to the last bit (the same phases); the cost is the loop's sum, not the
 * statistics' extended-precision ½χ², so it may differ from curveFit's in the last digits.
 */
export async function curveFitSolution(input: CurveFitInput): Promise<{ readonly values: Float64Array; readonly cost: number }> {
  const run = prepareRun(input);
  const { main, result: fitted } = await fitMainPhase(run);
  const illConditioned = main.linearization === 'normal' && scaledConditionNumber(fitted.linear) ** 2 > NORMAL_CONDITION_LIMIT;
  const gpu: AfterGpu | null = main.backend !== 'cpu' ? { linear: fitted.linear, passes: noPasses() } : null;
  const polished = gpu ? await finishAfterGpu(run, fitted, illConditioned, gpu.passes) : { result: await polishOnCpu(run, fitted, illConditioned) };
  const result = await refineBelowRounding(run, main, polished.result, gpu);
  const values = Float64Array.from(run.params.base);
  run.params.free.forEach((idx, j) => (values[idx] = result.x[j]));
  return { values, cost: result.cost };
}

/** The main phase: on the caller's primary evaluator (the GPU) if any, else on the CPU with the
 *  linearization `method` picks for the rows. */
async function fitMainPhase(run: FitRun): Promise<{ main: PrimaryPhase; result: TrfResult }> {
  const primary = run.input.primary?.(run.bound) ?? null;
  const linearization = primary?.linearization ?? chooseLinearization(run.opts.method, run.m);
  const main: PrimaryPhase = primary ? { ...primary, evaluator: inSolverSpace(run, primary.evaluator) } : { backend: 'cpu' as const, linearization, evaluator: cpuPass(run, linearization) };
  try {
    return { main, result: await runPhase(run, 'fit', main.backend, main.linearization, main.evaluator, run.x0, true) };
  } catch (error) {
    if (!(error instanceof EvaluatorLostError) || main.backend === 'cpu') throw error;
    return continueOnCpu(run, main, error);
  }
}

/** The GPU went away (device.lost is a state, not a crash): the fit continues on the CPU from the
 *  last accepted iterate, and the lost phase is recorded with what it had done. */
async function continueOnCpu(run: FitRun, lost: PrimaryPhase, error: EvaluatorLostError): Promise<{ main: PrimaryPhase; result: TrfResult }> {
  const accepted = run.history.filter((h) => h.phase === 0);
  const resumeFrom = accepted.length > 0 ? accepted[accepted.length - 1].x : run.x0;
  const note = `${lost.backend.toUpperCase()} ${error.reason} after ${accepted.length} iteration${accepted.length === 1 ? '' : 's'}: ${error.message} The fit continued on the CPU from the last accepted parameters.`;
  run.warnings.push(note);
  const nfevSoFar = accepted.length > 0 ? accepted[accepted.length - 1].nfev : 0;
  run.phases.push({ role: 'fit', backend: lost.backend, linearization: lost.linearization, nfev: nfevSoFar, njev: accepted.length, nit: accepted.length, status: 0, message: note, ms: 0, lost: true });
  const linearization = chooseLinearization(run.opts.method, run.m);
  const main: PrimaryPhase = { backend: 'cpu', linearization, evaluator: cpuPass(run, linearization) };
  return { main, result: await runPhase(run, 'fit', 'cpu', linearization, main.evaluator, resumeFrom) };
}

/**
 * The float64 finish after a GPU phase (f32 sums cannot settle the last digits). It takes the
 * linearization the CPU path itself takes for these rows (QR for few rows: its refinement and
 * covariance are then the CPU path's too; QR also when the GPU's J·D was ill-conditioned and the
 * rows are few enough), in as few passes as it needs (gpuFinish.ts). A finish that ran out of
 * evaluations replaces the GPU result only if it is no worse.
 */
async function finishAfterGpu(run: FitRun, result: TrfResult, illConditioned: boolean, passes: PassCount): Promise<{ result: TrfResult; finish: Finish | null }> {
  if (!(result.status >= 0 && nfevLeft(run) >= 2)) return { result, finish: null };
  const { m, input, streamed } = run;
  const t0 = now();
  const finishWith = illConditioned && m <= POLISH_MAX_ROWS ? 'dense' : chooseLinearization(run.opts.method, m);
  const inner = cpuPass(run, finishWith);
  // The model values are kept from the finish's passes where the statistics hold such an array
  // anyway (a pool's values, or rows few enough): not at the price of m doubles otherwise.
  const keepValues = finishWith === 'normal' && !streamed && inner.linearizeWithValues && (input.rowPasses || !chunkedStatistics(m, false));
  const evaluator = finishEvaluator(inner, finishWith, passes, keepValues ? valuesArray(m, Boolean(input.rowPasses)) : null);
  const index = run.phases.length;
  const solve = (x: Float64Array, { maxNfev, resume, onState, offset }: FinishRun) =>
    trf(evaluator, x, {
      ...solverOptions(run, index, 'polish', 'cpu'),
      maxNfev,
      resume,
      onState,
      stopUnresolvedSteps: finishWith === 'normal',
      onIteration: (h: IterationSummary) => {
        const summary = { ...h, nfev: h.nfev + offset.nfev, njev: h.njev + offset.njev, iteration: h.iteration + offset.nit };
        run.history.push({ ...summary, phase: index });
        input.onIteration?.(summary, { index, role: 'polish', backend: 'cpu' });
      },
    }).catch((error: unknown) => {
      throw explainStart(error, run, x);
    });
  const done = await finishFromGpu(solve, result.x, nfevLeft(run), passes).catch(polishFailed(run));
  if (!done) return { result, finish: null };
  const r = done.result;
  const finish: Finish = { evaluator, path: done.path, ms: now() - t0 };
  run.phases.push({ role: 'polish', backend: 'cpu', linearization: finishWith, nfev: r.nfev, njev: r.njev, nit: r.nit, status: r.status, message: r.message, ms: finish.ms });
  return { result: r.status > 0 || r.cost <= result.cost ? r : result, finish };
}

/**
 * The QR polish of a CPU normal-equation solution whose conditioning cost it digits. A
 * well-conditioned normal-equation solution is already as good as a QR one: the fixed point
 * Jᵀf = 0 does not depend on how the steps were solved, and (JᵀJ)⁻¹ loses only log10 κ² of 16
 * digits. So the polish runs only when κ(J·D)² > NORMAL_CONDITION_LIMIT (and the rows are few
 * enough for the QR's extra work); one that ran out of evaluations replaces the main result only
 * if it improved on it.
 */
async function polishOnCpu(run: FitRun, result: TrfResult, illConditioned: boolean): Promise<TrfResult> {
  if (!(illConditioned && run.m <= POLISH_MAX_ROWS && result.status > 0 && nfevLeft(run) >= 2)) return result;
  const polish = await runPhase(run, 'polish', 'cpu', 'dense', cpuPass(run, 'dense'), result.x).catch(polishFailed(run));
  return polish && (polish.status > 0 || polish.cost < result.cost) ? polish : result;
}

/** A float64 QR pass on the CPU; after a GPU phase every such pass is counted (the CLI's gpu.float64Passes). */
function densePass(run: FitRun, gpu: AfterGpu | null): Evaluator {
  const evaluator = cpuPass(run, 'dense');
  return gpu ? countedEvaluator(evaluator, 'dense', gpu.passes) : evaluator;
}

/** Gauss–Newton refinement below the cost's rounding level (linear loss, converged, QR path:
 *  solver/refine.ts), recorded as a phase when it took a step. */
async function refineBelowRounding(run: FitRun, main: PrimaryPhase, result: TrfResult, gpu: AfterGpu | null): Promise<TrfResult> {
  const { m, streamed, bound } = run;
  if (!(run.loss.name === 'linear' && result.status > 0 && result.linear.kind === 'qr' && m <= POLISH_MAX_ROWS && nfevLeft(run) > 0)) return result;
  const t0 = now();
  const evaluator = main.linearization === 'dense' && main.backend === 'cpu' ? main.evaluator : densePass(run, gpu);
  const refined = await refineGaussNewton({
    evaluator,
    x: result.x,
    cost: result.cost,
    linear: result.linear,
    lb: run.lb,
    ub: run.ub,
    costNoise: costRoundingLevel(result.cost, streamed ? streamSumSquaresWY(streamed.source) : sumSquaresWY(bound.data.y, bound.data.w)),
    maxSteps: Math.min(25, nfevLeft(run)),
  });
  if (refined.steps === 0) return result;
  const after = afterRefinement(result, refined, run.lb, run.ub, run.opts.xtol);
  run.phases.push({
    role: 'refine',
    backend: 'cpu',
    linearization: 'dense',
    nfev: refined.nfev,
    njev: refined.njev,
    nit: refined.steps,
    status: after.status,
    message: `${refined.steps} Gauss–Newton refinement step${refined.steps === 1 ? '' : 's'} below the cost's rounding level.`,
    ms: now() - t0,
  });
  return after;
}

/**
 * The reported covariance needs J to working precision. A float64 JᵀJ keeps 16 − log10 κ(J·D)²
 * digits of it, enough while κ² ≤ NORMAL_CONDITION_LIMIT (8 digits, like the polish rule); an
 * ill-conditioned one (which also skips the polish when the run stopped early) or one summed on
 * the GPU in f32 is replaced by a QR linearization at the final point (one pass, ≈ 2 normal passes).
 */
async function preciseLinearization(run: FitRun, result: TrfResult, gpu: AfterGpu | null): Promise<TrfResult> {
  const fromGpu = gpu !== null && result.linear === gpu.linear;
  const imprecise = result.linear.kind === 'normal' && (fromGpu || scaledConditionNumber(result.linear) ** 2 > NORMAL_CONDITION_LIMIT);
  if (!(imprecise && result.status !== -2 && run.m <= POLISH_MAX_ROWS)) return result;
  const precise = await densePass(run, gpu).linearize(result.x);
  return isFiniteLinearModel(precise) ? { ...result, linear: precise } : result;
}

/**
 * Every reported number, on the CPU (summarize.ts). The model values: the finish's last pass
 * wrote them where it was at the final parameters (no pass), else a pool computes them, else
 * summarize evaluates the model itself. After a GPU phase the result says how many float64
 * passes it took.
 */
async function statistics(run: FitRun, solved: TrfResult, finish: Finish | null, gpu: AfterGpu | null): Promise<FitResult> {
  const { input, streamed, opts, m, space } = run;
  const fused = finish?.evaluator.valuesAt(solved.x) ?? null;
  // Under constraints the solver ran in z = M x: its end point, gradient, J and history back in x.
  const result = space ? resultInParameters(space, solved, run.params.lb, run.params.ub, opts.xtol) : solved;
  const history = space ? run.history.map((h) => ({ ...h, x: apply(space.map.W, h.x) })) : run.history;
  // (A pool's values pass writes into the finish's array: one m-long array at the peak, not two.)
  const values = fused ?? (input.rowPasses && !streamed ? await input.rowPasses.values(run.bound, result.x, finish?.evaluator.values ?? undefined) : undefined);
  if (gpu) gpu.passes.values += fused ? 0 : values ? 1 : statisticsValuePasses(m, false);
  const summary = summarize({
    input,
    values,
    streamed: streamed ?? undefined,
    weighting: opts.weights ?? 'sigma',
    absoluteSigma: opts.absoluteSigma,
    confidenceLevel: opts.confidenceLevel,
    params: run.params,
    bound: run.bound,
    result,
    phases: run.phases,
    history,
    warnings: run.warnings,
    loss: run.loss,
    started: run.started,
  });
  const constrained = space ? withConstraintFacts(summary, space, run.params.names, solved.x) : summary;
  if (!gpu) return constrained;
  const passes = gpu.passes;
  return { ...constrained, gpuFinish: { float64Passes: totalPasses(passes), passes, path: finish?.path ?? null, valuesFused: fused !== null, finishMs: finish?.ms ?? 0 } };
}

/** An m-long array for the model values; shared memory where a worker pool writes it. */
function valuesArray(m: number, shared: boolean): Float64Array {
  return shared && typeof SharedArrayBuffer !== 'undefined' ? new Float64Array(new SharedArrayBuffer(m * Float64Array.BYTES_PER_ELEMENT)) : new Float64Array(m);
}

/**
 * Rounding level of ½Σrᵢ²: each rᵢ = wᵢ(fᵢ − yᵢ) carries an error ≈ ε·wᵢ(|fᵢ| + |yᵢ|), so the cost
 * carries ≈ Σ|rᵢ|·ε·wᵢ(|fᵢ| + |yᵢ|) ≤ ε·‖r‖·2‖w∘y‖ near a fit (Cauchy–Schwarz), with a safety factor.
 */
function costRoundingLevel(cost: number, wy: number): number {
  return 16 * 2.220446049250313e-16 * Math.sqrt(2 * cost) * Math.sqrt(wy);
}

/** Σ(wᵢyᵢ)² (streamSumSquaresWY is the same loop over chunks). */
function sumSquaresWY(y: Float64Array, w: Float64Array | null): number {
  let wy = 0;
  for (let i = 0; i < y.length; i++) wy += (w ? w[i] * y[i] : y[i]) ** 2;
  return wy;
}

/**
 * Each constraint's slack and activity at the fit; an active one also gets a warning, since the
 * standard errors are then those of the unconstrained local fit (J at β̂, as scipy's curve_fit
 * reports pcov at an active bound): they do not shrink for the constraint, and an interval may
 * reach past it (profile and bootstrap intervals respect it).
 */
function withConstraintFacts(summary: FitResult, space: ConstrainedSpace, names: readonly string[], z: Float64Array): FitResult {
  const full = Float64Array.from(summary.parameters, (p) => p.value);
  const constraints = constraintFacts(space, names, full, z);
  const active = constraints.filter((c) => c.active).map((c) => `"${c.text}"`);
  const warnings = active.length === 0 ? summary.warnings : [
    ...summary.warnings,
    `The constraint${active.length === 1 ? '' : 's'} ${active.join(', ')} ${active.length === 1 ? 'is' : 'are'} active: the fit lies on ${active.length === 1 ? 'its' : 'their'} boundary. The standard errors are the unconstrained local ones (as scipy's curve_fit gives at an active bound) and do not account for it; profile or bootstrap intervals do.`,
  ];
  return { ...summary, constraints, warnings };
}

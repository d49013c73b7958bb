/**
 * curve_fit for a compiled model: resolve the parameter table, pick the linearization, run the
 * TRF solver (optionally on another backend first), polish in float64 with the QR path, and
 * compute every reported number on the CPU: covariance as scipy does it, intervals, χ² and the
 * other statistics.
 */
import type { CompiledModel } from '../model/index';
import { EvaluatorLostError, type AbortSignalLike, type Evaluator } from '../solver/evaluator';
import { isFiniteLinearModel, scaledConditionNumber } from '../solver/linearModel';
import { makeLoss, type Loss } from '../solver/loss';
import type { IterationSummary } from '../solver/summary';
import type { TrfState } from '../solver/trfState';
import { afterRefinement, refineGaussNewton } from '../solver/refine';
import { SolverInputError } from '../solver/options';
import { trf, type TrfResult } from '../solver/trf';
import { now } from '../solver/clock';
import { cpuEvaluator, type BoundModel, type ChunkProgress, type Linearization } from './cpuEvaluator';
import type { RowPasses } from './parallel/rowParallelEvaluator';
import { streamEvaluator } from './stream/streamEvaluator';
import { streamSumSquaresWY } from './stream/streamStatistics';
import type { StreamedRows } from './stream/streamedRows';
import { chooseLinearization, DEFAULTS, defaultMaxNfev, NORMAL_CONDITION_LIMIT, POLISH_MAX_ROWS, type FitOptions } from './defaults';
import { FitInputError, resolveParameters, type ParameterSpec } from './parameters';
import { diagnoseNonFinite } from './nonFinite';
import { chunkedStatistics, statisticsValuePasses, summarize } from './summarize';
import { countedEvaluator, finishEvaluator, finishFromGpu, noPasses, totalPasses, type FinishRun, type FinishEvaluator, type FinishResult } from './gpuFinish';
import { weightSigma } from './weights';
import type { Backend, FitData, FitResult, PhaseRecord } from './types';

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

export async function curveFit(input: CurveFitInput): Promise<FitResult> {
  const started = now();
  const { model, data } = input;
  const opts = { ...DEFAULTS, ...input.options };
  const params = resolveParameters(model.params, input.parameters);
  const k = params.free.length;
  const streamed = input.streamed ?? null;
  const m = streamed ? validateStreamed(model, streamed, k) : validateData(model, data, k);
  if (opts.fScale !== undefined && !(opts.fScale > 0)) throw new FitInputError('f-scale', `f_scale must be positive, got ${opts.fScale}.`);
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
  const x0 = Float64Array.from(params.free, (i) => params.base[i]);
  const maxNfev = opts.maxNfev ?? defaultMaxNfev(k);
  // max_nfev caps the fit as a whole: each phase gets what the earlier ones left.
  const nfevLeft = () => maxNfev - phases.reduce((sum, p) => sum + p.nfev, 0);
  const solverOptions = (index: number, role: 'fit' | 'polish', backend: Backend) => ({
    lb: params.lb,
    ub: params.ub,
    ftol: opts.ftol,
    xtol: opts.xtol,
    gtol: opts.gtol,
    maxNfev: Math.max(1, nfevLeft()),
    xScale: opts.xScale,
    signal: input.signal,
    onIteration: (s: IterationSummary) => {
      history.push({ ...s, phase: index });
      input.onIteration?.(s, { index, role, backend });
    },
  });

  const history: FitResult['history'] = [];
  const phases: PhaseRecord[] = [];
  const runPhase = async (role: 'fit' | 'polish', backend: Backend, linearization: 'dense' | 'normal', evaluator: Evaluator, x: Float64Array, checkpointed = false) => {
    const t0 = now();
    const checkpoint = checkpointed ? { resume: input.checkpoint?.resume ?? null, onState: input.checkpoint?.onState } : {};
    // A float64 normal-equation phase stops at a step too small for its cost to resolve (trf.ts,
    // UNRESOLVED_ULPS): each evaluation is a pass over every row, and past that point the passes
    // were rejected on rounding until xtol. The QR path keeps scipy's loop, which its Gauss–Newton
    // refinement below the rounding level then continues; f32 sums on a GPU are polished anyway.
    const stopUnresolvedSteps = linearization === 'normal' && backend === 'cpu';
    const r = await trf(evaluator, x, { ...solverOptions(phases.length, role, backend), stopUnresolvedSteps, ...checkpoint }).catch((error: unknown) => {
      throw explainStart(error, input, bound, x, sigma);
    });
    phases.push({ role, backend, linearization, nfev: r.nfev, njev: r.njev, nit: r.nit, status: r.status, message: r.message, ms: now() - t0 });
    return r;
  };

  if (k === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');

  // Every float64 pass runs on the rows' worker pool when the caller gave one (all cores), else here.
  const cpu = (linearization: Linearization): Evaluator =>
    streamed
      ? (streamed.wrap ?? ((e: Evaluator) => e))(streamEvaluator(bound, streamed.source, linearization, { sumRows: streamed.sumRows, passes: streamed.passes }))
      : (input.rowPasses?.evaluator(bound, linearization) ?? cpuEvaluator(bound, linearization, { onChunk: input.onChunk }));
  const primary = input.primary?.(bound) ?? null;
  const linearization = primary?.linearization ?? chooseLinearization(opts.method, m);
  let main: PrimaryPhase = primary ?? { backend: 'cpu' as const, linearization, evaluator: cpu(linearization) };
  const warnings: string[] = [];
  let result: TrfResult;
  try {
    result = await runPhase('fit', main.backend, main.linearization, main.evaluator, x0, true);
  } catch (error) {
    if (!(error instanceof EvaluatorLostError) || main.backend === 'cpu') throw error;
    // The GPU went away: continue on the CPU from the last accepted iterate.
    const accepted = history.filter((h) => h.phase === 0);
    const resumeFrom = accepted.length > 0 ? accepted[accepted.length - 1].x : x0;
    const note = `${main.backend.toUpperCase()} ${error.reason} after ${accepted.length} iteration${accepted.length === 1 ? '' : 's'}: ${error.message} The fit continued on the CPU from the last accepted parameters.`;
    warnings.push(note);
    const nfevSoFar = accepted.length > 0 ? accepted[accepted.length - 1].nfev : 0;
    phases.push({ role: 'fit', backend: main.backend, linearization: main.linearization, nfev: nfevSoFar, njev: accepted.length, nit: accepted.length, status: 0, message: note, ms: 0, lost: true });
    const cpuLinearization = chooseLinearization(opts.method, m);
    main = { backend: 'cpu', linearization: cpuLinearization, evaluator: cpu(cpuLinearization) };
    result = await runPhase('fit', 'cpu', cpuLinearization, main.evaluator, resumeFrom);
  }
  warnings.push(...result.warnings);

  // Polish in float64 on the CPU after a GPU phase (f32 sums cannot settle the last digits), and
  // after a CPU normal-equation phase whose conditioning cost it digits. A well-conditioned
  // normal-equation solution is already as good as a QR one: the fixed point Jᵀf = 0 does not
  // depend on how the steps were solved, and (JᵀJ)⁻¹ loses only log10 κ² of 16 digits. So the
  // polish uses the fast float64 normal path unless κ(J·D)² > 1e8, when it takes the QR path
  // (if the rows are few enough for its extra work). After a GPU phase the finish takes the
  // linearization the CPU path itself takes for these rows (QR for few rows: its refinement and
  // covariance are then the CPU path's too), in as few passes as it needs (gpuFinish.ts).
  const illConditioned = main.linearization === 'normal' && scaledConditionNumber(result.linear) ** 2 > NORMAL_CONDITION_LIMIT;
  const afterGpu = main.backend !== 'cpu';
  const gpuLinear = result.linear;
  const passes = noPasses();
  let finish: { evaluator: FinishEvaluator; path: FinishResult['path']; ms: number } | null = null;
  const polishFailed = (error: unknown): null => {
    // The float64 pass found a non-finite J where the main phase did not: keep the main result.
    if (!(error instanceof FitInputError) || !error.code.startsWith('nonfinite')) throw error;
    warnings.push(`The float64 polish could not start: ${error.message}`);
    return null;
  };
  if (afterGpu && result.status >= 0 && nfevLeft() >= 2) {
    const t0 = now();
    const finishWith = illConditioned && m <= POLISH_MAX_ROWS ? 'dense' : chooseLinearization(opts.method, m);
    const inner = cpu(finishWith);
    // The model values are kept from the finish's passes where the statistics hold such an array
    // anyway (a pool's values, or rows few enough): not at the price of m doubles otherwise.
    const keepValues = finishWith === 'normal' && !streamed && inner.linearizeWithValues && (input.rowPasses || !chunkedStatistics(m, false));
    const evaluator = finishEvaluator(inner, finishWith, passes, keepValues ? valuesArray(m, Boolean(input.rowPasses)) : null);
    const index = phases.length;
    const solve = (x: Float64Array, { maxNfev, resume, onState, offset }: FinishRun) =>
      trf(evaluator, x, {
        ...solverOptions(index, 'polish', 'cpu'),
        maxNfev,
        resume,
        onState,
        stopUnresolvedSteps: finishWith === 'normal',
        onIteration: (h: IterationSummary) => {
          const summary = { ...h, nfev: h.nfev + offset.nfev, njev: h.njev + offset.njev, iteration: h.iteration + offset.nit };
          history.push({ ...summary, phase: index });
          input.onIteration?.(summary, { index, role: 'polish', backend: 'cpu' });
        },
      }).catch((error: unknown) => {
        throw explainStart(error, input, bound, x, sigma);
      });
    const done = await finishFromGpu(solve, result.x, nfevLeft(), passes).catch(polishFailed);
    if (done) {
      const r = done.result;
      finish = { evaluator, path: done.path, ms: now() - t0 };
      phases.push({ role: 'polish', backend: 'cpu', linearization: finishWith, nfev: r.nfev, njev: r.njev, nit: r.nit, status: r.status, message: r.message, ms: finish.ms });
      // A finish that ran out of evaluations replaces the GPU result only if it is no worse.
      if (r.status > 0 || r.cost <= result.cost) result = r;
    }
  } else if (!afterGpu && illConditioned && m <= POLISH_MAX_ROWS && result.status > 0 && nfevLeft() >= 2) {
    const polish = await runPhase('polish', 'cpu', 'dense', cpu('dense'), result.x).catch(polishFailed);
    // A polish that ran out of evaluations replaces the main result only if it improved on it.
    if (polish && (polish.status > 0 || polish.cost < result.cost)) result = polish;
  }
  // After a GPU phase every later float64 pass is counted (the CLI's gpu.float64Passes).
  const counted = (e: Evaluator, linearization: Linearization): Evaluator => (afterGpu ? countedEvaluator(e, linearization, passes) : e);

  // Gauss–Newton refinement below the cost's rounding level (linear loss, converged, QR path).
  if (loss.name === 'linear' && result.status > 0 && result.linear.kind === 'qr' && m <= POLISH_MAX_ROWS && nfevLeft() > 0) {
    const t0 = now();
    const evaluator = main.linearization === 'dense' && main.backend === 'cpu' ? main.evaluator : counted(cpu('dense'), 'dense');
    const refined = await refineGaussNewton({
      evaluator,
      x: result.x,
      cost: result.cost,
      linear: result.linear,
      lb: params.lb,
      ub: params.ub,
      costNoise: costRoundingLevel(result.cost, streamed ? streamSumSquaresWY(streamed.source) : sumSquaresWY(bound.data.y, w)),
      maxSteps: Math.min(25, nfevLeft()),
    });
    if (refined.steps > 0) {
      result = afterRefinement(result, refined, params.lb, params.ub, opts.xtol);
      phases.push({
        role: 'refine',
        backend: 'cpu',
        linearization: 'dense',
        nfev: refined.nfev,
        njev: refined.njev,
        nit: refined.steps,
        status: result.status,
        message: `${refined.steps} Gauss–Newton refinement step${refined.steps === 1 ? '' : 's'} below the cost's rounding level.`,
        ms: now() - t0,
      });
    }
  }

  // The reported covariance needs J to working precision. A float64 JᵀJ keeps 16 − log10 κ(J·D)²
  // digits of it, enough while κ² ≤ NORMAL_CONDITION_LIMIT (8 digits, like the polish rule); an
  // ill-conditioned one (which also skips the polish when the run stopped early) or one summed on
  // the GPU in f32 is replaced by a QR linearization at the final point (one pass, ≈ 2 normal passes).
  const fromGpu = afterGpu && result.linear === gpuLinear;
  const imprecise = result.linear.kind === 'normal' && (fromGpu || scaledConditionNumber(result.linear) ** 2 > NORMAL_CONDITION_LIMIT);
  if (imprecise && result.status !== -2 && m <= POLISH_MAX_ROWS) {
    const precise = await counted(cpu('dense'), 'dense').linearize(result.x);
    if (isFiniteLinearModel(precise)) result = { ...result, linear: precise };
  }

  // The statistics' model values: the finish's last pass wrote them where it was at the final
  // parameters (no pass), else a pool computes them, else summarize evaluates the model itself.
  const fused = finish?.evaluator.valuesAt(result.x) ?? null;
  // (A pool's values pass writes into the finish's array: one m-long array at the peak, not two.)
  const values = fused ?? (input.rowPasses && !streamed ? await input.rowPasses.values(bound, result.x, finish?.evaluator.values ?? undefined) : undefined);
  if (afterGpu) passes.values += fused ? 0 : values ? 1 : statisticsValuePasses(m, false);
  const summary = summarize({ input, values, streamed: streamed ?? undefined, weighting: opts.weights ?? 'sigma', absoluteSigma: opts.absoluteSigma, confidenceLevel: opts.confidenceLevel, params, bound, result, phases, history, warnings, loss, started });
  if (!afterGpu) return summary;
  return { ...summary, gpuFinish: { float64Passes: totalPasses(passes), passes, path: finish?.path ?? null, valuesFused: fused !== null, finishMs: finish?.ms ?? 0 } };
}

/** An m-long array for the model values; shared memory where a worker pool writes it. */
function valuesArray(m: number, shared: boolean): Float64Array {
  return shared && typeof SharedArrayBuffer !== 'undefined' ? new Float64Array(new SharedArrayBuffer(m * Float64Array.BYTES_PER_ELEMENT)) : new Float64Array(m);
}

/**
 * A start the solver refused because the residuals or the Jacobian are not finite there, explained
 * row by row (first offending row, its values, the cause, what to do); other errors pass through.
 */
function explainStart(error: unknown, input: CurveFitInput, bound: BoundModel, x: Float64Array, sigma: Float64Array | null): unknown {
  if (!(error instanceof SolverInputError) || !error.code.startsWith('nonfinite')) return error;
  const params = Float64Array.from(bound.base);
  bound.free.forEach((idx, j) => (params[idx] = x[j]));
  // Streamed rows are not in memory to be searched row by row: only the parameter is named.
  const explained = input.streamed ? null : diagnoseNonFinite({ model: input.model, bound, sigma, params, lines: input.data.lines });
  if (explained) return explained;
  // Every row is finite in float64 (the primary evaluator's arithmetic differs): name the parameter.
  const j = error.parameter;
  if (j === undefined || j < 0) return error;
  const name = input.model.params[bound.free[j]];
  return new FitInputError(error.code, error.message.replaceAll(`parameter ${j}`, `"${name}"`));
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

/**
 * Automatic start values and a global search for any typed model (issue 11):
 *
 *   1. the parameters the model is affine in are found on the syntax tree (linearity.ts) and
 *      solved exactly for any values of the others (variable projection, projection.ts);
 *   2. the remaining nonlinear parameters get search boxes from the data and the expression
 *      (boxes.ts), and a Sobol set of candidates covers the boxes (sobol.ts); each candidate costs
 *      one kernel pass plus a small QR, in buffers allocated once (candidates.ts; on a worker pool
 *      for very many candidates, poolScoring.ts, with the same result);
 *   3. the best few distinct candidates (distinct: apart by more than `distinct` in some unit-cube
 *      coordinate) are refined by the full TRF fit (curveFit) over all free parameters;
 *   4. the best refined fit is kept; how many refinements reached its cost (within a relative
 *      tolerance) is reported, a hint that the minimum is global, with the next-best minima.
 *
 * Given start values (not fixed) do not narrow the search: they make one extra candidate (the
 * given values, box centres for the missing nonlinear parameters, the linear ones solved), which is
 * always refined besides the best distinct Sobol candidates; so a poor given start is escaped
 * and a good one is kept. Fixed parameters stay fixed everywhere. Deterministic for a seed.
 */
import type { CompiledModel } from '../model/index';
import type { AbortSignalLike } from '../solver/evaluator';
import { curveFit, type CurveFitInput } from '../fit/curveFit';
import type { FitOptions } from '../fit/defaults';
import { FitInputError, type ParameterSpec } from '../fit/parameters';
import type { FitData, FitResult } from '../fit/types';
import { boxCentre, searchBoxes, type SearchBox } from './boxes';
import { scoreRange, type CandidatePlan } from './candidates';
import { linearParameters } from './linearity';
import { noFiniteStartError } from './noFiniteStart';
import { POOL_MIN_CANDIDATES, scoreOnPool, type CandidatePool } from './poolScoring';
import { VariableProjection } from './projection';
import { scoringRows } from './scoringRows';
import { SOBOL_MAX_DIMENSION } from './sobol';

export interface AutoStartOptions {
  /** Sobol candidates (default 256). */
  readonly starts?: number;
  /** Distinct candidates refined by TRF (default 4). */
  readonly refine?: number;
  /** Sobol digital-shift seed (default 0): the same seed gives the same candidates. */
  readonly seed?: number;
  /** Relative cost tolerance for "the same minimum" (default 1e-6). */
  readonly sameTolerance?: number;
  /** Minimum max-norm distance in the unit cube between refined candidates (default 0.1). */
  readonly distinct?: number;
  readonly fit?: FitOptions;
  /** Passed to every refinement's curveFit (the GPU's main phase in the CLI). */
  readonly primary?: CurveFitInput['primary'];
  /** The refinements' float64 passes on a worker pool (curveFit's rowPasses). */
  readonly rowPasses?: CurveFitInput['rowPasses'];
  readonly signal?: AbortSignalLike;
  readonly onProgress?: (p: AutoStartProgress) => void;
  /** Scores the candidates on this worker pool when there are at least `poolMinCandidates`
   *  (default POOL_MIN_CANDIDATES, poolScoring.ts); the result is the same as in this thread. */
  readonly pool?: CandidatePool | null;
  readonly poolMinCandidates?: number;
}

export interface AutoStartProgress {
  readonly phase: 'search' | 'refine';
  readonly done: number;
  readonly total: number;
  readonly bestCost: number;
}

export interface Minimum {
  readonly cost: number;
  readonly values: Record<string, number>;
}

export interface AutoStartResult {
  /** The best refined fit. */
  readonly fit: FitResult;
  /** Candidates with a finite cost. */
  readonly candidates: number;
  /** Candidates evaluated (finite or not). */
  readonly evaluated: number;
  readonly refined: number;
  /** Refined starts that reached the best cost within the relative tolerance (the best included). */
  readonly sameMinimum: number;
  /** The next-best distinct minima, best first (at most 3). */
  readonly others: Minimum[];
  /** Parameters solved exactly and searched (fixed ones are neither). */
  readonly linear: string[];
  readonly searched: string[];
  readonly boxes: SearchBox[];
  /** The start of the best refinement. */
  readonly start: Record<string, number>;
  /** The Sobol seed the candidates came from (repeat a search with it). */
  readonly seed: number;
  /** Workers of the pool that scored the candidates (0: scored in this thread). */
  readonly workers: number;
  /** Rows the candidates were scored on: every row, or above SCORE_MAX_ROWS the means of k
   *  consecutive rows of sorted x, else every k-th row (scoringRows.ts; the refinements fit every
   *  row). */
  readonly scoredRows: number;
}

interface Candidate {
  readonly cost: number;
  readonly u: Float64Array;
  readonly params: Float64Array;
}

export const DEFAULT_STARTS = 256;
const DEFAULT_REFINE = 4;

/** Rows the candidates are scored on (scoringRows.ts): every row up to SCORE_MAX_ROWS, else the
 *  means of k consecutive rows where x is sorted, every k-th row where not; the
 *  refinements always fit every row. Scoring a candidate is a kernel pass and a QR over its rows,
 *  ~100 ns a row for a Gaussian: 256 candidates over 2·10⁶ rows took ~50 s (trial 5). */
export { SCORE_MAX_ROWS, scoringStride } from './scoringRows';

function distinctSet(sorted: Candidate[], count: number, minDistance: number): Candidate[] {
  const out: Candidate[] = [];
  for (const c of sorted) {
    if (out.length === count) break;
    const far = out.every((o) => o.u.some((v, j) => Math.abs(v - c.u[j]) > minDistance));
    if (far) out.push(c);
  }
  return out;
}

export async function autoStart(model: CompiledModel, data: FitData, specs: readonly ParameterSpec[], options: AutoStartOptions = {}): Promise<AutoStartResult> {
  const names = model.params;
  const bySpec = new Map(specs.map((s) => [s.name, s]));
  for (const s of specs) if (!names.includes(s.name)) throw new FitInputError('unknown-parameter', `Unknown parameter "${s.name}": the model's parameters are ${names.join(', ')}.`);
  const n = names.length;
  const lbAll = new Float64Array(n);
  const ubAll = new Float64Array(n);
  const known = new Map<number, number>();
  const userStart = new Map<number, number>();
  const exclude = new Set<number>();
  names.forEach((name, i) => {
    const s = bySpec.get(name);
    lbAll[i] = s?.min ?? -Infinity;
    ubAll[i] = s?.max ?? Infinity;
    const given = s?.value !== undefined && s?.value !== null;
    if (given && !Number.isFinite(s.value)) throw new FitInputError('start', `The value of "${name}" is not a finite number.`);
    if (s?.fixed) {
      if (!given) throw new FitInputError('start', `Fixed parameter "${name}" needs a value.`);
      known.set(i, s.value!);
      exclude.add(i);
    } else if (given) userStart.set(i, s.value!);
  });
  const linear = linearParameters(model.ast, names, exclude);
  const searched = names.map((_, i) => i).filter((i) => !exclude.has(i) && !linear.includes(i));
  const d = searched.length;
  if (d > SOBOL_MAX_DIMENSION) {
    throw new FitInputError('too-many-nonlinear', `The automatic start searches at most ${SOBOL_MAX_DIMENSION} nonlinear parameters; this model has ${d}. Give start values for some of them.`);
  }
  const measureWith = new Map(known);
  for (const i of linear) measureWith.set(i, 1);
  const boxes = searchBoxes({ ast: model.ast, params: names, variables: model.variables, vars: data.vars, searched, known: measureWith, lb: lbAll, ub: ubAll });

  const w = data.sigma ? data.sigma.map((s) => 1 / s) : null;
  const scoring = scoringRows({ vars: data.vars, y: data.y, w });
  const vp = new VariableProjection(
    model.kernels(linear),
    scoring,
    linear,
    Float64Array.from(linear, (i) => lbAll[i]),
    Float64Array.from(linear, (i) => ubAll[i]),
  );

  const starts = Math.max(1, Math.floor(options.starts ?? DEFAULT_STARTS));
  const refineCount = Math.max(1, Math.floor(options.refine ?? DEFAULT_REFINE));
  const total = d === 0 ? 1 : starts;
  const plan: CandidatePlan = { n, searched, boxes, lb: lbAll, ub: ubAll, known: [...known], seed: options.seed ?? 0, keep: refineCount * 8 };
  const progress = (done: number, bestCost: number) => options.onProgress?.({ phase: 'search', done, total, bestCost });
  const onPool = options.pool && total >= (options.poolMinCandidates ?? POOL_MIN_CANDIDATES) ? options.pool : null;
  // The pool's tasks rebuild the projection from plain data; in this thread the one above serves.
  const job = { source: model.source, variables: model.variables, params: names, ...scoring, linear, linearLb: vp.lb, linearUb: vp.ub, plan };
  const scored = onPool ? await scoreOnPool(onPool, job, total, (done) => progress(done, NaN)) : scoreRange(vp, plan, 0, total, { signal: options.signal, onProgress: progress });
  const { finite, evaluated } = scored;
  const pool: Candidate[] = scored.best;
  const params = new Float64Array(n);
  for (const [i, v] of known) params[i] = v;
  // The cause in words: the data (too large, or rows where the model is never finite) or the starts.
  if (pool.length === 0 && userStart.size === 0) throw noFiniteStartError({ model, data, searched, linear, known, boxes, lb: lbAll, ub: ubAll, seed: plan.seed, evaluated });

  const chosen = distinctSet(pool, refineCount, options.distinct ?? 0.1);
  if (userStart.size > 0) {
    // The user's start (missing nonlinear values at box centres, linear ones solved) is refined first.
    searched.forEach((p, j) => (params[p] = userStart.get(p) ?? boxCentre(boxes[j])));
    const cost = vp.solve(params);
    for (const [i, v] of userStart) if (!linear.includes(i) || !Number.isFinite(cost)) params[i] = v;
    chosen.unshift({ cost, u: new Float64Array(d).fill(-1), params: Float64Array.from(params) });
  }
  const fits: { fit: FitResult; start: Float64Array }[] = [];
  for (const c of chosen) {
    if (options.signal?.aborted && fits.length > 0) break;
    const parameters = names.map((name, i) => {
      const s = bySpec.get(name);
      return { name, value: c.params[i], min: s?.min, max: s?.max, fixed: s?.fixed };
    });
    // Input errors (too few rows for the free parameters, ...) are the same for every start: they propagate.
    const fit = await curveFit({ model, data, parameters, options: options.fit, signal: options.signal, primary: options.primary, rowPasses: options.rowPasses });
    if (Number.isFinite(fit.cost)) fits.push({ fit, start: c.params });
    options.onProgress?.({ phase: 'refine', done: fits.length, total: chosen.length, bestCost: Math.min(...fits.map((f) => f.fit.cost)) });
  }
  if (fits.length === 0) throw new FitInputError('no-refined-start', 'None of the automatic starts could be refined; give start values.');
  fits.sort((a, b) => a.fit.cost - b.fit.cost);
  const best = fits[0];
  const tol = options.sameTolerance ?? 1e-6;
  let yScale = 0;
  for (let i = 0; i < data.y.length; i++) yScale += (data.y[i] * (w ? w[i] : 1)) ** 2;
  const same = (a: number, b: number) => Math.abs(a - b) <= tol * Math.max(a, b) + 1e-14 * yScale;
  const sameMinimum = fits.filter((f) => same(f.fit.cost, best.fit.cost)).length;
  const others: Minimum[] = [];
  for (const f of fits) {
    if (same(f.fit.cost, best.fit.cost) || others.some((o) => same(o.cost, f.fit.cost)) || others.length === 3) continue;
    others.push({ cost: f.fit.cost, values: Object.fromEntries(f.fit.parameters.map((p) => [p.name, p.value])) });
  }
  return {
    fit: best.fit,
    candidates: finite,
    evaluated,
    refined: fits.length,
    sameMinimum,
    others,
    linear: linear.map((i) => names[i]),
    searched: searched.map((i) => names[i]),
    boxes,
    start: Object.fromEntries(names.map((name, i) => [name, best.start[i]])),
    seed: options.seed ?? 0,
    workers: onPool?.size ?? 0,
    scoredRows: scoring.y.length,
  };
}

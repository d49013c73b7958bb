/**
 * The automatic start search for ODE models (issue 23), multistart.ts's scheme on integrations:
 *
 *   1. initial-value parameters of observed states start from the observations nearest t0
 *      (initialValues.ts) and are held there while the candidates are scored;
 *   2. the other free parameters get boxes from the time scales and the states' magnitudes
 *      (odeBoxes.ts), covered by a seeded Sobol set (sobol.ts, as multistart.ts); each candidate
 *      is scored by its cost from one cheap integration (no sensitivities, rtol 1e-6, at most
 *      SCORE_MAX_STEPS steps: a failed integration scores +∞, none hangs);
 *   3. the best few distinct candidates, and the user's given starts as one more (refined first),
 *      are refined by the fit itself (odeFit, every parameter free, its own tolerances); when
 *      every state is observed, so are the best two by gradient matching after a fit of the
 *      derivatives the data give (gradientMatching.ts, gradientMatchFit.ts: Varah 1982), which
 *      the flat solutions with a low integrated cost do not mislead;
 *   4. the best refined fit is kept, with how many refinements reached its cost and the next-best
 *      minima, as multistart.ts reports them.
 *
 * Fixed parameters stay fixed everywhere. Deterministic for a seed.
 */
import type { CompiledOde } from '../../model/odeCompile';
import { makeLoss } from '../../solver/loss';
import { DEFAULTS } from '../../fit/defaults';
import { FitInputError, type ParameterSpec } from '../../fit/parameters';
import { odeFit, type OdeFacts, type OdeFitResult } from '../../fit/ode/odeFit';
import { ODE_DEFAULTS, type OdeIntegration } from '../../fit/ode/odeDefaults';
import { odeEvaluator } from '../../fit/ode/odeEvaluator';
import { stackObservations, type OdeFitData } from '../../fit/ode/observations';
import { boxCentre, sampleBox } from '../boxes';
import type { AutoStartOptions, AutoStartResult, Minimum } from '../multistart';
import { Sobol, SOBOL_MAX_DIMENSION } from '../sobol';
import { observedInitialValues } from './initialValues';
import { odeSearchBoxes } from './odeBoxes';
import { gradientMatchFit } from './gradientMatchFit';
import { gradientMatching } from './gradientMatching';
import { odeScales } from './odeScales';

/**
 * The closed-form search's options that mean the same here (starts default ODE_DEFAULT_STARTS,
 * refine default 3), and the integration's settings for the refinements.
 */
export interface OdeAutoStartOptions extends Pick<AutoStartOptions, 'starts' | 'refine' | 'seed' | 'sameTolerance' | 'distinct' | 'fit' | 'signal' | 'onProgress'> {
  readonly integration?: Partial<OdeIntegration>;
}

export interface OdeAutoStartResult extends AutoStartResult {
  /** The best refined fit's integration facts (the JSON's `ode`). */
  readonly ode: OdeFacts;
}

/**
 * Candidates by default, multistart.ts's 256. On fixtures/ode/lotka_volterra the integrated
 * cost alone needed 1024 (from 256 or 512 the best three refined to a minimum 79× scipy's RSS
 * for seeds 0–2); with the gradient-matching candidates 64 reach scipy's minimum.
 */
export const ODE_DEFAULT_STARTS = 256;
const DEFAULT_REFINE = 3;
/** Candidates refined besides those: the best by gradient matching, fitted to it (when every state is observed). */
const MATCH_REFINE = 2;
/** Scoring integrations: loose tolerances, bounded steps (a candidate that needs more is +∞). */
const SCORE_RTOL = 1e-6;
const SCORE_ATOL = 1e-9;
const SCORE_MAX_STEPS = 5000;

interface Candidate {
  readonly cost: number;
  /** The gradient-matching score (gradientMatching.ts; +∞ where it does not apply). */
  readonly match: number;
  readonly u: Float64Array;
  readonly params: Float64Array;
}

export async function odeAutoStart(model: CompiledOde, data: OdeFitData, specs: readonly ParameterSpec[], options: OdeAutoStartOptions = {}): Promise<OdeAutoStartResult> {
  const { spec } = model;
  const names = spec.params;
  const n = names.length;
  const bySpec = new Map(specs.map((s) => [s.name, s]));
  for (const s of specs) if (!names.includes(s.name)) throw new FitInputError('unknown-parameter', `Unknown parameter "${s.name}": the model's parameters are ${names.join(', ')}.`);
  const lb = new Float64Array(n);
  const ub = new Float64Array(n);
  const fixed = new Map<number, number>();
  const given = new Map<number, number>();
  names.forEach((name, i) => {
    const s = bySpec.get(name);
    lb[i] = s?.min ?? -Infinity;
    ub[i] = s?.max ?? Infinity;
    const has = s?.value !== undefined && s?.value !== null;
    if (has && !Number.isFinite(s.value)) throw new FitInputError('start', `The value of "${name}" is not a finite number.`);
    if (s?.fixed) {
      if (!has) throw new FitInputError('start', `Fixed parameter "${name}" needs a value.`);
      fixed.set(i, s.value!);
    } else if (has) given.set(i, s.value!);
  });
  const free = names.map((_, i) => i).filter((i) => !fixed.has(i));
  if (free.length === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');
  const rows = stackObservations(data);
  const scales = odeScales(spec, rows);
  const clamp = (i: number, v: number) => Math.min(ub[i], Math.max(lb[i], v));
  // 1. initial values read from the data (within bounds); they are held while scoring
  const held = new Map<number, number>();
  for (const [i, v] of observedInitialValues(spec, rows)) if (!fixed.has(i) && Number.isFinite(v)) held.set(i, clamp(i, v));
  // 2. the others are searched
  const searched = free.filter((i) => !held.has(i));
  const d = searched.length;
  if (d > SOBOL_MAX_DIMENSION) throw new FitInputError('too-many-nonlinear', `The automatic start searches at most ${SOBOL_MAX_DIMENSION} parameters; this ODE model has ${d} to search. Give start values for some of them.`);
  const boxes = odeSearchBoxes(spec, scales, searched, lb, ub);
  const base = new Float64Array(n);
  for (const [i, v] of fixed) base[i] = v;
  const integration: OdeIntegration = { ...ODE_DEFAULTS, ...options.integration };
  const fitOptions = { ...DEFAULTS, ...options.fit };
  const scorer = odeEvaluator({
    model,
    rows,
    base,
    free,
    loss: makeLoss(fitOptions.loss, fitOptions.fScale),
    integration: { method: integration.method, rtol: SCORE_RTOL, atol: SCORE_ATOL, maxSteps: SCORE_MAX_STEPS, signal: options.signal },
  });
  const score = (p: Float64Array): number => {
    const c = scorer.cost(Float64Array.from(free, (i) => p[i]));
    return Number.isFinite(c) ? c : Infinity;
  };
  const match = gradientMatching(model, rows, scales);
  const starts = d === 0 ? 1 : Math.max(1, Math.floor(options.starts ?? ODE_DEFAULT_STARTS));
  const refineCount = Math.max(1, Math.floor(options.refine ?? DEFAULT_REFINE));
  const seed = options.seed ?? 0;
  const sobol = new Sobol(Math.max(d, 1), seed);
  const u = new Float64Array(Math.max(d, 1));
  const scored: Candidate[] = [];
  let bestCost = Infinity;
  for (let k = 0; k < starts; k++) {
    if (options.signal?.aborted) break;
    sobol.next(u);
    const p = Float64Array.from(base);
    for (const [i, v] of held) p[i] = v;
    searched.forEach((i, j) => (p[i] = clamp(i, sampleBox(boxes[j], u[j]))));
    const cost = score(p);
    if (cost < Infinity) scored.push({ cost, match: match ? match.score(p) : Infinity, u: u.slice(0, d), params: p });
    bestCost = Math.min(bestCost, cost);
    if ((k + 1) % 16 === 0 || k + 1 === starts) options.onProgress?.({ phase: 'search', done: k + 1, total: starts, bestCost });
  }
  const finite = scored.length;
  if (finite === 0 && given.size === 0) {
    const where = searched.map((i, j) => `${names[i]} in ${boxText(boxes[j])}`).join(', ');
    throw new FitInputError('no-finite-start', `The automatic start search integrated ${starts} candidates (${where || 'no searched parameter'}; seed ${seed}) and none gave a finite cost: the integration failed at every one. Give start values with --p0 (or bounds that keep the rates where the model can be integrated).`);
  }
  scored.sort((a, b) => a.cost - b.cost);
  const distinct = options.distinct ?? 0.1;
  const chosen = distinctSet(scored, refineCount, distinct);
  if (match) {
    // The best by gradient matching, fitted to it (Varah's first stage), scored by integrating.
    const byMatch = distinctSet([...scored].sort((a, b) => a.match - b.match), MATCH_REFINE, distinct);
    for (const c of byMatch) {
      if (!(c.match < Infinity)) continue;
      const p = await gradientMatchFit(match, c.params, searched, lb, ub);
      const cost = p ? score(p) : Infinity;
      if (p && cost < Infinity) chosen.push({ cost, match: match.score(p), u: new Float64Array(d).fill(-1), params: p });
    }
  }
  if (given.size > 0) {
    // The user's start (missing values from the data or at box centres) is refined first.
    const p = Float64Array.from(base);
    for (const [i, v] of held) p[i] = v;
    searched.forEach((i, j) => (p[i] = clamp(i, boxCentre(boxes[j]))));
    for (const [i, v] of given) p[i] = v;
    chosen.unshift({ cost: NaN, match: NaN, u: new Float64Array(d).fill(-1), params: p });
  }
  // 3. refinement by the fit itself
  const fits: { fit: OdeFitResult; start: Float64Array }[] = [];
  for (const c of chosen) {
    if (options.signal?.aborted && fits.length > 0) break;
    const parameters = names.map((name, i) => ({ name, value: c.params[i], min: bySpec.get(name)?.min, max: bySpec.get(name)?.max, fixed: fixed.has(i) }));
    try {
      const fit = await odeFit({ model, data, parameters, options: options.fit, integration: options.integration, signal: options.signal });
      if (Number.isFinite(fit.result.cost)) fits.push({ fit, start: c.params });
    } catch (error) {
      // An integration that fails at this start rejects the candidate; other input errors are the same for every start.
      if (!(error instanceof FitInputError && error.code === 'ode-integration')) throw error;
    }
    options.onProgress?.({ phase: 'refine', done: fits.length, total: chosen.length, bestCost: Math.min(...fits.map((f) => f.fit.result.cost)) });
  }
  if (fits.length === 0) throw new FitInputError('no-refined-start', 'None of the automatic starts of the ODE model could be refined (the integration failed from each): give start values with --p0.');
  // 4. the best, and how many reached it
  fits.sort((a, b) => a.fit.result.cost - b.fit.result.cost);
  const best = fits[0];
  const tol = options.sameTolerance ?? 1e-6;
  let yScale = 0;
  for (let i = 0; i < rows.m; i++) yScale += (rows.y[i] * (rows.w ? rows.w[i] : 1)) ** 2;
  const same = (a: number, b: number) => Math.abs(a - b) <= tol * Math.max(a, b) + 1e-14 * yScale;
  const cost = (f: (typeof fits)[number]) => f.fit.result.cost;
  const sameMinimum = fits.filter((f) => same(cost(f), cost(best))).length;
  const others: Minimum[] = [];
  for (const f of fits) {
    if (same(cost(f), cost(best)) || others.some((o) => same(o.cost, cost(f))) || others.length === 3) continue;
    others.push({ cost: cost(f), values: Object.fromEntries(f.fit.result.parameters.map((p) => [p.name, p.value])) });
  }
  return {
    fit: best.fit.result,
    ode: best.fit.ode,
    candidates: finite,
    evaluated: starts,
    refined: fits.length,
    sameMinimum,
    others,
    linear: [],
    searched: searched.map((i) => names[i]),
    boxes,
    start: Object.fromEntries(names.map((name, i) => [name, best.start[i]])),
    seed,
    workers: 0,
    scoredRows: rows.m,
  };
}

function distinctSet(sorted: Candidate[], count: number, minDistance: number): Candidate[] {
  const out: Candidate[] = [];
  for (const c of sorted) {
    if (out.length === count) break;
    if (out.every((o) => o.u.some((v, j) => Math.abs(v - c.u[j]) > minDistance))) out.push(c);
  }
  return out;
}

function boxText(b: ReturnType<typeof odeSearchBoxes>[number]): string {
  return `[${b.kind === 'log' && b.sign === -1 ? -b.hi : b.lo}, ${b.kind === 'log' && b.sign === -1 ? -b.lo : b.hi}]`;
}

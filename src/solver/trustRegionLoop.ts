/**
 * The Trust Region Reflective loop, once: scipy.optimize.least_squares(method='trf',
 * tr_solver='exact') — scipy _lsq/trf.py, trf_bounds and trf_no_bounds in one — over any
 * linear-algebra variant (variant.ts), the way Ceres runs one TrustRegionMinimizer over its
 * LinearSolvers (DENSE_QR, DENSE_NORMAL_CHOLESKY, DENSE_SCHUR).
 *
 * M. A. Branch, T. F. Coleman and Y. Li, "A subspace, interior, and conjugate gradient method for
 * large-scale bound-constrained minimization problems", SIAM J. Sci. Comput. 21(1), 1999; the
 * subproblem by Moré's iteration (more.ts; J. J. Moré, LNM 630, 1977; Moré & Sorensen 1983).
 *
 * The loop is a generator that yields its evaluation requests ('cost' and 'linearize' at a
 * point, and 'iteration' after each outer iteration for progress and checkpoints) and receives
 * the replies, so that one loop serves synchronous batches and asynchronous GPU passes alike
 * (drivers.ts). Given `answer` (the sync driver's evaluation), it calls that in place of
 * yielding an evaluation request: a small fit's evaluations take microseconds, and suspending
 * the generator at each one cost ~10% of a batch. It allocates nothing per iteration without bounds (the small-problem path runs
 * thousands of fits); the bound handling (Coleman–Li scaling, selectStep) allocates as scipy's does.
 *
 * Lengths (Δ, ‖p_h‖, ‖step‖, ‖x‖) are measured with the variant's Euclidean norm (variant.ts).
 *
 * Legend: x = free parameters, g = Jᵀf (gradient of the cost), v/dv = Coleman–Li scaling,
 * scale = x_scale (or 1/‖J columns‖ for 'jac'), d = √v ⊙ scale, diag_h = g ⊙ dv ⊙ scale,
 * g_h = d ⊙ g, p_h = step in the scaled ("hat") variables, step = d ⊙ p_h, Δ = trust-region
 * radius, α = Levenberg–Marquardt parameter, θ = step-back factor.
 */
import { colemanLiScaling, hasBounds, makeStrictlyFeasible } from './bounds';
import { now } from './clock';
import { SolverInputError } from './options';
import type { GramJh } from './quadratic';
import { selectStep } from './steps';
import type { IterationSummary } from './summary';
import { checkTermination, type Status } from './termination';
import { trfStateProblem, type TrfState } from './trfState';
import { updateTrRadius } from './trustRegion';
import type { TrustRegionVariant } from './variant';
import { LoopWorkspace, type EvaluationRequest, type LoopOptions, type LoopOutcome, type LoopRequest } from './loopProtocol';
import { normInf } from './vec';

export { LoopWorkspace, type EvaluationRequest, type IterationRequest, type LoopOptions, type LoopOutcome, type LoopRequest } from './loopProtocol';

/**
 * A cost summed over m rows carries a rounding error of at least a few ulps (ε·cost), and about
 * √m·ε·cost in a long sum (50 ulps seen at 2·10⁴ rows): the costs of two points closer than that
 * differ by noise. A step predicted to reduce the cost by less than UNRESOLVED_ULPS·ε·cost (and by
 * less than ftol·cost) is past what an evaluation can judge: evaluating it was rejected about
 * half the time on rounding, after which the shrunken region's steps were rejected too, until
 * xtol ended the run (3·10⁵ Gaussian rows: 13 evaluations where 6 reach the same point). Such a
 * step is taken without evaluating it, and the run stops (ftol): the gradient and JᵀJ that
 * predict it are accurate where the cost difference is not, and its error, O(‖step‖³), is far
 * below anything the cost could show. cost and the linearization are then those of the previous
 * point, which differs from x by less than the cost's rounding.
 */
export const UNRESOLVED_ULPS = 4;
const EPS = 2.220446049250313e-16;

const NO_BOUNDS = new Float64Array(0);

const failed = (failure: 'nonfinite-x0' | 'nonfinite-jacobian', parameter: number, x: Float64Array, cost: number, nfev: number, njev: number): LoopOutcome => ({
  failure,
  parameter,
  x,
  cost,
  optimality: NaN,
  nfev,
  njev,
  nit: 0,
  status: -1,
  relativeReduction: NaN,
  relativeStep: NaN,
  predicted: false,
});

/**
 * (J_h a)·(J_h b) = (d⊙a)ᵀJᵀJ(d⊙b), for the bound handling's quadratic models (u, w: scratch).
 * Made outside the loop so that the generator captures none of its locals in a closure.
 */
function scaledGram<L>(variant: TrustRegionVariant<L>, d: Float64Array, u: Float64Array, w: Float64Array): GramJh {
  return (a, b) => {
    for (let i = 0; i < d.length; i++) {
      u[i] = d[i] * a[i];
      w[i] = d[i] * b[i];
    }
    return variant.gram(u, w);
  };
}

// The numeric steps run in plain functions: a generator's body pays for every yield point in
// its loops, so it keeps to the control flow.

/**
 * The trust-region step without bounds: step = d ⊙ p_h into p, x + step into xNew; returns the
 * predicted reduction −q(p_h) = −(½‖J_h p_h‖² + g_hᵀp_h), with J_h p_h = J·step.
 */
function interiorStep<L>(
  variant: TrustRegionVariant<L>,
  x: Float64Array,
  pH: Float64Array,
  d: Float64Array,
  gH: Float64Array,
  p: Float64Array,
  xNew: Float64Array,
): number {
  let gHp = 0;
  for (let i = 0; i < d.length; i++) {
    p[i] = pH[i] * d[i];
    gHp += pH[i] * gH[i];
    xNew[i] = x[i] + p[i];
  }
  return -(0.5 * variant.gram(p, p) + gHp);
}

/**
 * The first x: a saved one, x0 moved strictly inside the bounds (as scipy does before it starts;
 * a saved x already is), or x0.
 */
function startingPoint(x: Float64Array, x0: ArrayLike<number>, resume: TrfState | null, bounded: boolean, lb: Float64Array, ub: Float64Array): void {
  const n = x.length;
  if (resume) for (let i = 0; i < n; i++) x[i] = resume.x[i];
  else if (bounded) x.set(makeStrictlyFeasible(Float64Array.from(x0), lb, ub));
  else for (let i = 0; i < n; i++) x[i] = x0[i];
}

/**
 * The starting x_scale: the user's, or scipy's compute_jac_scale (scale_inv = ‖J columns‖, 1
 * where a column is zero; a saved scale_inv on resume).
 */
function startingScale(xScale: LoopOptions['xScale'], columnNorms: Float64Array, resume: TrfState | null, scaleInv: Float64Array, scale: Float64Array): void {
  for (let j = 0; j < scale.length; j++) {
    if (xScale !== 'jac') {
      scale[j] = (xScale as Float64Array)[j];
      scaleInv[j] = 1 / scale[j];
      continue;
    }
    const c = columnNorms[j];
    scaleInv[j] = resume?.scaleInv ? resume.scaleInv[j] : c === 0 ? 1 : c;
    scale[j] = 1 / scaleInv[j];
  }
}

/** The scaled x whose norm is the first radius Δ (into u), Coleman–Li scaled where bounded. */
function scaledStart(x: Float64Array, scaleInv: Float64Array, bounds: { v: Float64Array; dv: Float64Array } | null, u: Float64Array): void {
  if (bounds) {
    const { v, dv } = bounds;
    for (let i = 0; i < x.length; i++) u[i] = (x[i] * scaleInv[i]) / Math.sqrt(dv[i] !== 0 ? v[i] * scaleInv[i] : v[i]);
  } else {
    for (let i = 0; i < x.length; i++) u[i] = x[i] * scaleInv[i];
  }
}

/**
 * The hat problem of one iteration: d = √v ⊙ scale and g_h = d ⊙ g, with diag_h = g ⊙ dv ⊙ scale
 * into diagH under bounds (cl: the Coleman–Li scaling), d = scale without.
 */
function hatProblem(g: Float64Array, scale: Float64Array, scaleInv: Float64Array, cl: { v: Float64Array; dv: Float64Array } | null, diagH: Float64Array | null, d: Float64Array, gH: Float64Array): void {
  const n = g.length;
  if (cl && diagH) {
    for (let i = 0; i < n; i++) {
      const vi = cl.dv[i] !== 0 ? cl.v[i] * scaleInv[i] : cl.v[i];
      d[i] = Math.sqrt(vi) * scale[i];
      diagH[i] = g[i] * cl.dv[i] * scale[i];
      gH[i] = d[i] * g[i];
    }
  } else {
    for (let i = 0; i < n; i++) {
      d[i] = scale[i];
      gH[i] = d[i] * g[i];
    }
  }
}

/** p = p_h ⊙ d (the unscaled step). */
function unscaledStep(pH: Float64Array, d: Float64Array, p: Float64Array): void {
  for (let i = 0; i < d.length; i++) p[i] = pH[i] * d[i];
}

/** scipy's compute_jac_scale after an accepted step: scale_inv = max(‖J columns‖, previous). */
function updateJacScale(columnNorms: Float64Array, scaleInv: Float64Array, scale: Float64Array): void {
  for (let j = 0; j < scale.length; j++) {
    scaleInv[j] = Math.max(columnNorms[j], scaleInv[j]);
    scale[j] = 1 / scaleInv[j];
  }
}

export function* trustRegionLoop<L>(
  variant: TrustRegionVariant<L>,
  x0: ArrayLike<number>,
  o: LoopOptions,
  work: LoopWorkspace = new LoopWorkspace(variant.n),
  answer: ((request: EvaluationRequest) => unknown) | null = null,
): Generator<LoopRequest, LoopOutcome, unknown> {
  const n = variant.n;
  const started = o.report ? now() : 0;
  const { ftol, xtol, gtol, maxNfev } = o;
  const lb = o.lb ?? NO_BOUNDS;
  const ub = o.ub ?? NO_BOUNDS;
  const bounded = o.lb !== null && o.ub !== null && hasBounds(lb, ub);
  const resume = o.resume ?? null;
  if (resume) {
    const problem = trfStateProblem(resume, n);
    if (problem) throw new SolverInputError('bad-resume', `Cannot resume the fit: ${problem}.`);
  }
  let x = work.x;
  let xNew = work.xNew;
  // (Every O(n) loop runs in a plain function: a generator is not optimized on stack
  // replacement, so a loop in its body over an ODR fit's 10⁶ entries ran in the interpreter.)
  startingPoint(x, x0, resume, bounded, lb, ub);

  // One request object, reused: nothing is allocated per evaluation.
  const request: { kind: 'cost' | 'linearize'; x: Float64Array } = { kind: 'linearize', x };
  let cost = variant.trial((answer ? answer(request) : yield request) as L);
  let nfev = 1 + (resume?.nfev ?? 0);
  let njev = 1 + (resume?.njev ?? 0);
  if (!Number.isFinite(cost)) return failed('nonfinite-x0', -1, x, cost, nfev, njev);
  // A finite cost with a non-finite J or g (a derivative at a singularity, a residual that
  // overflows under a bounded loss) would make every step NaN until max_nfev: stop here.
  if (!variant.compactTrial()) return failed('nonfinite-jacobian', variant.nonFiniteParameter(), x, cost, nfev, njev);
  variant.accept();

  const { scale, scaleInv, d, gH, u, w } = work;
  const jacScaling = o.xScale === 'jac';
  startingScale(o.xScale, variant.columnNorms, resume, scaleInv, scale);

  scaledStart(x, scaleInv, bounded ? colemanLiScaling(x, variant.g, lb, ub) : null, u);
  let Delta = variant.norm(u);
  if (Delta === 0 || !Number.isFinite(Delta)) Delta = 1;
  if (resume) Delta = resume.Delta;

  let alpha = resume?.alpha ?? 0;
  let status: Status | null = null;
  let iteration = resume?.nit ?? 0;
  let gNorm = 0;
  let relativeReduction = NaN;
  let relativeStep = NaN;
  let predictedStop = false;
  const jh = bounded ? scaledGram(variant, d, u, w) : null;

  for (;;) {
    const g = variant.g;
    // First-order optimality in the Coleman–Li scaled sense.
    const cl = bounded ? colemanLiScaling(x, g, lb, ub) : null;
    gNorm = cl ? normInf(g.map((gi, i) => gi * cl.v[i])) : normInf(g);
    if (gNorm < gtol) status = 1;
    if (status !== null || nfev >= maxNfev) break;
    if (o.signal?.aborted) {
      status = -2;
      break;
    }

    // The scaled ("hat") problem: first x_scale, then Coleman–Li in the scaled variables.
    const diagH = cl ? new Float64Array(n) : null;
    hatProblem(g, scale, scaleInv, cl, diagH, d, gH);
    variant.prepare(d, diagH, gH);
    const theta = Math.max(0.995, 1 - gNorm);

    let actualReduction = -1;
    let costNew = cost;
    let stepNorm = 0;
    let stepKind: IterationSummary['stepKind'] = 'none';
    while (actualReduction <= 0 && nfev < maxNfev) {
      if (o.signal?.aborted) break;
      alpha = variant.subproblem(Delta, alpha, work.pH);
      const pH = work.pH;
      const p = work.p;
      let step: Float64Array;
      let stepH: Float64Array;
      let predictedReduction: number;
      if (cl && diagH) {
        unscaledStep(pH, d, p);
        const sel = selectStep({ x, jh: jh as GramJh, diagH, gH, d, Delta, lb, ub, theta }, p, pH);
        step = sel.step;
        stepH = sel.stepH;
        predictedReduction = sel.predictedReduction;
        stepKind = sel.kind;
        xNew.set(makeStrictlyFeasible(x.map((xi, i) => xi + step[i]), lb, ub, 0));
      } else {
        step = p;
        stepH = pH;
        predictedReduction = interiorStep(variant, x, pH, d, gH, p, xNew);
        stepKind = 'trust-region';
      }
      if (o.stopUnresolvedSteps && predictedReduction >= 0 && predictedReduction < Math.min(ftol, UNRESOLVED_ULPS * EPS) * cost) {
        status = 2;
        predictedStop = true;
        stepNorm = variant.norm(step);
        relativeReduction = predictedReduction / cost;
        relativeStep = stepNorm / (xtol + variant.norm(x));
        break;
      }
      request.x = xNew;
      request.kind = variant.linearizeTrials ? 'linearize' : 'cost';
      const reply = answer ? answer(request) : yield request;
      costNew = variant.linearizeTrials ? variant.trial(reply as L) : (reply as number);
      nfev += 1;
      const stepHNorm = variant.norm(stepH);
      if (!Number.isFinite(costNew)) {
        // Non-finite residuals: shrink the region and try again (scipy does the same).
        Delta = 0.25 * stepHNorm;
        continue;
      }
      actualReduction = cost - costNew;
      if (actualReduction > 0) {
        // A point that would be accepted is linearized now (if the trial was not); a non-finite
        // J or g there (the cost is finite) is treated like a non-finite cost, or the next
        // iteration would be NaN.
        if (!variant.linearizeTrials) {
          request.kind = 'linearize';
          variant.trial((answer ? answer(request) : yield request) as L);
          njev += 1;
        }
        if (!variant.compactTrial()) {
          actualReduction = -1;
          Delta = 0.25 * stepHNorm;
          continue;
        }
      }
      const update = updateTrRadius(Delta, actualReduction, predictedReduction, stepHNorm, stepHNorm > 0.95 * Delta);
      stepNorm = variant.norm(step);
      const term = checkTermination(actualReduction, cost, stepNorm, variant.norm(x), update.ratio, ftol, xtol);
      if (term) {
        status = term.status;
        relativeReduction = term.relativeReduction;
        relativeStep = term.relativeStep;
        break;
      }
      alpha *= Delta / update.Delta;
      Delta = update.Delta;
    }

    if (actualReduction > 0 || predictedStop) {
      const previous = x;
      x = xNew;
      xNew = previous;
    }
    if (actualReduction > 0) {
      cost = costNew;
      variant.accept();
      if (variant.linearizeTrials) njev += 1;
      if (jacScaling) updateJacScale(variant.columnNorms, scaleInv, scale);
    } else if (predictedStop) {
      // The unresolved step, taken unevaluated (UNRESOLVED_ULPS): cost and the linearization stay.
      actualReduction = 0;
    } else {
      stepNorm = 0;
      actualReduction = 0;
      stepKind = 'none';
    }
    iteration += 1;

    if (o.report) {
      const summary: IterationSummary = {
        iteration,
        nfev,
        njev,
        cost,
        optimality: gNorm,
        Delta,
        stepNorm,
        actualReduction,
        stepKind,
        x: Float64Array.from(x),
        elapsedMs: now() - started,
      };
      const state: TrfState | null = o.saveState
        ? { x: Array.from(x), Delta, alpha, scaleInv: jacScaling ? Array.from(scaleInv) : null, nfev, njev, nit: iteration }
        : null;
      if ((yield { kind: 'iteration', summary, state }) === true) status = -2;
    }
    // As scipy: other statuses end the loop at its top, after the gtol test at the new x.
    if (o.signal?.aborted) status = -2;
    if (status === -2) break;
  }

  return {
    failure: null,
    parameter: -1,
    x,
    cost,
    optimality: gNorm,
    nfev,
    njev,
    nit: iteration,
    status: status ?? 0,
    relativeReduction,
    relativeStep,
    predicted: predictedStop,
  };
}

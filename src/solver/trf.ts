/**
 * Trust Region Reflective least squares: scipy.optimize.least_squares(method='trf',
 * tr_solver='exact'), the outer loop only (scipy _lsq/trf.py, trf_bounds and trf_no_bounds in one).
 *
 * M. A. Branch, T. F. Coleman and Y. Li, "A subspace, interior, and conjugate gradient method for
 * large-scale bound-constrained minimization problems", SIAM J. Sci. Comput. 21(1), 1999.
 *
 * Legend: x = free parameters, g = Jᵀf (gradient of the cost), v/dv = Coleman–Li scaling,
 * scale = x_scale (or 1/‖J columns‖ for 'jac'), d = √v ⊙ scale, diag_h = g ⊙ dv ⊙ scale,
 * g_h = d ⊙ g, Δ = trust-region radius, α = Levenberg–Marquardt parameter, θ = step-back factor.
 */
import { colemanLiScaling, findActiveConstraints, hasBounds, makeStrictlyFeasible } from './bounds';
import { now } from './clock';
import type { Evaluator } from './evaluator';
import { isFiniteLinearModel, nonFiniteParameter, type LinearModel } from './linearModel';
import { resolveTrfOptions, SolverInputError, type TrfOptions } from './options';
import { evaluateQuadratic } from './quadratic';
import { selectStep } from './steps';
import type { IterationSummary } from './summary';
import { checkTermination, terminationMessage, type Status } from './termination';
import { solveLsqTrustRegion, updateTrRadius } from './trustRegion';
import { trfStateProblem } from './trfState';
import { norm, normInf } from './vec';

export interface TrfResult {
  readonly x: Float64Array;
  readonly cost: number;
  readonly grad: Float64Array;
  /** First-order optimality at x (‖v ⊙ g‖∞ with bounds). */
  readonly optimality: number;
  readonly activeMask: Int8Array;
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  readonly status: Status;
  readonly success: boolean;
  readonly message: string;
  /** The linearization at x (loss-scaled J), for the covariance. */
  readonly linear: LinearModel;
  readonly history: IterationSummary[];
  readonly warnings: string[];
}

/** scipy's compute_jac_scale: scale_inv = max(‖J columns‖, previous) (1 where zero at start). */
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

function jacScale(linear: LinearModel, previousInv: Float64Array | null): { scale: Float64Array; scaleInv: Float64Array } {
  const scaleInv = Float64Array.from(linear.columnNorms);
  for (let j = 0; j < scaleInv.length; j++) {
    if (previousInv) scaleInv[j] = Math.max(scaleInv[j], previousInv[j]);
    else if (scaleInv[j] === 0) scaleInv[j] = 1;
  }
  return { scale: scaleInv.map((v) => 1 / v), scaleInv };
}

export async function trf(evaluator: Evaluator, x0In: ArrayLike<number>, options: TrfOptions = {}): Promise<TrfResult> {
  const started = now();
  const x0Raw = Float64Array.from(x0In);
  const opts = resolveTrfOptions(options, x0Raw);
  const { lb, ub, ftol, xtol, gtol, maxNfev } = opts;
  const bounded = hasBounds(lb, ub);
  const n = x0Raw.length;
  const m = evaluator.m;
  const resume = options.resume ?? null;
  if (resume) {
    const problem = trfStateProblem(resume, n);
    if (problem) throw new SolverInputError('bad-resume', `Cannot resume the fit: ${problem}.`);
  }
  // scipy moves x0 strictly inside the bounds before it starts (a saved x already is).
  const x0 = resume ? Float64Array.from(resume.x) : bounded ? makeStrictlyFeasible(x0Raw, lb, ub) : x0Raw;

  let x = x0;
  let linear = await evaluator.linearize(x);
  let nfev = 1 + (resume?.nfev ?? 0);
  let njev = 1 + (resume?.njev ?? 0);
  if (!Number.isFinite(linear.cost)) {
    throw new SolverInputError(
      'nonfinite-x0',
      'Residuals are not finite at the initial point; choose other starting values.',
    );
  }
  // A finite cost with a non-finite J or g (a derivative at a singularity, a residual that
  // overflows under a bounded loss) would make every step NaN until max_nfev: stop here.
  if (!isFiniteLinearModel(linear)) {
    const j = nonFiniteParameter(linear);
    throw new SolverInputError(
      'nonfinite-jacobian',
      `The Jacobian or gradient is not finite at the initial point (parameter ${j}) although the cost is: the model is not differentiable there or a residual overflows. Choose another start for parameter ${j}, or exclude the rows where this happens.`,
      j,
    );
  }
  let cost = linear.cost;
  let g = linear.g;

  const jacScaling = opts.xScale === 'jac';
  let { scale, scaleInv } = jacScaling
    ? resume?.scaleInv
      ? { scale: Float64Array.from(resume.scaleInv, (v) => 1 / v), scaleInv: Float64Array.from(resume.scaleInv) }
      : jacScale(linear, null)
    : { scale: opts.xScale as Float64Array, scaleInv: (opts.xScale as Float64Array).map((v) => 1 / v) };

  let Delta: number;
  if (bounded) {
    const { v, dv } = colemanLiScaling(x, g, lb, ub);
    const t = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const vi = dv[i] !== 0 ? v[i] * scaleInv[i] : v[i];
      t[i] = (x0[i] * scaleInv[i]) / Math.sqrt(vi);
    }
    Delta = norm(t);
  } else {
    Delta = norm(x0.map((xi, i) => xi * scaleInv[i]));
  }
  if (Delta === 0 || !Number.isFinite(Delta)) Delta = 1;
  if (resume) Delta = resume.Delta;

  let alpha = resume?.alpha ?? 0;
  let status: Status | null = null;
  let iteration = resume?.nit ?? 0;
  let gNorm = 0;
  let relativeReduction = NaN;
  let relativeStep = NaN;
  let predictedStop = false;
  const history: IterationSummary[] = [];

  for (;;) {
    // First-order optimality in the Coleman–Li scaled sense.
    const cl = bounded ? colemanLiScaling(x, g, lb, ub) : null;
    gNorm = cl ? normInf(g.map((gi, i) => gi * cl.v[i])) : normInf(g);
    if (gNorm < gtol) status = 1;
    if (status !== null || nfev >= maxNfev) break;
    if (opts.signal?.aborted) {
      status = -2;
      break;
    }

    // The scaled ("hat") problem: first x_scale, then Coleman–Li in the scaled variables.
    const d = new Float64Array(n);
    const gH = new Float64Array(n);
    let diagH: Float64Array | null = null;
    if (cl) {
      diagH = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const vi = cl.dv[i] !== 0 ? cl.v[i] * scaleInv[i] : cl.v[i];
        d[i] = Math.sqrt(vi) * scale[i];
        diagH[i] = g[i] * cl.dv[i] * scale[i];
      }
    } else {
      d.set(scale);
    }
    for (let i = 0; i < n; i++) gH[i] = d[i] * g[i];
    const factor = linear.factor(d, diagH);
    const lin = linear;
    const jh = (u: Float64Array, w: Float64Array) => lin.gram(d.map((di, i) => di * u[i]), d.map((di, i) => di * w[i]));
    const theta = Math.max(0.995, 1 - gNorm);

    let actualReduction = -1;
    let xNew = x;
    let costNew = cost;
    let stepNorm = 0;
    let stepKind: IterationSummary['stepKind'] = 'none';
    let linearNew: LinearModel | null = null;
    while (actualReduction <= 0 && nfev < maxNfev) {
      if (opts.signal?.aborted) break;
      const tr = solveLsqTrustRegion(n, m, factor, Delta, alpha);
      alpha = tr.alpha;
      const pH = tr.p;
      let step: Float64Array;
      let stepH: Float64Array;
      let predictedReduction: number;
      if (cl && diagH) {
        const p = pH.map((v, i) => v * d[i]);
        const sel = selectStep({ x, jh, diagH, gH, d, Delta, lb, ub, theta }, p, pH);
        step = sel.step;
        stepH = sel.stepH;
        predictedReduction = sel.predictedReduction;
        stepKind = sel.kind;
        xNew = makeStrictlyFeasible(x.map((xi, i) => xi + step[i]), lb, ub, 0);
      } else {
        stepH = pH;
        step = pH.map((v, i) => v * d[i]);
        predictedReduction = -evaluateQuadratic(jh, gH, stepH, null);
        stepKind = 'trust-region';
        xNew = x.map((xi, i) => xi + step[i]);
      }
      if (options.stopUnresolvedSteps && predictedReduction >= 0 && predictedReduction < Math.min(ftol, UNRESOLVED_ULPS * EPS) * cost) {
        status = 2;
        predictedStop = true;
        stepNorm = norm(step);
        relativeReduction = predictedReduction / cost;
        relativeStep = stepNorm / (xtol + norm(x));
        break;
      }
      costNew = await evaluator.cost(xNew);
      nfev += 1;
      const stepHNorm = norm(stepH);
      if (!Number.isFinite(costNew)) {
        // Non-finite residuals: shrink the region and try again (scipy does the same).
        Delta = 0.25 * stepHNorm;
        continue;
      }
      actualReduction = cost - costNew;
      if (actualReduction > 0) {
        // A point that would be accepted is linearized now; a non-finite J or g there (the cost
        // is finite) is treated like a non-finite cost, or the next iteration would be NaN.
        linearNew = await evaluator.linearize(xNew);
        njev += 1;
        if (!isFiniteLinearModel(linearNew)) {
          actualReduction = -1;
          Delta = 0.25 * stepHNorm;
          continue;
        }
      }
      const update = updateTrRadius(Delta, actualReduction, predictedReduction, stepHNorm, stepHNorm > 0.95 * Delta);
      stepNorm = norm(step);
      const term = checkTermination(actualReduction, cost, stepNorm, norm(x), update.ratio, ftol, xtol);
      if (term) {
        status = term.status;
        relativeReduction = term.relativeReduction;
        relativeStep = term.relativeStep;
        break;
      }
      alpha *= Delta / update.Delta;
      Delta = update.Delta;
    }

    if (actualReduction > 0 && linearNew) {
      x = xNew;
      cost = costNew;
      linear = linearNew;
      g = linear.g;
      if (jacScaling) ({ scale, scaleInv } = jacScale(linear, scaleInv));
    } else if (predictedStop) {
      // The unresolved step, taken unevaluated (UNRESOLVED_ULPS): cost and linear stay.
      x = xNew;
      actualReduction = 0;
    } else {
      stepNorm = 0;
      actualReduction = 0;
      stepKind = 'none';
    }
    iteration += 1;

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
    history.push(summary);
    if (options.onState) await options.onState({ x: Array.from(x), Delta, alpha, scaleInv: jacScaling ? Array.from(scaleInv) : null, nfev, njev, nit: iteration });
    if (opts.onIteration && (await opts.onIteration(summary)) === false) status = -2;
    if (opts.signal?.aborted) status = -2;
    if (status === -2) break;
  }

  const finalStatus: Status = status ?? 0;
  return {
    x,
    cost,
    grad: g,
    optimality: gNorm,
    activeMask: findActiveConstraints(x, lb, ub, xtol),
    nfev,
    njev,
    nit: iteration,
    status: finalStatus,
    success: finalStatus > 0,
    message: terminationMessage({
      status: finalStatus,
      ftol,
      xtol,
      gtol,
      maxNfev,
      gradientNorm: gNorm,
      relativeReduction,
      relativeStep,
      predicted: predictedStop,
    }),
    linear,
    history,
    warnings: opts.warnings,
  };
}

/**
 * Trust Region Reflective least squares for global fits, whose normal matrix is an arrow
 * (arrow.ts): the outer loop of trf.ts (scipy _lsq/trf.py; M. A. Branch, T. F. Coleman and Y. Li,
 * SIAM J. Sci. Comput. 21(1), 1999) on the normal-equation form of the linear model, with the
 * subproblem solved through the Schur complement (arrowTrustRegion.ts) instead of an SVD of the
 * whole Jacobian. The TRF scaling d (x_scale, 'jac') and the Coleman–Li diagonal are diagonal,
 * so the scaled, augmented matrix keeps the arrow and no (s + G·l)² matrix is ever formed.
 *
 * Legend as in trf.ts: x = all free parameters [shared | group 0's locals | …], g = Jᵀf,
 * v/dv = Coleman–Li scaling, d = √v ⊙ scale, diag_h = g ⊙ dv ⊙ scale, g_h = d ⊙ g, Δ = radius,
 * α = Levenberg–Marquardt parameter, θ = step-back factor.
 */
import { ArrowFactor, ArrowMatrix } from './arrow';
import { arrowStepWork, solveArrowTrustRegion } from './arrowTrustRegion';
import { colemanLiScaling, findActiveConstraints, hasBounds, makeStrictlyFeasible } from './bounds';
import type { AbortSignalLike } from './evaluator';
import { resolveTrfOptions, SolverInputError, type TrfOptions } from './options';
import { selectStep } from './steps';
import { checkTermination, terminationMessage, type Status } from './termination';
import { updateTrRadius } from './trustRegion';
import { norm, normInf } from './vec';

/** Residuals of a global fit, linearized into an arrow matrix. */
export interface ArrowEvaluator {
  /** Shared parameters, locals per group, groups. */
  readonly s: number;
  readonly l: number;
  readonly G: number;
  /** Total number of residuals. */
  readonly m: number;
  /** ½Σρ(fᵢ²) over every group; non-finite when any residual is. */
  cost(x: Float64Array): number;
  /** JᵀJ into M (its blocks overwritten) and Jᵀf into g; returns the cost. */
  linearize(x: Float64Array, M: ArrowMatrix, g: Float64Array): number;
}

export interface ArrowTrfResult {
  readonly x: Float64Array;
  readonly cost: number;
  readonly grad: Float64Array;
  /** JᵀJ at x (for the covariance). */
  readonly normal: ArrowMatrix;
  readonly optimality: number;
  readonly activeMask: Int8Array;
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  readonly status: Status;
  readonly success: boolean;
  readonly message: string;
}

export interface ArrowTrfOptions extends Omit<TrfOptions, 'onIteration'> {
  readonly signal?: AbortSignalLike;
  /** Called after every outer iteration (the global fit's progress). */
  readonly onIteration?: (iteration: number, cost: number, nfev: number) => void;
}

export function arrowTrf(evaluator: ArrowEvaluator, x0In: ArrayLike<number>, options: ArrowTrfOptions = {}): ArrowTrfResult {
  const x0Raw = Float64Array.from(x0In);
  const opts = resolveTrfOptions({ ...options, onIteration: undefined }, x0Raw);
  const { lb, ub, ftol, xtol, gtol, maxNfev } = opts;
  const { s, l, G, m } = evaluator;
  const n = s + G * l;
  if (n !== x0Raw.length) throw new SolverInputError('shape', `x0 has ${x0Raw.length} entries, expected ${n}.`);
  const bounded = hasBounds(lb, ub);
  const x0 = bounded ? makeStrictlyFeasible(x0Raw, lb, ub) : x0Raw;

  // Two matrices: the one at x and the one at a trial point being linearized (swapped on accept).
  let M = new ArrowMatrix(s, l, G);
  let g = new Float64Array(n);
  let x = x0;
  let cost = evaluator.linearize(x, M, g);
  let nfev = 1;
  let njev = 1;
  if (!Number.isFinite(cost)) {
    throw new SolverInputError('nonfinite-x0', 'Residuals are not finite at the initial point; choose other starting values.');
  }
  const F = new ArrowFactor(M);
  const work = arrowStepWork(n);
  const diag = new Float64Array(n);
  const tmpU = new Float64Array(n);
  const tmpV = new Float64Array(n);
  const tmpW = new Float64Array(n);

  const jacScaling = opts.xScale === 'jac';
  const scaleInv = new Float64Array(n);
  const updateJacScale = (first: boolean) => {
    M.diagonal(diag);
    for (let j = 0; j < n; j++) {
      const c = Math.sqrt(Math.max(diag[j], 0));
      scaleInv[j] = first ? (c === 0 ? 1 : c) : Math.max(c, scaleInv[j]);
    }
  };
  if (jacScaling) updateJacScale(true);
  else for (let j = 0; j < n; j++) scaleInv[j] = 1 / (opts.xScale as Float64Array)[j];
  const scale = () => scaleInv.map((v) => 1 / v);

  let Delta: number;
  if (bounded) {
    const { v, dv } = colemanLiScaling(x, g, lb, ub);
    const t = new Float64Array(n);
    for (let i = 0; i < n; i++) t[i] = (x0[i] * scaleInv[i]) / Math.sqrt(dv[i] !== 0 ? v[i] * scaleInv[i] : v[i]);
    Delta = norm(t);
  } else Delta = norm(x0.map((xi, i) => xi * scaleInv[i]));
  if (Delta === 0 || !Number.isFinite(Delta)) Delta = 1;

  let alpha = 0;
  let status: Status | null = null;
  let iteration = 0;
  let gNorm = 0;
  let relativeReduction = NaN;
  let relativeStep = NaN;
  let Mtrial = new ArrowMatrix(s, l, G);
  let gTrial = new Float64Array(n);

  for (;;) {
    const cl = bounded ? colemanLiScaling(x, g, lb, ub) : null;
    gNorm = cl ? normInf(g.map((gi, i) => gi * cl.v[i])) : normInf(g);
    if (gNorm < gtol) status = 1;
    if (status !== null || nfev >= maxNfev) break;
    if (opts.signal?.aborted) {
      status = -2;
      break;
    }
    const sc = scale();
    const d = new Float64Array(n);
    let diagH: Float64Array | null = null;
    if (cl) {
      diagH = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        d[i] = Math.sqrt(cl.dv[i] !== 0 ? cl.v[i] * scaleInv[i] : cl.v[i]) * sc[i];
        diagH[i] = g[i] * cl.dv[i] * sc[i];
      }
    } else d.set(sc);
    const gH = d.map((di, i) => di * g[i]);
    // (J_h u)·(J_h w) = (d⊙u)ᵀ JᵀJ (d⊙w).
    const Mx = M;
    const jh = (u: Float64Array, w: Float64Array) => {
      for (let i = 0; i < n; i++) {
        tmpU[i] = d[i] * u[i];
        tmpV[i] = d[i] * w[i];
      }
      return Mx.bilinear(tmpU, tmpV, tmpW);
    };
    const theta = Math.max(0.995, 1 - gNorm);
    const rows = cl ? m + n : m;

    let actualReduction = -1;
    let xNew = x;
    let costNew = cost;
    let stepNorm = 0;
    while (actualReduction <= 0 && nfev < maxNfev) {
      if (opts.signal?.aborted) break;
      const tr = solveArrowTrustRegion(F, d, diagH, gH, Delta, alpha, rows, work);
      alpha = tr.alpha;
      const pH = work.q;
      let step: Float64Array;
      let stepH: Float64Array;
      let predictedReduction: number;
      if (cl && diagH) {
        const p = pH.map((v, i) => v * d[i]);
        const sel = selectStep({ x, jh, diagH, gH, d, Delta, lb, ub, theta }, p, Float64Array.from(pH));
        step = sel.step;
        stepH = sel.stepH;
        predictedReduction = sel.predictedReduction;
        xNew = makeStrictlyFeasible(x.map((xi, i) => xi + step[i]), lb, ub, 0);
      } else {
        stepH = Float64Array.from(pH);
        step = pH.map((v, i) => v * d[i]);
        let gs = 0;
        for (let i = 0; i < n; i++) gs += gH[i] * stepH[i];
        predictedReduction = -(0.5 * jh(stepH, stepH) + gs);
        xNew = x.map((xi, i) => xi + step[i]);
      }
      // The trial point is linearized at once: for a global fit most trials are accepted, and
      // the linearization pass costs little more than the cost pass (cpuEvaluator does the same).
      costNew = evaluator.linearize(xNew, Mtrial, gTrial);
      nfev += 1;
      const stepHNorm = norm(stepH);
      if (!Number.isFinite(costNew)) {
        Delta = 0.25 * stepHNorm;
        continue;
      }
      actualReduction = cost - costNew;
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

    if (actualReduction > 0) {
      x = xNew;
      cost = costNew;
      [M, Mtrial] = [Mtrial, M];
      [g, gTrial] = [gTrial, g];
      F.rebind(M);
      njev += 1;
      if (jacScaling) updateJacScale(false);
    }
    iteration += 1;
    options.onIteration?.(iteration, cost, nfev);
    // Like trf.ts (and scipy), other statuses end the loop at its top, after the gtol test at the new x.
    if (opts.signal?.aborted) status = -2;
    if (status === -2) break;
  }

  const finalStatus: Status = status ?? 0;
  return {
    x,
    cost,
    grad: g,
    normal: M,
    optimality: gNorm,
    activeMask: findActiveConstraints(x, lb, ub, xtol),
    nfev,
    njev,
    nit: iteration,
    status: finalStatus,
    success: finalStatus > 0,
    message: terminationMessage({ status: finalStatus, ftol, xtol, gtol, maxNfev, gradientNorm: gNorm, relativeReduction, relativeStep }),
  };
}

/**
 * The solver's Evaluator for an ODE model (issue 23): residuals fᵢ = wᵢ(g_c(tᵢ) − yᵢ) from one
 * integration over the distinct times, and their Jacobian wᵢ·(∂g/∂X·S + ∂g/∂p) through the forward
 * sensitivities S = ∂X/∂p integrated with the states (src/ode/observe.ts), so the trust-region
 * loop sees derivatives accurate to the integration tolerance, not finite differences. The robust
 * loss is applied as in functionEvaluator.ts (scipy's scale_for_robust_loss_function), and J is
 * linearized by QR (the precise dense path: ODE fits have few residuals).
 *
 * A failed integration (step bound, step-size underflow, non-finite values) gives a non-finite
 * cost: the loop rejects the trial step and shrinks its radius. The last failure is kept so that
 * one that persists (at the start) is reported with its time and state.
 */
import type { CompiledOde } from '../../model/odeCompile';
import { observeSolution } from '../../ode/observe';
import { solveOde } from '../../ode/integrate';
import type { OdeOptions, OdeSolution, OdeStatus } from '../../ode/types';
import type { Evaluator } from '../../solver/evaluator';
import { QrLinearModel, type LinearModel } from '../../solver/linearModel';
import { lossCost, scaleForRobustLoss, type Loss } from '../../solver/loss';
import { QrAccumulator } from '../../solver/qrAccumulator';
import type { StackedRows } from './observations';

/** Counts of the integrations an ODE fit ran (the JSON's `ode` object). */
export interface IntegrationCounts {
  integrations: number;
  /** Integrations that failed (each a rejected trial step, or the reported error). */
  failures: number;
  /** Steps attempted and right-hand-side evaluations (of the augmented system with sensitivities). */
  steps: number;
  fevals: number;
}

export interface OdeEvaluator extends Evaluator {
  readonly counts: IntegrationCounts;
  /** The last failed integration's status (null: none failed). */
  readonly lastFailure: (OdeStatus & { ok: false }) | null;
  /** The model's values at the stacked rows for the full parameters p (no sensitivities). */
  values(p: Float64Array): Float64Array;
  /** Synchronous: the integrators run in this thread. */
  cost(x: Float64Array): number;
  linearize(x: Float64Array): LinearModel;
}

export interface OdeEvaluatorInput {
  readonly model: CompiledOde;
  readonly rows: StackedRows;
  /** The full parameter vector's fixed values; `free` are the indices x fills. */
  readonly base: Float64Array;
  readonly free: readonly number[];
  readonly loss: Loss;
  readonly integration: OdeOptions;
}

/**
 * The stacked rows' residuals of an ODE model at full parameters p, from one integration each
 * call, with the counts and the last failure: the part of the evaluator the joint fits over
 * groups share (odeTerms.ts).
 */
export interface RowsIntegrator {
  readonly counts: IntegrationCounts;
  readonly lastFailure: (OdeStatus & { ok: false }) | null;
  /**
   * f (m) at p, NaN everywhere after a failed integration; with `jac` (m×np), also its rows
   * wᵢ·dg/dp over every model parameter, by the forward sensitivities.
   */
  residuals(p: Float64Array, jac?: Float64Array): Float64Array;
  /** The model's values at the stacked rows (no sensitivities); NaN after a failure. */
  values(p: Float64Array): Float64Array;
}

export function rowsIntegrator(model: CompiledOde, rows: StackedRows, integration: OdeOptions, counts: IntegrationCounts = { integrations: 0, failures: 0, steps: 0, fevals: 0 }): RowsIntegrator {
  const { m, obs, at, y, w, times } = rows;
  const nt = times.length;
  const nObs = model.spec.observations.length;
  const np = model.layout.np;
  let lastFailure: (OdeStatus & { ok: false }) | null = null;
  const integrate = (p: Float64Array, sensitivities: boolean): OdeSolution | null => {
    const sys = model.bind(p);
    const sol = solveOde(sys, model.spec.t0, sys.x0, times, integration, sensitivities ? sys.sens : undefined);
    counts.integrations++;
    counts.steps += sol.stats.steps;
    counts.fevals += sol.stats.fevals;
    if (sol.status.ok) return sol;
    counts.failures++;
    lastFailure = sol.status;
    return null;
  };
  return {
    counts,
    get lastFailure() {
      return lastFailure;
    },
    residuals(p, jac) {
      const sol = integrate(p, Boolean(jac));
      const f = new Float64Array(m);
      if (!sol) return f.fill(NaN);
      const gAll = new Float64Array(nObs * nt);
      const jAll = jac ? new Float64Array(nObs * nt * np) : undefined;
      observeSolution(model, p, sol, gAll, jAll);
      for (let i = 0; i < m; i++) f[i] = (w ? w[i] : 1) * (gAll[obs[i] * nt + at[i]] - y[i]);
      if (jac && jAll) {
        for (let i = 0; i < m; i++) {
          const wi = w ? w[i] : 1;
          const row = (obs[i] * nt + at[i]) * np;
          for (let k = 0; k < np; k++) jac[i * np + k] = wi * jAll[row + k];
        }
      }
      return f;
    },
    values(p) {
      const g = new Float64Array(nObs * nt);
      const sol = integrate(p, false);
      const out = new Float64Array(m);
      if (!sol) return out.fill(NaN);
      observeSolution(model, p, sol, g);
      for (let i = 0; i < m; i++) out[i] = g[obs[i] * nt + at[i]];
      return out;
    },
  };
}

export function odeEvaluator({ model, rows, base, free, loss, integration }: OdeEvaluatorInput): OdeEvaluator {
  const m = rows.m;
  const np = model.layout.np;
  const n = free.length;
  const integrator = rowsIntegrator(model, rows, integration);
  const full = (x: Float64Array): Float64Array => {
    const p = Float64Array.from(base);
    free.forEach((idx, j) => (p[idx] = x[j]));
    return p;
  };
  return {
    m,
    n,
    label: 'cpu-ode-dense',
    counts: integrator.counts,
    get lastFailure() {
      return integrator.lastFailure;
    },
    values: (p) => integrator.values(p),
    cost(x) {
      return lossCost(loss, integrator.residuals(full(x)));
    },
    linearize(x): LinearModel {
      const jAll = new Float64Array(m * np);
      const f = integrator.residuals(full(x), jAll);
      const J = new Float64Array(m * n);
      for (let i = 0; i < m; i++) {
        for (let j = 0; j < n; j++) J[i * n + j] = Number.isFinite(f[i]) ? jAll[i * np + free[j]] : NaN;
      }
      const cost = scaleForRobustLoss(loss, f, J, n);
      const qr = new QrAccumulator(n);
      qr.addRows(J, f, m);
      return new QrLinearModel(n, m, qr.R, qr.qtf, cost);
    },
  };
}

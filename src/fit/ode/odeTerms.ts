/**
 * One group of an ODE model (issue 23) as the joint fits over groups see it (../groupTerms.ts):
 * the group's observations integrated once per call at the full parameters, its Jacobian over the
 * derivative columns `wrt` through the forward sensitivities (odeEvaluator.ts rowsIntegrator), and
 * the robust loss applied to f and J as the closed-form kernels apply it (scipy's
 * scale_for_robust_loss_function; model/interpretedKernels.ts normal), so the global fit's arrow
 * and the mixed fit's PNLS run on ODE groups unchanged. A failed integration gives a non-finite
 * cost (the trust-region loop rejects the step); `lastFailure` keeps it for the group's message.
 */
import type { CompiledOde } from '../../model/odeCompile';
import type { OdeOptions } from '../../ode/types';
import { lossCost, scaleForRobustLoss } from '../../solver/loss';
import type { GroupTerms } from '../groupTerms';
import { rowsIntegrator, type IntegrationCounts, type RowsIntegrator } from './odeEvaluator';
import type { StackedRows } from './observations';

export interface OdeTerms extends GroupTerms {
  readonly integrator: RowsIntegrator;
}

/**
 * @param wrt    model-parameter index of each derivative column
 * @param counts the integrations' counts, shared by every group of a fit
 */
export function odeTerms(model: CompiledOde, rows: StackedRows, wrt: readonly number[], integration: OdeOptions, counts?: IntegrationCounts): OdeTerms {
  const m = rows.m;
  const k = wrt.length;
  const np = model.layout.np;
  const integrator = rowsIntegrator(model, rows, integration, counts);
  /** f and J (m×k) at p; J's rows NaN where f is. */
  const linear = (p: Float64Array, f: Float64Array, J: Float64Array): void => {
    const jAll = new Float64Array(m * np);
    f.set(integrator.residuals(p, jAll));
    for (let i = 0; i < m; i++) for (let j = 0; j < k; j++) J[i * k + j] = Number.isFinite(f[i]) ? jAll[i * np + wrt[j]] : NaN;
  };
  return {
    rows: m,
    k,
    integrator,
    cost: (p, loss) => 2 * lossCost(loss, integrator.residuals(p)),
    residuals: (p, f) => f.set(integrator.residuals(p)),
    residualsJacobian: linear,
    normal(p, loss, acc) {
      const f = new Float64Array(m);
      const J = new Float64Array(m * k);
      linear(p, f, J);
      const cost = scaleForRobustLoss(loss, f, J, k);
      let o = 0;
      for (let a = 0; a < k; a++) {
        for (let c = a; c < k; c++) {
          let t = 0;
          for (let i = 0; i < m; i++) t += J[i * k + a] * J[i * k + c];
          acc[o++] += t;
        }
      }
      for (let a = 0; a < k; a++) {
        let t = 0;
        for (let i = 0; i < m; i++) t += J[i * k + a] * f[i];
        acc[o++] += t;
      }
      acc[o] += 2 * cost;
    },
  };
}

/**
 * An evaluator from plain functions f(x) ∈ ℝᵐ and J(x) ∈ ℝᵐˣⁿ (row-major), for generic least
 * squares problems and tests. Linearizes with the precise QR form or the normal equations.
 */
import type { Evaluator } from './evaluator';
import { NormalLinearModel, QrLinearModel, type LinearModel } from './linearModel';
import { LINEAR_LOSS, lossCost, scaleForRobustLoss, type Loss } from './loss';
import { QrAccumulator } from './qrAccumulator';

export interface ResidualFunctions {
  readonly m: number;
  readonly n: number;
  residuals(x: Float64Array): Float64Array;
  jacobian(x: Float64Array): Float64Array;
}

export type Linearization = 'dense' | 'normal';

/** JᵀJ (full symmetric) and Jᵀf of a row-major m×n J. */
export function normalEquations(J: Float64Array, f: Float64Array, m: number, n: number): { JtJ: Float64Array; g: Float64Array } {
  const JtJ = new Float64Array(n * n);
  const g = new Float64Array(n);
  for (let i = 0; i < m; i++) {
    const row = i * n;
    for (let a = 0; a < n; a++) {
      const ja = J[row + a];
      g[a] += ja * f[i];
      for (let b = a; b < n; b++) JtJ[a * n + b] += ja * J[row + b];
    }
  }
  for (let a = 0; a < n; a++) for (let b = 0; b < a; b++) JtJ[a * n + b] = JtJ[b * n + a];
  return { JtJ, g };
}

export function functionEvaluator(
  fns: ResidualFunctions,
  loss: Loss = LINEAR_LOSS,
  linearization: Linearization = 'dense',
): Evaluator {
  const { m, n } = fns;
  return {
    m,
    n,
    label: `cpu-${linearization}`,
    cost: (x) => lossCost(loss, fns.residuals(x)),
    linearize(x): LinearModel {
      const f = Float64Array.from(fns.residuals(x));
      const J = Float64Array.from(fns.jacobian(x));
      const cost = scaleForRobustLoss(loss, f, J, n);
      if (linearization === 'normal') {
        const { JtJ, g } = normalEquations(J, f, m, n);
        return new NormalLinearModel(n, m, JtJ, g, cost);
      }
      const qr = new QrAccumulator(n);
      qr.addRows(J, f, m);
      return new QrLinearModel(n, m, qr.R, qr.qtf, cost);
    },
  };
}

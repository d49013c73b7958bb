/**
 * One group's residuals as the joint fits over groups see them (the global fit's arrow,
 * global/globalEvaluator.ts, and the mixed fit's PNLS, mixed/pnlsEvaluator.ts): at a full
 * parameter vector, its cost and its cross products JᵀJ, Jᵀf, fᵀf over a fixed list of derivative
 * columns. Each group's residuals depend on the shared block and on its own block only, so the
 * evaluators need nothing else of a model: a closed-form model gives these through its compiled
 * kernels (`kernelTerms`, below), an ODE model by integrating the group's states with forward
 * sensitivities (ode/odeTerms.ts).
 */
import type { JsKernels, ModelData } from '../model/index';
import type { Loss } from '../solver/loss';

export interface GroupTerms {
  /** The group's residuals. */
  readonly rows: number;
  /** Derivative columns (the kernels' wrt order). */
  readonly k: number;
  /** Σρ₀(fᵢ) over the rows at the full parameters p; not halved; non-finite when a residual is. */
  cost(p: Float64Array, loss: Loss): number;
  /** Adds into acc (k(k+1)/2 + k + 1) the packed upper triangle of JᵀJ, then Jᵀf, then Σρ₀ (JsKernels.normal). */
  normal(p: Float64Array, loss: Loss, acc: Float64Array): void;
  /** f[i] = wᵢ(model − yᵢ). */
  residuals(p: Float64Array, f: Float64Array): void;
  /** f as `residuals`, J (rows×k, row-major) its derivatives. */
  residualsJacobian(p: Float64Array, f: Float64Array, J: Float64Array): void;
}

/** A closed-form model's group: the compiled kernels over its rows (the code path the fits always ran). */
export function kernelTerms(kernels: JsKernels, data: ModelData): GroupTerms {
  const m = data.y.length;
  return {
    rows: m,
    k: kernels.k,
    cost: (p, loss) => kernels.cost(p, data, loss, 0, m),
    normal: (p, loss, acc) => kernels.normal(p, data, loss, acc, 0, m),
    residuals: (p, f) => kernels.residuals(p, data, f, 0, m),
    residualsJacobian: (p, f, J) => kernels.residualsJacobian(p, data, f, J, 0, m),
  };
}

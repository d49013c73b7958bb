/**
 * The variable-projection (reduced) least-squares problem in the nonlinear parameters θ alone
 * (Golub & Pereyra 1973, "The differentiation of pseudo-inverses and nonlinear least squares
 * problems whose variables separate", SIAM J. Numer. Anal. 10:413–432):
 *
 *   r(θ) = W(a(θ) + B(θ)·ĉ(θ) − y),   ĉ(θ) = argmin_c ‖W(a(θ) + B(θ)c − y)‖₂,
 *
 * with its Jacobian in Kaufman's form (Kaufman 1975, "A variable projection method for solving
 * separable nonlinear least squares problems", BIT 15:49–57):
 *
 *   J_K = P⊥ · ∂r/∂θ |_{c = ĉ},   P⊥ = I − Φ Φ⁺,  Φ = W·B(θ) (the linear parameters' columns).
 *
 * Kaufman drops the second of Golub & Pereyra's two terms of the exact derivative, which vanishes
 * at a zero-residual solution; the Gauss–Newton iteration keeps its fast local convergence and
 * each Jacobian costs one kernel pass plus small least-squares solves. Legend: θ the nonlinear
 * parameters, c the linear ones, a the part of the model free of c, B the coefficients of c, W
 * the weights 1/σ, y the data.
 *
 * ĉ comes from VariableProjection (projection.ts, here without bounds: bounded linear parameters
 * are treated as nonlinear by the caller); ∂r/∂θ and Φ from one pass of the compiled kernel over
 * [θ, c] at (θ, ĉ). The last evaluation is cached, since the solver asks for r and then J at the
 * same θ.
 */
import type { CompiledModel, ModelData } from '../model/index';
import type { ResidualFunctions } from '../solver/functionEvaluator';
import { linearLeastSquares } from '../library/guess/leastSquares';
import { VariableProjection } from './projection';

export interface ReducedProblem extends ResidualFunctions {
  /** The full parameter vector at θ: fixed values, θ, and ĉ(θ) (NaN where ĉ cannot be found). */
  full(theta: Float64Array): Float64Array;
}

/**
 * @param base      the full parameter vector with the fixed values set (the rest is overwritten)
 * @param nonlinear indices of θ in the full vector
 * @param linear    indices of c in the full vector (unbounded)
 */
export function reducedProblem(model: CompiledModel, data: ModelData, base: Float64Array, nonlinear: readonly number[], linear: readonly number[]): ReducedProblem {
  const m = data.y.length;
  const p = nonlinear.length;
  const q = linear.length;
  const k = p + q;
  const vp = new VariableProjection(model.kernels(linear), data, linear, new Float64Array(q).fill(-Infinity), new Float64Array(q).fill(Infinity));
  const kernels = model.kernels([...nonlinear, ...linear]);
  const params = Float64Array.from(base);
  const f = new Float64Array(m);
  const J = new Float64Array(m * k);
  let cachedAt: Float64Array | null = null;
  let finite = false;

  /** ĉ(θ), then r and [∂r/∂θ, Φ] at (θ, ĉ); false where the model or ĉ is not finite. */
  const evaluate = (theta: Float64Array): boolean => {
    if (cachedAt && cachedAt.every((v, j) => Object.is(v, theta[j]))) return finite;
    cachedAt = Float64Array.from(theta);
    nonlinear.forEach((i, j) => (params[i] = theta[j]));
    finite = Number.isFinite(vp.solve(params));
    if (finite) {
      kernels.residualsJacobian(params, data, f, J, 0, m);
      finite = f.every(Number.isFinite) && J.every(Number.isFinite);
    }
    return finite;
  };

  return {
    m,
    n: p,
    full(theta) {
      const out = Float64Array.from(base);
      nonlinear.forEach((i, j) => (out[i] = theta[j]));
      if (!evaluate(theta)) for (const i of linear) out[i] = NaN;
      else for (const i of linear) out[i] = params[i];
      return out;
    },
    residuals(theta) {
      return evaluate(theta) ? Float64Array.from(f) : new Float64Array(m).fill(NaN);
    },
    jacobian(theta) {
      const JK = new Float64Array(m * p);
      if (!evaluate(theta)) return JK.fill(NaN);
      const phi = linear.map((_, j) => Float64Array.from({ length: m }, (_, i) => J[i * k + p + j]));
      for (let a = 0; a < p; a++) {
        const col = Float64Array.from({ length: m }, (_, i) => J[i * k + a]);
        // P⊥·col = col − Φ·Φ⁺col: the part of ∂r/∂θₐ that the linear parameters cannot absorb.
        const fit = q > 0 ? linearLeastSquares(phi, col) : null;
        for (let i = 0; i < m; i++) {
          let v = col[i];
          if (fit) for (let j = 0; j < q; j++) v -= fit.coef[j] * phi[j][i];
          JK[i * p + a] = v;
        }
      }
      return JK;
    },
  };
}

/**
 * From an integrated ODE model to what a least-squares fit consumes: each observation's value at
 * each time, and its exact Jacobian by the chain rule through the forward sensitivities,
 *
 *   dg_c/dp_k (t) = Σ_j ∂g_c/∂X_j · S_jk(t) + ∂g_c/∂p_k,     S = ∂X/∂p (with S(t0) = ∂X0/∂p),
 *
 * so the Jacobian is as accurate as the integration (Hairer, Nørsett & Wanner, Solving ODEs I,
 * I.14; the forward approach of Leis & Kramer, ACM TOMS 14, 1988). Layout: values[c·nt + r] for
 * observation c at times[r]; jac[(c·nt + r)·np + k].
 */
import type { CompiledOde } from '../model/odeCompile';
import type { OdeSolution } from './types';

export function observeSolution(
  model: CompiledOde,
  p: Float64Array,
  sol: OdeSolution,
  values: Float64Array,
  jac?: Float64Array,
): void {
  const { n, np } = model.layout;
  const nObs = model.spec.observations.length;
  const nt = sol.times.length;
  if (jac && (!sol.s || sol.m < np)) throw new RangeError('observeSolution: the Jacobian needs the solution\'s sensitivities to the parameters (solveOde with sys.sens)');
  const x = new Float64Array(n);
  const g = new Float64Array(nObs);
  const gX = new Float64Array(nObs * n);
  const gP = new Float64Array(nObs * np);
  const m = sol.m;
  for (let r = 0; r < nt; r++) {
    for (let j = 0; j < n; j++) x[j] = sol.x[r * n + j];
    model.observe(sol.times[r], x, p, g, jac ? gX : undefined, jac ? gP : undefined);
    for (let c = 0; c < nObs; c++) {
      values[c * nt + r] = g[c];
      if (!jac) continue;
      const row = (c * nt + r) * np;
      for (let k = 0; k < np; k++) {
        let s = gP[c * np + k];
        for (let j = 0; j < n; j++) s += gX[c * n + j] * sol.s![(r * n + j) * m + k];
        jac[row + k] = s;
      }
    }
  }
}

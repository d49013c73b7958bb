/**
 * The gradient-matching least-squares problem (gradientMatching.ts) solved for the searched
 * parameters from one candidate: Varah's (1982) first stage, where the rates of a fully observed
 * system are fitted to the data's derivative estimates without integrating (for mass-action
 * kinetics and Lotka–Volterra the rates enter f linearly, so one or two Gauss–Newton steps land
 * near the integrated fit's minimum). Solved by the project's TRF with a forward-difference
 * Jacobian (the residuals are a few dozen and each costs one right-hand side per time), within
 * the parameters' bounds. The result is only a candidate: the search scores it by integrating and
 * refines it by the real fit.
 */
import type { Evaluator } from '../../solver/evaluator';
import { QrLinearModel, type LinearModel } from '../../solver/linearModel';
import { QrAccumulator } from '../../solver/qrAccumulator';
import { trf } from '../../solver/trf';
import type { GradientMatch } from './gradientMatching';

/** The full parameter vector with `searched` fitted to the gradient match, starting from p0. */
export async function gradientMatchFit(match: GradientMatch, p0: Float64Array, searched: readonly number[], lb: ArrayLike<number>, ub: ArrayLike<number>): Promise<Float64Array | null> {
  const n = searched.length;
  const m = match.m;
  if (n === 0 || m < n) return null;
  const full = (x: Float64Array) => {
    const p = Float64Array.from(p0);
    searched.forEach((i, j) => (p[i] = x[j]));
    return p;
  };
  const r = new Float64Array(m);
  const cost = (x: Float64Array) => {
    match.residuals(full(x), r);
    let s = 0;
    for (let i = 0; i < m; i++) s += r[i] * r[i];
    return 0.5 * s;
  };
  const evaluator: Evaluator = {
    m,
    n,
    label: 'cpu-gradient-match',
    cost,
    linearize(x): LinearModel {
      const f = new Float64Array(m);
      match.residuals(full(x), f);
      const J = new Float64Array(m * n);
      const shifted = new Float64Array(m);
      for (let j = 0; j < n; j++) {
        const h = 1.5e-8 * Math.max(Math.abs(x[j]), 1e-8);
        const xh = Float64Array.from(x);
        xh[j] += h;
        match.residuals(full(xh), shifted);
        for (let i = 0; i < m; i++) J[i * n + j] = (shifted[i] - f[i]) / h;
      }
      let c = 0;
      for (let i = 0; i < m; i++) c += f[i] * f[i];
      const qr = new QrAccumulator(n);
      qr.addRows(J, f, m);
      return new QrLinearModel(n, m, qr.R, qr.qtf, 0.5 * c);
    },
  };
  const x0 = Float64Array.from(searched, (i) => p0[i]);
  if (!Number.isFinite(cost(x0))) return null;
  try {
    const result = await trf(evaluator, x0, { lb: Float64Array.from(searched, (i) => lb[i]), ub: Float64Array.from(searched, (i) => ub[i]), maxNfev: 50 * (n + 1) });
    return result.x.every(Number.isFinite) ? full(result.x) : null;
  } catch {
    return null; // a gradient match that cannot be solved leaves the search as it was
  }
}

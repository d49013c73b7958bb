/**
 * A second score for the ODE start search's candidates, without integrating: gradient matching
 * (Varah 1982, "A spline least squares method for numerical parameter estimation in differential
 * equations", SIAM J. Sci. Stat. Comput. 3; the two-stage idea of Ramsay et al. 2007): when every
 * state is observed as c·X, the data give X at the common times and dX/dt by three-point
 * differences on the uneven grid, and a candidate's score is Σ ((dX/dt − f(t, X, p))/S_X)² over
 * the interior times (S_X: the state's magnitude). It is blind to the initial values but not
 * misled by the flat, non-oscillating solutions whose integrated cost is low (Lotka–Volterra from
 * far rates), so the search refines the best candidates of both scores.
 */
import type { CompiledOde } from '../../model/odeCompile';
import type { StackedRows } from '../../fit/ode/observations';
import { observedStates, type OdeScales } from './odeScales';

/** The residuals (dX/dt − f)/S_X of a full parameter vector, and their sum of squares. */
export interface GradientMatch {
  readonly m: number;
  residuals(p: Float64Array, out: Float64Array): void;
  score(p: Float64Array): number;
}

/** The gradient match of the data, or null when some state is not observed as c·X (or < 3 common times). */
export function gradientMatching(model: CompiledOde, rows: StackedRows, scales: OdeScales): GradientMatch | null {
  const { spec } = model;
  const nx = spec.states.length;
  const seen = observedStates(spec);
  if (spec.states.some((s) => !seen.has(s.name))) return null;
  // Means of each state at each distinct time where it is observed.
  const nt = rows.times.length;
  const sum = new Float64Array(nx * nt);
  const count = new Int32Array(nx * nt);
  spec.states.forEach((s, i) => {
    const o = seen.get(s.name)!;
    for (let r = rows.start[o.observation]; r < rows.start[o.observation + 1]; r++) {
      if (!Number.isFinite(rows.y[r])) continue;
      sum[i * nt + rows.at[r]] += rows.y[r] / o.factor;
      count[i * nt + rows.at[r]]++;
    }
  });
  const common: number[] = [];
  for (let k = 0; k < nt; k++) if (spec.states.every((_, i) => count[i * nt + k] > 0)) common.push(k);
  if (common.length < 3) return null;
  const X = common.map((k) => Float64Array.from(spec.states, (_, i) => sum[i * nt + k] / count[i * nt + k]));
  const T = common.map((k) => rows.times[k]);
  // Three-point derivative on an uneven grid (exact for quadratics) at the interior times.
  const dX: Float64Array[] = [];
  for (let j = 1; j + 1 < common.length; j++) {
    const h1 = T[j] - T[j - 1];
    const h2 = T[j + 1] - T[j];
    dX.push(Float64Array.from(X[j], (_, i) => (-h2 / (h1 * (h1 + h2))) * X[j - 1][i] + ((h2 - h1) / (h1 * h2)) * X[j][i] + (h1 / (h2 * (h1 + h2))) * X[j + 1][i]));
  }
  const f = new Float64Array(nx);
  const m = dX.length * nx;
  const residuals = (p: Float64Array, out: Float64Array): void => {
    const sys = model.bind(p);
    for (let j = 0; j < dX.length; j++) {
      sys.f(T[j + 1], X[j + 1], f);
      for (let i = 0; i < nx; i++) out[j * nx + i] = (dX[j][i] - f[i]) / scales.state[i];
    }
  };
  const r = new Float64Array(m);
  return {
    m,
    residuals,
    score(p) {
      residuals(p, r);
      let s = 0;
      for (let i = 0; i < m; i++) s += r[i] * r[i];
      return Number.isFinite(s) ? s : Infinity;
    },
  };
}

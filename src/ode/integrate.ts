/**
 * solveOde: X' = f(t, X), X(t0) = x0, observed at arbitrary times (unsorted, repeated, before or
 * after t0), with optional forward sensitivities. The times are sorted once; the integration runs
 * forward from t0 over the later ones and backward from t0 over the earlier ones, and each time is
 * read off the dense output of the step that covers it (Hairer, Nørsett & Wanner, Solving ODEs I,
 * II.6), so observations never shorten a step.
 *
 * Methods: 'dopri5' (explicit, non-stiff), 'rodas4' (L-stable Rosenbrock, needs the exact
 * ∂f/∂X) and 'auto', which starts explicit and switches to Rodas4 when the steps turn
 * stability-bound, and back when they no longer are (the two-way switch of LSODA, Petzold 1983;
 * the tests and thresholds are in march.ts, the step loop).
 *
 * Failures are statuses: a step bound, a step size below 16 ulp of t, non-finite values (a
 * rejected step, h/4, until the step underflows) and a singular iteration matrix are each
 * reported with the time and the component, and the abort signal / shouldStop() is checked
 * between steps. Nothing here throws on a model's behaviour.
 */
import { augment } from './augment';
import { Dopri5 } from './dopri5';
import { march, type Failure, type Machine } from './march';
import type { Tolerances } from './norm';
import { Rodas4 } from './rodas4';
import { newStats } from './stepper';
import type { OdeOptions, OdeSolution, OdeStatus, OdeSystem, SensitivitySpec } from './types';

function tolerances(n: number, N: number, opts: OdeOptions): Tolerances {
  const rtol = opts.rtol ?? 1e-6;
  const a = opts.atol ?? 1e-9;
  const atol = new Float64Array(N);
  let minA = Infinity;
  for (let i = 0; i < n; i++) {
    atol[i] = typeof a === 'number' ? a : a[i];
    minA = Math.min(minA, atol[i]);
  }
  const sa = opts.sensAtol ?? minA;
  for (let i = n; i < N; i++) atol[i] = sa;
  return { rtol, atol };
}

function invalid(message: string, n: number, times: ArrayLike<number>): OdeSolution {
  const nt = times.length;
  return {
    status: { ok: false, code: 'invalid-input', t: NaN, index: -1, message },
    times: Float64Array.from(times),
    x: new Float64Array(nt * n).fill(NaN),
    m: 0,
    stats: newStats(),
  };
}

/** Integrates X' = f(t, X), X(t0) = x0 and reports X (and S) at `times`; see the docblock. */
export function solveOde(
  sys: OdeSystem,
  t0: number,
  x0: ArrayLike<number>,
  times: ArrayLike<number>,
  options: OdeOptions = {},
  sens?: SensitivitySpec,
): OdeSolution {
  const n = sys.n;
  const method = options.method ?? 'dopri5';
  if (!Number.isInteger(n) || n < 1) return invalid(`the system needs at least one state (n = ${n})`, 1, times);
  if (x0.length !== n) return invalid(`x0 has ${x0.length} values for ${n} states`, n, times);
  if (!Number.isFinite(t0)) return invalid(`t0 = ${t0} is not a finite number`, n, times);
  for (let r = 0; r < times.length; r++) {
    if (!Number.isFinite(times[r])) return invalid(`observation time ${r} is ${times[r]}, not a finite number`, n, times);
  }
  for (let i = 0; i < n; i++) if (!Number.isFinite(x0[i])) return invalid(`the initial value of state ${i} is ${x0[i]}`, n, times);
  if ((method !== 'dopri5' || sens) && !sys.jac) return invalid(`method '${method}'${sens ? ' with sensitivities' : ''} needs the Jacobian ∂f/∂X (sys.jac)`, n, times);
  const rtol = options.rtol ?? 1e-6;
  if (!(rtol > 0) || !(rtol < 1)) return invalid(`rtol = ${rtol} must lie in (0, 1)`, n, times);

  const stats = newStats();
  const aug = augment(sys, sens, stats);
  const tol = tolerances(n, aug.N, options);
  // atol > 0: with atol = 0 a component that is exactly 0 has no error scale (0/0 in the norm)
  for (let i = 0; i < aug.N; i++) {
    if (!(tol.atol[i] > 0) || !Number.isFinite(tol.atol[i])) {
      const what = i < n ? `atol of state ${i}` : 'sensAtol';
      return invalid(`${what} is ${tol.atol[i]}; it must be a positive number (e.g. 1e-9, or 1e-6 of the state's scale)`, n, times);
    }
  }
  const mc: Machine = {
    sys,
    aug,
    tol,
    opts: { ...options, method },
    stats,
    dopri: method === 'rodas4' ? undefined : new Dopri5(aug.N, aug.f, tol, stats),
    rodas: method === 'dopri5' || !aug.W ? undefined : new Rodas4(aug.N, aug.f, aug.dfdt, aug.W, tol, stats),
  };

  const nt = times.length;
  const m = aug.m;
  const x = new Float64Array(nt * n).fill(NaN);
  const s = m > 0 ? new Float64Array(nt * n * m).fill(NaN) : undefined;
  const emit = (r: number, y: Float64Array): void => {
    for (let i = 0; i < n; i++) x[r * n + i] = y[i];
    if (s) for (let i = 0; i < n; i++) for (let k = 0; k < m; k++) s[(r * n + i) * m + k] = y[n + k * n + i];
  };
  const order = Array.from({ length: nt }, (_, r) => r).sort((a, b) => times[a] - times[b] || a - b);
  const forward = order.filter((r) => times[r] >= t0);
  const backward = order.filter((r) => times[r] < t0).reverse();
  const y0 = aug.initial(x0);
  let failure: Failure | undefined;
  if (forward.length > 0) failure = march(mc, n, t0, y0, times, forward, 1, emit);
  if (!failure && backward.length > 0) failure = march(mc, n, t0, y0, times, backward, -1, emit);
  const status: OdeStatus = failure ? { ok: false, ...failure } : { ok: true };
  return { status, times: Float64Array.from(times), x, s, m, stats };
}

/**
 * solveOde: X' = f(t, X), X(t0) = x0, observed at arbitrary times (unsorted, repeated, before or
 * after t0), with optional forward sensitivities. The times are sorted once; the integration runs
 * forward from t0 over the later ones and backward from t0 over the earlier ones, and each time is
 * read off the dense output of the step that covers it (Hairer, Nørsett & Wanner, Solving ODEs I,
 * II.6), so observations never shorten a step.
 *
 * Methods: 'dopri5' (explicit, non-stiff), 'rodas4' (L-stable Rosenbrock, needs the exact
 * ∂f/∂X) and 'auto', which starts explicit and switches to Rodas4 after 15 stiff steps (the count
 * of dopri5.f; 6 non-stiff ones in between reset it), a step being stiff when Hairer's hλ > 3.25
 * (Hairer & Wanner, Solving ODEs II, IV.2) or h·ρ(J) > 3 with ρ by power iteration
 * (stiffness.ts), and back when h·ρ(J) ≤ 1.5 for 20 consecutive implicit steps, so that DOPRI5
 * would be well inside its stability region at that step: the two-way switch of LSODA (Petzold,
 * SIAM J. Sci. Stat. Comput. 4, 1983), with a margin against switching to and fro.
 *
 * Failures are statuses: a step bound, a step size below 16 ulp of t, non-finite values (a
 * rejected step, h/4, until the step underflows) and a singular iteration matrix are each
 * reported with the time and the component, and the abort signal / shouldStop() is checked
 * between steps. Nothing here throws on a model's behaviour.
 */
import { augment, type Augmented } from './augment';
import { PiController, PredictiveController, type Controller } from './control';
import { DOPRI_STIFF_HLAMBDA, Dopri5 } from './dopri5';
import { initialStep, type Tolerances } from './norm';
import { Rodas4 } from './rodas4';
import { SpectralRadius } from './stiffness';
import { newStats, type Stepper } from './stepper';
import type { OdeFailure, OdeOptions, OdeSolution, OdeStats, OdeStatus, OdeSystem, SensitivitySpec } from './types';

const EPS = 2.220446049250313e-16;
const STIFF_STEPS = 15;
const NONSTIFF_RESET = 6;
const BACK_STEPS = 20;
const STIFF_HRHO = 3;
const BACK_HRHO = 1.5;

interface Machine {
  readonly sys: OdeSystem;
  readonly aug: Augmented;
  readonly tol: Tolerances;
  readonly opts: OdeOptions;
  readonly stats: OdeStats;
  readonly dopri?: Dopri5;
  readonly rodas?: Rodas4;
}

type Failure = { code: OdeFailure; t: number; index: number; message: string };

function fail(code: OdeFailure, t: number, index: number, message: string): Failure {
  return { code, t, index, message };
}

function componentName(i: number, n: number, m: number): string {
  if (i < 0) return 'no component';
  if (i < n) return `state ${i}`;
  const k = Math.floor((i - n) / n);
  return `sensitivity of state ${(i - n) % n} to column ${k} of ${m}`;
}

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

/** Integrates from t0 through the targets (indices into times, ordered in direction dir). */
function march(
  mc: Machine,
  n: number,
  t0: number,
  y0: Float64Array,
  times: ArrayLike<number>,
  targets: readonly number[],
  dir: number,
  emit: (r: number, y: Float64Array) => void,
): Failure | undefined {
  const { aug, tol, opts, stats } = mc;
  const tEnd = times[targets[targets.length - 1]];
  const hmax = Math.min(opts.hmax ?? Infinity, Math.abs(tEnd - t0));
  const maxSteps = opts.maxSteps ?? 100_000;
  const out = new Float64Array(aug.N);
  let stepper: Stepper = (mc.dopri ?? mc.rodas)!;
  const ctrlOf = (s: Stepper): Controller => (s === mc.dopri ? new PiController(s.order) : new PredictiveController(s.order));
  let ctrl = ctrlOf(stepper);
  if (!stepper.init(t0, y0)) return fail('non-finite', t0, stepper.badIndex, `f is not finite at the initial point t = ${t0} (${componentName(stepper.badIndex, n, aug.m)})`);
  let next = 0;
  while (next < targets.length && times[targets[next]] === t0) emit(targets[next++], y0);
  if (next === targets.length) return undefined;
  let h = opts.h0 !== undefined ? Math.min(Math.abs(opts.h0), hmax) : initialStep(aug.f, t0, y0, stepper.f0, dir, stepper.order, hmax, tol, new Float64Array(2 * aug.N));
  stats.fevals++;
  let t = t0;
  let rejectedLast = false;
  let lastBad: { code: OdeFailure; index: number } | undefined;
  let stiffCount = 0;
  let nonStiffCount = 0;
  let backCount = 0;
  const auto = opts.method === 'auto' && mc.dopri && mc.rodas ? { J: new Float64Array(n * n), rho: new SpectralRadius(n) } : undefined;
  /** h·ρ(∂f/∂X) at the current point (the states' Jacobian; the augmented one has the same spectrum). */
  const hRho = (hh: number, y: Float64Array): number => {
    mc.sys.jac!(t, y, auto!.J);
    stats.jevals++;
    return Math.abs(hh) * auto!.rho.estimate(auto!.J);
  };
  for (let attempts = 0; ; attempts++) {
    // bounded: every pass either returns or counts one attempt against maxSteps
    if (opts.signal?.aborted || opts.shouldStop?.()) return fail('aborted', t, -1, `integration stopped at t = ${t}`);
    if (attempts >= maxSteps) return fail('max-steps', t, stepper.worstComponent(), `more than ${maxSteps} steps before t = ${tEnd}; stopped at t = ${t}: raise maxSteps, loosen the tolerances, or try method 'rodas4' if the system is stiff`);
    const hMin = 16 * EPS * Math.max(Math.abs(t), 1e-300);
    if (Math.abs(tEnd - t) <= hMin) {
      // what is left is below the step floor (and W = I/(hγ) − J would overflow): an Euler step
      // is exact to rounding there
      const y = stepper.y;
      const f0 = stepper.f0;
      while (next < targets.length) {
        const r = targets[next++];
        for (let i = 0; i < aug.N; i++) out[i] = y[i] + (times[r] - t) * f0[i];
        emit(r, out);
      }
      return undefined;
    }
    if (!(h >= hMin)) {
      if (lastBad) {
        const what = lastBad.code === 'singular' ? 'the iteration matrix I/(hγ) − J is singular' : `${componentName(lastBad.index, n, aug.m)} is not finite`;
        return fail(lastBad.code, t, lastBad.index, `${what} at t = ${t} however small the step: the solution blows up or leaves the model's domain there`);
      }
      const i = stepper.worstComponent();
      return fail('step-underflow', t, i, `step size underflow at t = ${t} (h = ${h.toExponential(2)}) on ${componentName(i, n, aug.m)}: the solution may be singular there, or the tolerances too tight for float64`);
    }
    let hs = dir * h;
    let last = false;
    if ((t + 1.01 * hs - tEnd) * dir >= 0) {
      hs = tEnd - t;
      last = true;
    }
    stats.steps++;
    const err = stepper.attempt(hs);
    if (Number.isNaN(err)) {
      stats.rejected++;
      lastBad = { code: stepper.singular ? 'singular' : 'non-finite', index: stepper.badIndex };
      h = Math.abs(hs) * 0.25;
      rejectedLast = true;
      continue;
    }
    if (err > 1) {
      stats.rejected++;
      lastBad = undefined;
      h = ctrl.rejected(Math.abs(hs), err);
      rejectedLast = true;
      continue;
    }
    stepper.accept();
    stats.accepted++;
    lastBad = undefined;
    const tNew = last ? tEnd : t + hs;
    while (next < targets.length && (times[targets[next]] - tNew) * dir <= 0) {
      const r = targets[next++];
      if (times[r] === tNew) emit(r, stepper.y);
      else {
        stepper.interpolate(times[r], out);
        emit(r, out);
      }
    }
    t = tNew;
    if (next === targets.length) return undefined;
    let hNew = ctrl.accepted(Math.abs(hs), err);
    if (rejectedLast) hNew = Math.min(hNew, Math.abs(hs));
    rejectedLast = false;
    h = Math.min(hNew, hmax);

    // the stiffness switch of method 'auto'
    if (auto && mc.dopri && mc.rodas) {
      if (stepper === mc.dopri) {
        if (mc.dopri.hLambda > DOPRI_STIFF_HLAMBDA || hRho(hs, mc.dopri.y) > STIFF_HRHO) {
          nonStiffCount = 0;
          if (++stiffCount >= STIFF_STEPS) {
            stepper = switchTo(mc.rodas, t, mc.dopri.y, stats);
            ctrl = ctrlOf(stepper);
            stiffCount = 0;
            backCount = 0;
          }
        } else if (++nonStiffCount >= NONSTIFF_RESET) stiffCount = 0;
      } else if (hRho(hs, mc.rodas.y) <= BACK_HRHO) {
        if (++backCount >= BACK_STEPS) {
          stepper = switchTo(mc.dopri, t, mc.rodas.y, stats);
          ctrl = ctrlOf(stepper);
          backCount = 0;
          stiffCount = 0;
          nonStiffCount = 0;
        }
      } else backCount = 0;
    }
  }
}

function switchTo(s: Stepper, t: number, y: Float64Array, stats: OdeStats): Stepper {
  s.init(t, y);
  stats.switches++;
  return s;
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

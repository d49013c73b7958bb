/**
 * The step loop of solveOde for one direction: try a step, accept or reject it by the error norm
 * (Hairer's controllers, control.ts), read every observation time the accepted step covers off
 * its dense output, and for method 'auto' test stiffness after each accepted step: switch to
 * Rodas4 after 15 stiff steps (the count of dopri5.f; 6 non-stiff ones in between reset it), a
 * step being stiff when Hairer's hλ > 3.25 (Hairer & Wanner, Solving ODEs II, IV.2) or
 * h·ρ(J) > 3 with ρ by power iteration (stiffness.ts), and back when h·ρ(J) ≤ 1.5 for 20
 * consecutive implicit steps, so that DOPRI5 would be well inside its stability region: the
 * two-way switch of LSODA (Petzold, SIAM J. Sci. Stat. Comput. 4, 1983), with a margin against
 * switching to and fro. Bounded: every pass returns or counts one attempt against maxSteps.
 */
import type { Augmented } from './augment';
import { PiController, PredictiveController, type Controller } from './control';
import { DOPRI_STIFF_HLAMBDA, type Dopri5 } from './dopri5';
import { initialStep, type Tolerances } from './norm';
import type { Rodas4 } from './rodas4';
import { SpectralRadius } from './stiffness';
import type { Stepper } from './stepper';
import type { OdeFailure, OdeOptions, OdeStats, OdeSystem } from './types';

const EPS = 2.220446049250313e-16;
const STIFF_STEPS = 15;
const NONSTIFF_RESET = 6;
const BACK_STEPS = 20;
const STIFF_HRHO = 3;
const BACK_HRHO = 1.5;

export interface Machine {
  readonly sys: OdeSystem;
  readonly aug: Augmented;
  readonly tol: Tolerances;
  readonly opts: OdeOptions;
  readonly stats: OdeStats;
  readonly dopri?: Dopri5;
  readonly rodas?: Rodas4;
}

export type Failure = { code: OdeFailure; t: number; index: number; message: string };

function fail(code: OdeFailure, t: number, index: number, message: string): Failure {
  return { code, t, index, message };
}

function componentName(i: number, n: number, m: number): string {
  if (i < 0) return 'no component';
  if (i < n) return `state ${i}`;
  const k = Math.floor((i - n) / n);
  return `sensitivity of state ${(i - n) % n} to column ${k} of ${m}`;
}

/** Integrates from t0 through the targets (indices into times, ordered in direction dir). */
export function march(
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
  /**
   * h·ρ(∂f/∂X) at the current point (the states' Jacobian; the augmented one has the same
   * spectrum), exact enough for a comparison with `limit` (SpectralRadius.bounded).
   */
  const hRho = (hh: number, y: Float64Array, limit: number): number => {
    mc.sys.jac!(t, y, auto!.J);
    stats.jevals++;
    const ah = Math.abs(hh);
    return ah * auto!.rho.bounded(auto!.J, limit / ah);
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
        if (mc.dopri.hLambda > DOPRI_STIFF_HLAMBDA || hRho(hs, mc.dopri.y, STIFF_HRHO) > STIFF_HRHO) {
          nonStiffCount = 0;
          if (++stiffCount >= STIFF_STEPS) {
            stepper = switchTo(mc.rodas, t, mc.dopri.y, stats);
            ctrl = ctrlOf(stepper);
            stiffCount = 0;
            backCount = 0;
          }
        } else if (++nonStiffCount >= NONSTIFF_RESET) stiffCount = 0;
      } else if (hRho(hs, mc.rodas.y, BACK_HRHO) <= BACK_HRHO) {
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

/**
 * Profile-likelihood intervals of the last fit in the worker (issue 10): src/fit/profileFit.ts on
 * the fitted rows, one refit at a time with a macrotask between them so that Cancel (cancelFit)
 * gets in; progress at most 10 times a second; an ODE model's fit by odeFit refits
 * (fit/ode/odeProfile.ts). The result is plain data.
 */
import { profileIntervals, type ProfileHooks, type ProfileProgress, type ProfileResult } from '../fit/profileFit';
import { FitInputError } from '../fit/parameters';
import type { PageProfile, Status } from './api';
import { toWorkerError } from '../job/protocol/status';
import { lastLeastSquaresFit } from './lastFitInput';
import { endRun, startRun, type CancelFlag } from './session';
import { throttle } from '../job/browser/throttle';
import { macrotask } from '../job/browser/yielding';
import { odeProfileIntervals } from '../fit/ode';
import type { FitResult } from '../fit/types';
import { lastOdeFitInput } from './odeFit';

export async function profileLastFit(onProgress?: (p: ProfileProgress) => void): Promise<Status<PageProfile>> {
  // An ODE model's fit (issue 23) is profiled by odeFit refits (fit/ode/odeProfile.ts).
  const ode = lastOdeFitInput();
  if (ode) return profiled(ode.result, ode.input.model.spec.params, onProgress, (signal, hooks) => odeProfileIntervals({ ...ode.input, signal }, ode.result, hooks));
  const picked = lastLeastSquaresFit();
  if (!picked.ok) return picked;
  const { input, result, complete } = picked.value;
  if (!complete) return { ok: false, error: { code: 'profile-restored', message: 'This fit was restored from a saved session without its solver settings: press Fit once, then profile it.' } };
  return profiled(result, input.model.params, onProgress, (signal, hooks) => profileIntervals({ ...input, signal }, result, hooks));
}

/** One profile run as the page's cancellable run: a macrotask between refits, throttled progress. */
async function profiled(result: FitResult, names: readonly string[], onProgress: ((p: ProfileProgress) => void) | undefined, run: (signal: CancelFlag, hooks: ProfileHooks) => Promise<ProfileResult>): Promise<Status<PageProfile>> {
  const flag = startRun();
  const report = throttle<ProfileProgress>((p) => onProgress?.(p), 100);
  try {
    const profile = await run(flag, { pause: macrotask, stopped: () => flag.aborted, onProgress: (p) => report.push(p) });
    report.flush();
    if (flag.aborted) return { ok: false, error: { code: 'cancelled', message: 'Profiling was cancelled.' } };
    return { ok: true, value: { profiles: profile.profiles, warnings: profile.warnings, fitMs: result.fitMs } };
  } catch (error) {
    if (error instanceof FitInputError) return { ok: false, error: { code: error.code, message: error.message } };
    return { ok: false, error: toWorkerError(error, names) };
  } finally {
    endRun(flag);
  }
}

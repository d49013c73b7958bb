/**
 * Profile-likelihood intervals of the last fit in the worker (issue 10): src/fit/profileFit.ts on
 * the fitted rows, one refit at a time with a macrotask between them so that Cancel (cancelFit)
 * gets in; progress at most 10 times a second; an ODE model's fit by odeFit refits
 * (fit/ode/odeProfile.ts). The result is plain data.
 */
import { profileIntervals, type ProfileProgress } from '../fit/profileFit';
import { FitInputError } from '../fit/parameters';
import type { PageProfile, Status } from './api';
import { toWorkerError } from './errors';
import { lastLeastSquaresFit } from './lastFitInput';
import { endRun, startRun } from './session';
import { throttle } from '../job/browser/throttle';
import { macrotask } from '../job/browser/yielding';
import { odeProfileIntervals, type OdeFitInput } from '../fit/ode';
import type { FitResult } from '../fit/types';
import { lastOdeFitInput } from './odeFit';

export async function profileLastFit(onProgress?: (p: ProfileProgress) => void): Promise<Status<PageProfile>> {
  // An ODE model's fit (issue 23) is profiled by odeFit refits (fit/ode/odeProfile.ts).
  const ode = lastOdeFitInput();
  if (ode) return profileOdeFit(ode.input, ode.result, onProgress);
  const picked = lastLeastSquaresFit();
  if (!picked.ok) return picked;
  const { input, result, complete } = picked.value;
  if (!complete) return { ok: false, error: { code: 'profile-restored', message: 'This fit was restored from a saved session without its solver settings: press Fit once, then profile it.' } };
  const flag = startRun();
  const report = throttle<ProfileProgress>((p) => onProgress?.(p), 100);
  try {
    const profile = await profileIntervals({ ...input, signal: flag }, result, { pause: macrotask, stopped: () => flag.aborted, onProgress: (p) => report.push(p) });
    report.flush();
    if (flag.aborted) return { ok: false, error: { code: 'cancelled', message: 'Profiling was cancelled.' } };
    return { ok: true, value: { profiles: profile.profiles, warnings: profile.warnings, fitMs: result.fitMs } };
  } catch (error) {
    if (error instanceof FitInputError) return { ok: false, error: { code: error.code, message: error.message } };
    return { ok: false, error: toWorkerError(error, input.model.params) };
  } finally {
    endRun(flag);
  }
}

async function profileOdeFit(input: OdeFitInput, result: FitResult, onProgress?: (p: ProfileProgress) => void): Promise<Status<PageProfile>> {
  const flag = startRun();
  const report = throttle<ProfileProgress>((p) => onProgress?.(p), 100);
  try {
    const profile = await odeProfileIntervals({ ...input, signal: flag }, result, { pause: macrotask, stopped: () => flag.aborted, onProgress: (p) => report.push(p) });
    report.flush();
    if (flag.aborted) return { ok: false, error: { code: 'cancelled', message: 'Profiling was cancelled.' } };
    return { ok: true, value: { profiles: profile.profiles, warnings: profile.warnings, fitMs: result.fitMs } };
  } catch (error) {
    return { ok: false, error: toWorkerError(error, input.model.spec.params) };
  } finally {
    endRun(flag);
  }
}

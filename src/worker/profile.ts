/**
 * Profile-likelihood intervals of the last fit in the worker (issue 10): src/fit/profileFit.ts on
 * the fitted rows, one refit at a time with a macrotask between them so that Cancel (cancelFit)
 * gets in; progress at most 10 times a second. The result is plain data.
 */
import { profileIntervals, type ProfileProgress } from '../fit/profileFit';
import { FitInputError } from '../fit/parameters';
import type { PageProfile, Status } from './api';
import { toWorkerError } from '../job/protocol/status';
import { lastLeastSquaresFit } from './lastFitInput';
import { endRun, startRun } from './session';
import { throttle } from '../job/browser/throttle';
import { macrotask } from '../job/browser/yielding';

export async function profileLastFit(onProgress?: (p: ProfileProgress) => void): Promise<Status<PageProfile>> {
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

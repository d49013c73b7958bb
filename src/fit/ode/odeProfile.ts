/**
 * Profile-likelihood intervals of an ODE fit (issue 23): hold one parameter at a value, refit the
 * others by odeFit (each refit started at the neighbouring profile point's values), and read the
 * interval off the profile t statistic
 *
 *     τ(v) = sign(v − θ̂)·√(S(v) − S(θ̂))/s,   s² = S(θ̂)/(n − p)  (1 with absolute σ),
 *
 * as for a closed-form fit (src/stats/profile.ts; Bates & Watts 1988, §6.1; R's confint.nls).
 * S is the stacked responses' weighted χ², the fit's cost. A refit whose integration fails
 * everywhere near v is a failed point, which ends that side (null, as R's NA).
 */
import { makeLoss } from '../../solver/loss';
import { profileParameter, type RefitResult } from '../../stats/profile';
import { DEFAULTS } from '../defaults';
import { FitInputError, type ParameterSpec } from '../parameters';
import { heldAt, type NamedProfile, type ProfileHooks, type ProfileResult } from '../profileFit';
import type { FitResult } from '../types';
import { ODE_DEFAULTS } from './odeDefaults';
import { odeEvaluator } from './odeEvaluator';
import { odeFit, type OdeFitInput } from './odeFit';
import { stackObservations } from './observations';

export async function odeProfileIntervals(input: OdeFitInput, result: FitResult, hooks: ProfileHooks = {}): Promise<ProfileResult> {
  const opts = { ...DEFAULTS, ...input.options };
  if (opts.loss !== 'linear') throw new FitInputError('profile-loss', `Profile intervals need the least-squares loss (linear); this fit used "${opts.loss}". Use the Wald intervals, or refit with --loss linear.`);
  const dof = result.stats.dof;
  if (!(dof > 0)) throw new FitInputError('profile-dof', `Profile intervals need more observations than free parameters (${result.stats.points} observations, ${result.free.length} free).`);
  const chi2Min = result.stats.chi2;
  const s = opts.absoluteSigma ? 1 : Math.sqrt(chi2Min / dof);
  const freeParams = result.free.map((name) => result.parameters.find((p) => p.name === name)!);
  const profiles: NamedProfile[] = [];
  const warnings: string[] = [];
  let refits = 0;
  for (const [index, p] of freeParams.entries()) {
    if (hooks.stopped?.() || input.signal?.aborted) break;
    const others = Float64Array.from(freeParams.filter((q) => q !== p), (q) => q.value);
    const refit = async (value: number, start: Float64Array): Promise<RefitResult | null> => {
      if (hooks.pause) await hooks.pause();
      if (hooks.stopped?.() || input.signal?.aborted) return null;
      const parameters = heldAt(result, p.name, value, start);
      try {
        const r = freeParams.length === 1
          ? null // nothing left to refit: S(v) is χ² at v
          : (await odeFit({ ...input, parameters })).result;
        hooks.onProgress?.({ parameter: p.name, index, total: freeParams.length, refits: ++refits });
        if (r === null) return { chi2: chi2At(input, parameters), others: new Float64Array(0) };
        if (r.status <= 0) return null;
        return { chi2: r.stats.chi2, others: Float64Array.from(r.parameters.filter((q) => !q.fixed), (q) => q.value) };
      } catch (error) {
        if (error instanceof FitInputError) return null; // the integration fails at this value
        throw error;
      }
    };
    const profile = await profileParameter({ estimate: p.value, se: p.stderr, chi2Min, s, cutoff: result.tValue, lower: p.min, upper: p.max, others, refit });
    if (profile.betterFit) warnings.push(`Profiling "${p.name}" found a smaller χ² than the fit's: the fit had not reached the minimum; refit from the better values.`);
    const open = [profile.lower === null ? 'lower' : '', profile.upper === null ? 'upper' : ''].filter(Boolean);
    if (open.length > 0 && Number.isFinite(p.stderr)) warnings.push(`The profile of "${p.name}" never reaches the ${Math.round(result.confidenceLevel * 100)}% level on its ${open.join(' and ')} side: that end of its interval is unbounded (null).`);
    profiles.push({ name: p.name, ...profile });
  }
  return { profiles, warnings };
}

/** χ² of the model at fixed parameters (one free parameter held leaves nothing to refit). */
function chi2At(input: OdeFitInput, parameters: readonly ParameterSpec[]): number {
  const names = input.model.spec.params;
  const base = Float64Array.from(names, (n) => parameters.find((q) => q.name === n)?.value ?? NaN);
  const ev = odeEvaluator({ model: input.model, rows: stackObservations(input.data), base, free: [], loss: makeLoss('linear', 1), integration: { ...ODE_DEFAULTS, ...input.integration, signal: input.signal } });
  return 2 * ev.cost(new Float64Array(0));
}

/**
 * Profile-likelihood intervals of every free parameter of a finished fit (src/stats/profile.ts):
 * each profile point is a curveFit of the other parameters with the profiled one fixed, started
 * from the neighbouring point's values (Bates & Watts 1988, §6.1; R's profile.nls).
 */
import { profileParameter, type ParameterProfile, type RefitResult } from '../stats/profile';
import { curveFit, type CurveFitInput } from './curveFit';
import { DEFAULTS } from './defaults';
import { FitInputError, resolveParameters, type ParameterSpec } from './parameters';
import { constrainedSpace, feasibleRanges } from './constraints/constrainedSpace';
import { finalResiduals } from './residuals';
import type { FitResult } from './types';
import { weightSigma } from './weights';

export interface NamedProfile extends ParameterProfile {
  readonly name: string;
}

export interface ProfileResult {
  /** One per free parameter, in the order of FitResult.free. */
  readonly profiles: NamedProfile[];
  readonly warnings: string[];
}

/** The parameter table of `result`, with `name` held at `value` and the other free ones started at `others`
 *  (also an ODE fit's profile, fit/ode/odeProfile.ts). */
export function heldAt(result: FitResult, name: string, value: number, others: Float64Array): ParameterSpec[] {
  let j = 0;
  return result.parameters.map((p) => {
    const bounds = { min: Number.isFinite(p.min) ? p.min : null, max: Number.isFinite(p.max) ? p.max : null };
    if (p.fixed) return { name: p.name, value: p.value, fixed: true };
    if (p.name === name) return { name: p.name, value, fixed: true };
    return { name: p.name, value: others[j++], ...bounds };
  });
}

/** What a caller may watch and interleave: the page's worker reports progress and yields between refits. */
export interface ProfileHooks {
  /** After each refit: the parameter being profiled (index among the free ones) and refits so far. */
  readonly onProgress?: (p: ProfileProgress) => void;
  /** Awaited before each refit (a macrotask in the worker, so that a cancel message gets in). */
  readonly pause?: () => Promise<void>;
  /** Checked before each refit: stop profiling (the result then holds the parameters done). */
  readonly stopped?: () => boolean;
}

export interface ProfileProgress {
  readonly parameter: string;
  readonly index: number;
  readonly total: number;
  readonly refits: number;
}

/** The profile's scale s = √(S(θ̂)/(n − p)) (1 with absolute σ) and the per-point weights 1/σ. */
function profileScale(input: CurveFitInput, result: FitResult): { s: number; w: Float64Array | null } {
  const opts = { ...DEFAULTS, ...input.options };
  const sigma = weightSigma(opts.weights ?? 'sigma', input.data);
  return { s: opts.absoluteSigma ? 1 : Math.sqrt(result.stats.chi2 / result.stats.dof), w: sigma ? sigma.map((v) => 1 / v) : null };
}

/** S(v): the χ² re-minimized over the other free parameters with `name` held at `value`; null when the refit failed. */
function refitter(input: CurveFitInput, result: FitResult, name: string, w: Float64Array | null) {
  const free = result.free.length;
  return async (value: number, start: Float64Array): Promise<RefitResult | null> => {
    const parameters = heldAt(result, name, value, start);
    if (free === 1) {
      // Nothing left to refit: S(v) is χ² at v.
      const full = Float64Array.from(parameters, (q) => q.value as number);
      const chi2 = finalResiduals(input.model, [], input.data, w, full).chi2;
      return { chi2, others: new Float64Array(0) };
    }
    try {
      const r = await curveFit({ model: input.model, data: input.data, parameters, options: input.options, signal: input.signal });
      if (r.status <= 0) return null;
      return { chi2: r.stats.chi2, others: Float64Array.from(r.parameters.filter((q) => !q.fixed), (q) => q.value) };
    } catch (error) {
      if (error instanceof FitInputError) return null; // e.g. a non-finite model at this value
      throw error;
    }
  };
}

/**
 * The profile t statistic τ(v) of free parameter `name` at each of `values` (each refit started
 * at the fit's values): the quantity a profile plot draws, for checking it against R's profile.nls.
 * NaN where the refit failed.
 */
export async function profileTau(input: CurveFitInput, result: FitResult, name: string, values: readonly number[]): Promise<number[]> {
  const { s, w } = profileScale(input, result);
  const p = result.parameters.find((q) => q.name === name && !q.fixed);
  if (!p) throw new FitInputError('profile-parameter', `"${name}" is not a free parameter of this fit.`);
  const start = Float64Array.from(result.parameters.filter((q) => !q.fixed && q !== p), (q) => q.value);
  const refit = refitter(input, result, name, w);
  const out: number[] = [];
  for (const v of values) {
    const r = await refit(v, start);
    out.push(r ? (Math.sign(v - p.value) * Math.sqrt(Math.max(r.chi2 - result.stats.chi2, 0))) / s : NaN);
  }
  return out;
}

export async function profileIntervals(input: CurveFitInput, result: FitResult, hooks: ProfileHooks = {}): Promise<ProfileResult> {
  const opts = { ...DEFAULTS, ...input.options };
  if (opts.loss !== 'linear') {
    throw new FitInputError('profile-loss', `Profile intervals need the least-squares loss (linear); this fit used "${opts.loss}". Use the Wald intervals, or refit with --loss linear.`);
  }
  const dof = result.stats.dof;
  if (!(dof > 0)) throw new FitInputError('profile-dof', `Profile intervals need more rows than free parameters (${result.stats.points} rows, ${result.free.length} free).`);
  const chi2Min = result.stats.chi2;
  const { s, w } = profileScale(input, result);
  const warnings: string[] = [];
  const profiles: NamedProfile[] = [];
  const freeParams = result.free.map((name) => result.parameters.find((p) => p.name === name)!);
  const limits = constraintLimits(input, result);
  let refits = 0;

  for (const [index, p] of freeParams.entries()) {
    if (hooks.stopped?.()) break;
    const others = Float64Array.from(freeParams.filter((q) => q !== p), (q) => q.value);
    const plain = refitter(input, result, p.name, w);
    const refit = async (value: number, start: Float64Array): Promise<RefitResult | null> => {
      if (hooks.pause) await hooks.pause();
      if (hooks.stopped?.()) return null;
      const r = await plain(value, start);
      hooks.onProgress?.({ parameter: p.name, index, total: freeParams.length, refits: ++refits });
      return r;
    };
    const profile = await profileParameter({
      estimate: p.value,
      se: p.stderr,
      chi2Min,
      s,
      cutoff: result.tValue,
      lower: Math.max(p.min, limits[index][0]),
      upper: Math.min(p.max, limits[index][1]),
      others,
      refit,
    });
    if (profile.betterFit) {
      warnings.push(`Profiling "${p.name}" found a smaller χ² than the fit's: the fit had not reached the minimum; refit from the better values.`);
    }
    const open = [profile.lower === null ? 'lower' : '', profile.upper === null ? 'upper' : ''].filter(Boolean);
    if (open.length > 0 && Number.isFinite(p.stderr)) {
      warnings.push(`The profile of "${p.name}" never reaches the ${Math.round(result.confidenceLevel * 100)}% level on its ${open.join(' and ')} side: that end of its interval is unbounded (null).`);
    }
    profiles.push({ name: p.name, ...profile });
  }
  return { profiles, warnings };
}

/**
 * How far each free parameter can go under the fit's linear constraints (the others free to
 * follow): the profile steps to these limits as to its bounds, so it never refits an infeasible
 * point. [−∞, ∞] for each without constraints.
 */
function constraintLimits(input: CurveFitInput, result: FitResult): [number, number][] {
  const constraints = input.options?.constraints;
  if (!constraints || constraints.length === 0) return result.free.map(() => [-Infinity, Infinity]);
  const specs = result.parameters.map((p) => ({ name: p.name, value: p.value, fixed: p.fixed, min: Number.isFinite(p.min) ? p.min : null, max: Number.isFinite(p.max) ? p.max : null }));
  return feasibleRanges(constrainedSpace(constraints, resolveParameters(input.model.params, specs)));
}

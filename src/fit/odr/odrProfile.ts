/**
 * Profile-likelihood intervals of an errors-in-variables fit (issue 24): hold one β at a value,
 * refit the other β and every δ (odrFit, explicit or implicit), and read the interval off the
 * profile t statistic of ODRPACK's weighted sum of squares,
 *
 *     τ(v) = sign(v − β̂)·√(S(v) − S(β̂))/s,   s² = res_var = S(β̂)/(n − p)  (1 with absolute σ),
 *
 * as for an ordinary fit (src/stats/profile.ts; Bates & Watts 1988, §6.1). With δ profiled out
 * this is the profile of the structural model's likelihood at known σ ratios, the interval R's
 * confint.nls would give for York's objective Σ (y − a − b·x)²/(σy² + b²σx²) on a line.
 * Each refit starts at the neighbouring profile point's β with δ projected afresh.
 */
import { profileParameter, type RefitResult } from '../../stats/profile';
import { FitInputError, type ParameterSpec } from '../parameters';
import type { ProfileResult } from '../profileFit';
import type { FitResult } from '../types';
import { odrFit } from './odrFit';
import type { OdrInput, OdrResult } from './types';

/** The parameter table with `name` held at `value` and the other free ones at `others` (free order). */
function heldAt(fit: OdrResult, specs: readonly ParameterSpec[], name: string, value: number, others: Float64Array): { table: ParameterSpec[]; beta: Float64Array } {
  const beta = Float64Array.from(fit.beta);
  let j = 0;
  const table = fit.names.map((n, i) => {
    const spec = specs.find((s) => s.name === n) ?? { name: n };
    if (!fit.free.includes(n)) return spec;
    beta[i] = n === name ? value : others[j++];
    return n === name ? { ...spec, value, fixed: true } : { ...spec, value: beta[i], fixed: false };
  });
  return { table, beta };
}

export async function odrProfileIntervals(input: OdrInput, fit: OdrResult, result: FitResult): Promise<ProfileResult> {
  const p = fit.free.length;
  const dof = fit.rows - p;
  if (!(dof > 0)) throw new FitInputError('profile-dof', `Profile intervals need more rows than free parameters (${fit.rows} rows, ${p} free).`);
  // Held alone, the one β leaves only δ to refit, which odrFit (a fit of β) does not do.
  if (p < 2) throw new FitInputError('profile-one-parameter', 'Profile intervals of an errors-in-x fit need two or more free parameters; use the Wald interval from sd_beta.');
  const s = input.options?.absoluteSigma ? 1 : Math.sqrt(fit.resVar);
  const profiles: ProfileResult['profiles'] = [];
  const warnings: string[] = [];
  for (const name of fit.free) {
    const i = fit.names.indexOf(name);
    const row = result.parameters.find((q) => q.name === name)!;
    const others = Float64Array.from(fit.free.filter((n) => n !== name), (n) => fit.beta[fit.names.indexOf(n)]);
    const refit = async (value: number, start: Float64Array): Promise<RefitResult | null> => {
      const { table, beta } = heldAt(fit, input.parameters, name, value, start);
      try {
        const r = await odrFit({ ...input, parameters: table, ordinary: { cost: NaN, beta } });
        if (r.status <= 0) return null;
        return { chi2: r.sumSquares, others: Float64Array.from(r.free, (n) => r.beta[r.names.indexOf(n)]) };
      } catch (error) {
        if (error instanceof FitInputError) return null;
        throw error;
      }
    };
    const profile = await profileParameter({ estimate: fit.beta[i], se: fit.sdBeta[i], chi2Min: fit.sumSquares, s, cutoff: result.tValue, lower: row.min, upper: row.max, others, refit });
    if (profile.betterFit) warnings.push(`Profiling "${name}" found a smaller weighted sum of squares than the fit's: the fit had not reached the minimum; refit from the better values.`);
    const open = [profile.lower === null ? 'lower' : '', profile.upper === null ? 'upper' : ''].filter(Boolean);
    if (open.length > 0 && Number.isFinite(fit.sdBeta[i])) warnings.push(`The profile of "${name}" never reaches the ${Math.round(result.confidenceLevel * 100)}% level on its ${open.join(' and ')} side: that end of its interval is unbounded (null).`);
    profiles.push({ name, ...profile });
  }
  return { profiles, warnings };
}

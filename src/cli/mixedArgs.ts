/**
 * `--random a,b [--random-cov full|diag] [--method ml|reml]` with `--group COL` (issue 25): a
 * nonlinear mixed-effects fit (src/fit/mixed). --method names the likelihood here (nlme's
 * `method`); its other values (auto, dense, normal: the linearization) belong to the other fits,
 * and the two sets do not overlap. Checked once, with messages that name the option and the fix.
 */
import type { RandomCov } from '../fit/mixed/precisionFactor';
import type { MixedMethod } from '../fit/mixed/profiledLogLik';
import { CliError } from './errors';

export interface MixedCommand {
  readonly random: readonly string[];
  readonly cov: RandomCov;
  readonly method: MixedMethod;
}

const LIKELIHOODS = ['ml', 'reml'];

export interface MixedContext {
  readonly grouped: boolean;
  readonly shared: boolean;
  /** Options a mixed-effects fit does not take, by their flag (given ones only). */
  readonly refused: readonly string[];
}

export function mixedArgs(randomText: string | undefined, covText: string | undefined, methodText: string | undefined, ctx: MixedContext): MixedCommand | null {
  if (randomText === undefined) {
    if (covText !== undefined) throw new CliError('--random-cov is the form of the random effects\' covariance: add --random NAMES (e.g. --random Asym --random-cov diag).');
    if (methodText !== undefined && LIKELIHOODS.includes(methodText)) throw new CliError(`--method ${methodText} is the likelihood of a mixed-effects fit: add --random NAMES and --group COL, or give --method auto, dense or normal.`);
    return null;
  }
  const random: string[] = [];
  for (const part of randomText.split(',')) {
    const name = part.trim();
    if (name === '') continue;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new CliError(`--random: "${name}" is not a parameter name (e.g. --random Asym,xmid).`);
    if (random.includes(name)) throw new CliError(`--random: "${name}" is given twice.`);
    random.push(name);
  }
  if (random.length === 0) throw new CliError('--random needs parameter names, e.g. --random Asym.');
  if (!ctx.grouped) throw new CliError('--random gives parameters one random effect per group: add --group COL (the column that names each row\'s group).');
  if (ctx.shared) throw new CliError('--random fits a mixed-effects model, --shared a global fit: give one of them (every parameter not random is a fixed effect, common to all groups).');
  if (ctx.refused.length > 0) throw new CliError(`${ctx.refused[0]} does not work with --random: a mixed-effects fit is unbounded least squares with Wald tests, as nlme's (drop ${ctx.refused[0]}).`);
  const cov = covText === undefined ? 'full' : covText;
  if (cov !== 'full' && cov !== 'diag') throw new CliError(`--random-cov must be full (a general covariance, nlme's pdLogChol) or diag (independent effects, pdDiag); got "${covText}".`);
  const method = methodText === undefined ? 'ml' : methodText;
  if (!LIKELIHOODS.includes(method)) throw new CliError(`--method with --random is the likelihood: ml (the default, as nlme) or reml; got "${methodText}".`);
  return { random, cov, method: method as MixedMethod };
}

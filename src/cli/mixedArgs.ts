/**
 * `--random a,b [--random-cov full|diag] [--method ml|reml]` with `--group COL` (issue 25): a
 * nonlinear mixed-effects fit (src/fit/mixed). `--compare-random c[,d]` and/or
 * `--compare-random-cov full|diag`: also fit that random structure (the other option as in the
 * first fit) and compare the two by a likelihood-ratio test (one must nest in the other). --method names the likelihood here (nlme's
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
  /** --compare-random / --compare-random-cov: the structure compared with the first (null: none). */
  readonly versus: { readonly random: readonly string[]; readonly cov: RandomCov } | null;
}

/** The texts of the comparison's options (absent: not given). */
export interface CompareRandomText {
  readonly random?: string;
  readonly cov?: string;
}

const LIKELIHOODS = ['ml', 'reml'];

export interface MixedContext {
  readonly grouped: boolean;
  readonly shared: boolean;
  /** Options a mixed-effects fit does not take, by their flag (given ones only). */
  readonly refused: readonly string[];
}

function names(text: string, flag: string): string[] {
  const random: string[] = [];
  for (const part of text.split(',')) {
    const name = part.trim();
    if (name === '') continue;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new CliError(`${flag}: "${name}" is not a parameter name (e.g. ${flag} Asym,xmid).`);
    if (random.includes(name)) throw new CliError(`${flag}: "${name}" is given twice.`);
    random.push(name);
  }
  if (random.length === 0) throw new CliError(`${flag} needs parameter names, e.g. ${flag} Asym.`);
  return random;
}

function covOf(text: string, flag: string): RandomCov {
  if (text !== 'full' && text !== 'diag') throw new CliError(`${flag} must be full (a general covariance, nlme's pdLogChol) or diag (independent effects, pdDiag); got "${text}".`);
  return text;
}

export function mixedArgs(randomText: string | undefined, covText: string | undefined, methodText: string | undefined, ctx: MixedContext, versusText: CompareRandomText = {}): MixedCommand | null {
  if (randomText === undefined) {
    const stray = versusText.random !== undefined ? '--compare-random' : versusText.cov !== undefined ? '--compare-random-cov' : null;
    if (stray) throw new CliError(`${stray} compares a mixed-effects fit with another random structure: add --random NAMES and --group COL.`);
    if (covText !== undefined) throw new CliError('--random-cov is the form of the random effects\' covariance: add --random NAMES (e.g. --random Asym --random-cov diag).');
    if (methodText !== undefined && LIKELIHOODS.includes(methodText)) throw new CliError(`--method ${methodText} is the likelihood of a mixed-effects fit: add --random NAMES and --group COL, or give --method auto, dense or normal.`);
    return null;
  }
  const random = names(randomText, '--random');
  if (!ctx.grouped) throw new CliError('--random gives parameters one random effect per group: add --group COL (the column that names each row\'s group).');
  if (ctx.shared) throw new CliError('--random fits a mixed-effects model, --shared a global fit: give one of them (every parameter not random is a fixed effect, common to all groups).');
  if (ctx.refused.length > 0) throw new CliError(`${ctx.refused[0]} does not work with --random: a mixed-effects fit is unbounded least squares with Wald tests, as nlme's (drop ${ctx.refused[0]}).`);
  const cov = covText === undefined ? 'full' : covOf(covText, '--random-cov');
  const method = methodText === undefined ? 'ml' : methodText;
  if (!LIKELIHOODS.includes(method)) throw new CliError(`--method with --random is the likelihood: ml (the default, as nlme) or reml; got "${methodText}".`);
  const versus =
    versusText.random === undefined && versusText.cov === undefined
      ? null
      : { random: versusText.random === undefined ? random : names(versusText.random, '--compare-random'), cov: versusText.cov === undefined ? cov : covOf(versusText.cov, '--compare-random-cov') };
  return { random, cov, method: method as MixedMethod, versus };
}

/**
 * The assay options of `fitbench fit` (issue 26), parsed into plain data:
 *   --interpolate            rows with a y and no x are unknowns, read off the fitted curve
 *   --sample COL             consecutive unknown rows with the same COL cell are one sample (replicates)
 *   --predict x=v1,v2,…      ŷ at new x with confidence and prediction intervals
 *   --outliers rout          ROUT (Motulsky & Brown 2006) before the least-squares fit
 *   --outlier-q Q            ROUT's false discovery rate in percent (default 1)
 *   --keep-rows L1,L2,…      file lines ROUT never flags (the page's "put back")
 *   --ci bootstrap           percentile intervals from --bootstrap N resamples (default 2000) of
 *                            --bootstrap-kind residual (default) or case, seeded by --seed
 *   --bootstrap-interval I   percentile (default), bca or studentized: the interval reported beside
 * args.ts declares the options and calls `assayArgs`; the checks against the file and model are in
 * assayLoad.ts.
 */
import type { BootstrapInterval } from '../fit/bootstrapIntervals';
import { CliError } from './errors';

export interface AssayCommand {
  readonly interpolate: boolean;
  readonly sample: string | null;
  /** --predict: the variable named (null: the model's one variable) and the x values. */
  readonly predict: { readonly variable: string | null; readonly x: readonly number[] } | null;
  /** --outliers rout with Q as a fraction (0.01 for --outlier-q 1); `keep`: --keep-rows' file lines. */
  readonly outliers: { readonly method: 'rout'; readonly q: number; readonly keep?: readonly number[] } | null;
  /** --ci bootstrap [--bootstrap N] [--bootstrap-kind residual|case], seeded by --seed. */
  readonly bootstrap: { readonly kind: 'residual' | 'case'; readonly resamples: number; readonly seed: number; readonly interval: BootstrapInterval } | null;
}

export const NO_ASSAY: AssayCommand = { interpolate: false, sample: null, predict: null, outliers: null, bootstrap: null };

export interface AssayArgText {
  readonly interpolate: boolean;
  readonly sample: string | undefined;
  readonly predict: string | undefined;
  readonly outliers: string | undefined;
  readonly outlierQ: string | undefined;
  readonly keepRows?: string | undefined;
  readonly ci: string | undefined;
  readonly bootstrap: string | undefined;
  readonly bootstrapKind: string | undefined;
  readonly bootstrapInterval?: string | undefined;
  readonly seed: number;
}

/** --ci bootstrap and its --bootstrap N (default 2000) and --bootstrap-kind (default residual). */
function bootstrapArgs(t: AssayArgText): AssayCommand['bootstrap'] {
  if (t.ci !== 'bootstrap') {
    const stray = t.bootstrap !== undefined ? '--bootstrap' : t.bootstrapKind !== undefined ? '--bootstrap-kind' : t.bootstrapInterval !== undefined ? '--bootstrap-interval' : null;
    if (stray) throw new CliError(`${stray} belongs to bootstrap intervals: add --ci bootstrap.`);
    return null;
  }
  const resamples = t.bootstrap === undefined ? 2000 : Number(t.bootstrap);
  if (!Number.isInteger(resamples) || resamples < 10 || resamples > 1_000_000) throw new CliError(`--bootstrap is the number of resamples, a whole number from 10 to 1000000 (e.g. --bootstrap 2000), got "${t.bootstrap}".`);
  const kind = t.bootstrapKind ?? 'residual';
  if (kind !== 'residual' && kind !== 'case') throw new CliError(`--bootstrap-kind must be residual or case, got "${kind}".`);
  const interval = t.bootstrapInterval ?? 'percentile';
  if (interval !== 'percentile' && interval !== 'bca' && interval !== 'studentized') throw new CliError(`--bootstrap-interval must be percentile, bca or studentized, got "${interval}".`);
  return { kind, resamples, seed: t.seed, interval };
}

/** --keep-rows: file line numbers (1 is the header's line when there is one), ascending, once each. */
function keepRowsArg(text: string): readonly number[] {
  const items = text.split(',').map((s) => s.trim());
  const bad = items.find((s) => !/^[1-9][0-9]*$/.test(s));
  if (bad !== undefined) throw new CliError(`--keep-rows takes file line numbers separated by commas (e.g. --keep-rows 13,27), got "${bad}".`);
  return [...new Set(items.map(Number))].sort((a, b) => a - b);
}

function predictArg(text: string): AssayCommand['predict'] {
  const eq = text.indexOf('=');
  const variable = eq >= 0 ? text.slice(0, eq).trim() : null;
  if (variable !== null && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) throw new CliError(`--predict: "${variable}" is not a column name (e.g. --predict conc=1,10,100).`);
  const values = (eq >= 0 ? text.slice(eq + 1) : text).split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (values.length === 0) throw new CliError('--predict needs x values, e.g. --predict conc=1,10,100.');
  const bad = values.find((s) => !Number.isFinite(Number(s)));
  if (bad !== undefined) throw new CliError(`--predict: "${bad}" is not a finite number; give x values such as --predict conc=1,10,100.`);
  const x = values.map(Number);
  return { variable, x };
}

/** The assay options, checked against each other and against the rest of the command. */
export function assayArgs(t: AssayArgText, with_: { grouped: boolean; wide: boolean; shared: boolean; random: boolean; loss: string; mle: boolean }): AssayCommand {
  if (t.sample !== undefined && !t.interpolate) throw new CliError('--sample names the column that groups replicated unknowns: add --interpolate.');
  if (t.sample !== undefined && t.sample.trim() === '') throw new CliError('--sample needs a column name (e.g. --sample sample).');
  if (t.outlierQ !== undefined && t.outliers === undefined) throw new CliError('--outlier-q is the false discovery rate of ROUT: add --outliers rout.');
  let outliers: AssayCommand['outliers'] = null;
  if (t.outliers !== undefined) {
    if (t.outliers !== 'rout') throw new CliError(`--outliers takes rout (robust fit and false discovery rate, Motulsky & Brown 2006), got "${t.outliers}".`);
    const q = t.outlierQ === undefined ? 1 : t.outlierQ.trim() === '' ? NaN : Number(t.outlierQ);
    if (!(q > 0 && q < 100)) throw new CliError(`--outlier-q is a percentage above 0 and below 100 (e.g. --outlier-q 1), got "${t.outlierQ}".`);
    outliers = { method: 'rout', q: q / 100, ...(t.keepRows !== undefined ? { keep: keepRowsArg(t.keepRows) } : {}) };
  } else if (t.keepRows !== undefined) throw new CliError('--keep-rows names rows ROUT must not flag: add --outliers rout.');
  const predict = t.predict === undefined ? null : predictArg(t.predict);
  const any = t.interpolate || predict !== null || outliers !== null;
  if (any) {
    const option = t.interpolate ? '--interpolate' : predict ? '--predict' : '--outliers';
    const clash = with_.wide ? '--wide (the unknowns of a wide file have no rows of their own; use --group)'
      : with_.random ? '--random (a mixed-effects fit; per-group fits read off unknowns: drop --random)'
      : with_.grouped && with_.shared ? '--group --shared (a global fit; per-group fits read off unknowns and run ROUT)' : with_.mle ? '--mle poisson' : outliers && with_.loss !== 'linear' ? `--loss ${with_.loss} (ROUT runs its own robust fit, then least squares)` : null;
    if (clash) throw new CliError(`${option} does not combine with ${clash}.`);
  }
  const bootstrap = bootstrapArgs(t);
  // Per group (steps/groupAssay.ts): each group's own fit is resampled; a global or mixed fit's groups are not fits of their own.
  if (bootstrap && (with_.shared || with_.random)) throw new CliError(`--ci bootstrap resamples each group's own fit; it does not combine with ${with_.shared ? '--shared (a global fit)' : '--random (a mixed-effects fit)'}: drop it, or fit each group with --group alone.`);
  if (bootstrap && with_.mle) throw new CliError('--ci bootstrap resamples least-squares fits; it does not combine with --mle poisson.');
  return { interpolate: t.interpolate, sample: t.sample ?? null, predict, outliers, bootstrap };
}

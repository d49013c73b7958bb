/**
 * The `fitbench fit` command line that runs a FitSpec's fit on a CSV (src/cli/args.ts), with the
 * one-file CLI the page offers for download (fitbench.mjs, scripts/cliBundle.mjs):
 *
 *   node fitbench.mjs fit DATA.csv --model 'EXPR' --y COL [--sigma COL] [--absolute-sigma]
 *     [--p0 a=1,b=2] [--bounds a=0:inf,b=-1:1] [--fix c=0] [--loss NAME] [--f-scale V]
 *     [--ftol V] [--xtol V] [--gtol V] [--max-nfev N] [--x-scale jac|V]
 *     [--method auto|dense|normal] [--backend auto|cpu|gpu]
 *     [--where COL=VALUE ...] [--exclude-rows 3,17,20-25]
 *     [--group COL [--groups K1,K2] [--shared a,b | --random a,b --random-cov full|diag --method ml|reml]]
 *     [--tie b=2*a] [--sigma-x x=sx]
 *
 * Options equal to the CLI's defaults (src/fit/defaults.ts: linear loss, f_scale 1, tolerances
 * 1e-15, the default budget, x_scale jac, auto method and backend) are left out. Numbers are the
 * shortest text that reads back as the same double; infinite bounds are -inf / inf. Every word is
 * POSIX-shell quoted (shellQuote.ts). A word that would start with '-' as an option value is
 * written as --option=VALUE (node's parseArgs refuses "--model -x" as ambiguous), and a file
 * name starting with '-' gets a './' prefix. x columns are not passed: the CLI takes every
 * identifier of the model that names a column of the file as a variable.
 *
 * An ODE model (issue 23) names its time column with --time and its integration with
 * --ode-method, --rtol and --atol (left out at src/fit/ode's defaults); its `~` lines name the
 * observed columns, so --y and --sigma are written only for a one-state model without one.
 *
 * Groups (issue 9) as groupPlan.ts normalizes them: --group with the column, --groups with the
 * picked keys (a comma or backslash inside a key escaped with a backslash, as the CLI's
 * parseKeyList reads them), and --shared for a global fit. A mixed-effects fit (issue 25) writes
 * --random with its random parameters, and --random-cov and --method (with --random the CLI's
 * --method is the likelihood, ml or reml) even at their defaults, so the command says which fit
 * it is; the solver's own --method (dense or normal) does not apply to it and is left out.
 */
import { assayWords } from './assayWords';
import { DEFAULTS } from '../fit/defaults';
import { ODE_DEFAULTS } from '../fit/ode/odeDefaults';
import { parseStatements } from '../model/index';
import type { DerivedSpec } from '../fit/derived';
import type { FitSpec, ParameterRow } from '../share/types';
import { exportGroups } from './groupPlan';
import { shellJoin } from './shellQuote';
import { untieSpec } from './untie';
import { escapeKey } from '../data/keyList';

/** How the command starts: node and the downloaded one-file CLI (in a clone, `npx fitbench` does the same). */
export const CLI_PROGRAM = ['node', 'fitbench.mjs'] as const;

export interface CliCommandOptions {
  readonly csvFileName: string;
  /** Derived quantities typed in the results, as --derive NAME=EXPR (single fits only: the CLI refuses them with groups). */
  readonly derive?: readonly DerivedSpec[];
  /** The page's second model ("Compare with another model") as --compare-model and --compare-fix (single fits only). */
  readonly compareModel?: { readonly model: string; readonly fixed: readonly { readonly name: string; readonly value: number }[]; readonly nested?: boolean };
}

/** The CLI's number text: shortest round trip, -0 kept, ±inf. */
export function cliNumber(v: number): string {
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  return Object.is(v, -0) ? '-0' : String(v);
}

/** Line numbers as the CLI's --exclude-rows list: sorted, runs of consecutive lines as ranges. */
export function lineList(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join(',');
}

/** A group key for --groups: a comma (the separator) and a backslash (the escape) escaped. */
export { escapeKey };

/** Words of the command, unquoted (for programs: execFile, spawn). */
export function cliWords(tiedSpec: FitSpec, options: CliCommandOptions): string[] {
  // Tied parameters: --tie NAME=EXPR on a single fit (its rows left out of --p0, --bounds and
  // --fix, which the CLI refuses for them); group fits get the model with the ties written in.
  const untied = untieSpec(tiedSpec);
  const single = exportGroups(tiedSpec) === null;
  const spec = single ? { ...untied.spec, model: tiedSpec.model } : untied.spec;
  const words = [...CLI_PROGRAM, 'fit', options.csvFileName.startsWith('-') ? `./${options.csvFileName}` : options.csvFileName];
  const option = (name: string, value: string) => {
    if (value.startsWith('-')) words.push(`--${name}=${value}`);
    else words.push(`--${name}`, value);
  };
  const list = (rows: readonly ParameterRow[], item: (p: ParameterRow) => string) => rows.map(item).join(',');
  const s = spec.settings;
  option('model', spec.model);
  const statements = spec.ode ? parseStatements(spec.model) : null;
  const observedByLines = statements?.ok === true && statements.value.observations.length > 0;
  if (spec.ode) {
    option('time', spec.columns.x[0] ?? '');
    if (spec.ode.method !== ODE_DEFAULTS.method) option('ode-method', spec.ode.method);
    if (spec.ode.rtol !== ODE_DEFAULTS.rtol) option('rtol', cliNumber(spec.ode.rtol));
    if (spec.ode.atol !== ODE_DEFAULTS.atol) option('atol', cliNumber(spec.ode.atol));
  }
  if (!observedByLines) {
    option('y', spec.columns.y);
    if (spec.columns.sigma !== null) option('sigma', spec.columns.sigma);
  }
  // Errors in x (issue 24): --sigma-x x1=s1,x2=s2, each x measured with error and its σ column.
  const sigmaX = spec.columns.sigmaX;
  const withSigma = sigmaX ? spec.columns.x.filter((x) => Object.prototype.hasOwnProperty.call(sigmaX, x)) : [];
  if (sigmaX && withSigma.length > 0) option('sigma-x', withSigma.map((x) => `${x}=${sigmaX[x]}`).join(','));
  if (s.weights && s.weights !== 'sigma') option('weights', s.weights);
  if (s.absoluteSigma) words.push('--absolute-sigma');
  // Row filters and excluded points (issue 9), in the file's own line numbers.
  for (const where of spec.rows?.where ?? []) option('where', where);
  if (spec.rows && spec.rows.exclude.length > 0) option('exclude-rows', lineList(spec.rows.exclude));
  const groups = exportGroups(spec);
  if (groups) {
    option('group', groups.column);
    if (groups.pick) option('groups', groups.pick.map(escapeKey).join(','));
    if (groups.mode === 'global') option('shared', groups.shared.join(','));
    if (groups.mixed) {
      option('random', groups.mixed.random.join(','));
      option('random-cov', groups.mixed.cov);
      option('method', groups.mixed.method);
    }
  }
  const free = spec.parameters.filter((p) => !p.fixed);
  const bounded = free.filter((p) => p.min !== -Infinity || p.max !== Infinity);
  const fixed = spec.parameters.filter((p) => p.fixed);
  // An empty start value is left out of --p0: the command line then searches for it, as the page's Fit does.
  const given = free.filter((p) => p.value !== null);
  if (given.length > 0) option('p0', list(given, (p) => `${p.name}=${cliNumber(p.value ?? NaN)}`));
  if (bounded.length > 0) option('bounds', list(bounded, (p) => `${p.name}=${cliNumber(p.min)}:${cliNumber(p.max)}`));
  if (fixed.length > 0) option('fix', list(fixed, (p) => `${p.name}=${cliNumber(p.value ?? NaN)}`));
  if (s.loss !== DEFAULTS.loss) option('loss', s.loss);
  if (s.fScale !== DEFAULTS.fScale) option('f-scale', cliNumber(s.fScale));
  if (s.ftol !== DEFAULTS.ftol) option('ftol', cliNumber(s.ftol));
  if (s.xtol !== DEFAULTS.xtol) option('xtol', cliNumber(s.xtol));
  if (s.gtol !== DEFAULTS.gtol) option('gtol', cliNumber(s.gtol));
  if (s.maxNfev !== null) option('max-nfev', String(s.maxNfev));
  if (s.xScale !== DEFAULTS.xScale) option('x-scale', cliNumber(s.xScale));
  if (s.method !== DEFAULTS.method && !groups?.mixed) option('method', s.method);
  if (s.backend !== 'auto') option('backend', s.backend);
  // VarPro is a single least-squares fit's option (the command line refuses it with groups or a robust loss).
  if (s.varpro && !groups && s.loss === 'linear' && s.objective !== 'poisson') words.push('--varpro');
  if (s.objective === 'poisson' && !groups) option('mle', 'poisson');
  if (single) for (const t of untied.ties) option('tie', `${t.name}=${t.expression}`);
  if (!groups) for (const d of options.derive ?? []) option('derive', `${d.name}=${d.expression}`);
  // The assay steps (issue 26) of a closed-form fit.
  if (!spec.ode) assayWords(spec.assay, spec.columns.x.length === 1 ? spec.columns.x[0] : undefined, option, (name) => words.push(`--${name}`));
  if (!groups && options.compareModel) {
    // Its starts come from the start search, in the page as in the CLI (no --compare-p0).
    option('compare-model', options.compareModel.model);
    if (options.compareModel.fixed.length > 0) option('compare-fix', options.compareModel.fixed.map((f) => `${f.name}=${cliNumber(f.value)}`).join(','));
    if (options.compareModel.nested) words.push('--nested');
  }
  return words;
}

/** The command as one line of POSIX shell text. */
export function cliCommand(spec: FitSpec, options: CliCommandOptions): string {
  return shellJoin(cliWords(spec, options));
}

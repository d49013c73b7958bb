/**
 * Parses `fitbench fit DATA.csv --model EXPR [options]` into plain, validated data. Option
 * values are checked here once, with messages that name the option and the fix.
 *
 * A value may start with "-" (`--p0 -1`, `--model -a*x`, `--f-scale -1`): whatever follows an
 * option that takes a value is its value unless it is itself an option of fitbench (then the
 * option "needs a value"). node:util parseArgs alone refuses such values with a three-line hint.
 * --p0, --bounds and --fix may be repeated and are merged (a parameter named twice is an error);
 * any other option given twice is an error rather than the last one silently winning.
 */
import { parseArgs } from 'node:util';
import { parseLineList, parseWhere, type LineRange, type WhereClause } from '../data';
import { parseKeyList as keyList } from '../data/keyList';
import type { FitOptions, Method } from '../fit/defaults';
import { WEIGHTINGS, type Weighting } from '../fit/weights';
import { isLossName, type LossName } from '../solver/loss';
import { parseDerivedSpec, type DerivedSpec } from '../fit/derived';
import { ODE_DEFAULTS, ODE_METHODS, type OdeIntegration } from '../fit/ode';
import type { OdeMethod } from '../ode/types';
import { notCheckpointed, settingClash, type FitSettings, type SettingClash } from '../job/validate';
import { CliError } from './errors';
import { parseMemoryLimit } from './memoryLimit';
import { assayArgs, type AssayCommand } from './assayArgs';
import { mixedArgs, type MixedCommand } from './mixedArgs';

export type Backend = 'auto' | 'cpu' | 'gpu';

export interface FitCommand {
  readonly file: string;
  /** The model's text: --model, or the text of --model-file once read (modelText.ts, withModelFile). */
  readonly model: string;
  /** --model-file PATH: the model's text is in this file (null: --model gave it). */
  readonly modelFile: string | null;
  /** --time COL: an ODE model's time column (null: a column named t or time, else the x rule). */
  readonly time: string | null;
  /** --ode-method, --rtol, --atol: an ODE model's integration (defaults filled in). */
  readonly ode: OdeIntegration;
  /** Which of --time, --ode-method, --rtol, --atol were given (they belong to an ODE model). */
  readonly odeOptions: readonly string[];
  readonly y: string | null;
  readonly sigma: string | null;
  readonly p0: ReadonlyMap<string, number>;
  readonly bounds: ReadonlyMap<string, [number, number]>;
  readonly fix: ReadonlyMap<string, number>;
  readonly options: FitOptions;
  readonly backend: Backend;
  readonly json: boolean;
  /** --group COL: fit each group of rows keyed by this column (name or header text). */
  readonly group: string | null;
  /** --wide: one group per y column (--y lists them, comma-separated; default: every other numeric column). */
  readonly wide: boolean;
  /** --where clauses (repeatable; all must hold), parsed; columns are checked against the file in load. */
  readonly where: readonly WhereClause[];
  /** --exclude-rows: the file's line numbers (header = line 1) left out of the fit. */
  readonly excludeRows: readonly LineRange[];
  /** --shared a,b: a global fit over the groups with these parameters shared (empty: per group). */
  readonly shared: readonly string[];
  /** --groups: keys of the groups to fit, as written in the file (null: every group). */
  readonly groups: readonly string[] | null;
  /** --compare: also fit per group and compare by the F test and AICc (needs --shared). */
  readonly compare: boolean;
  /** --workers N: worker threads for per-group batches and a large fit's float64 passes (0 in-process; null automatic). */
  readonly workers: number | null;
  /** --ci: the reported intervals, Wald (± t·se, the default) or profile likelihood. */
  readonly ci: CiMethod;
  /** --starts N: Sobol candidates of the automatic start search (null: default, and only when a start is missing). */
  readonly starts: number | null;
  /** --seed N: the Sobol digital shift of the start search (default 0: the same candidates every run). */
  readonly seed: number;
  /** --mle poisson: Poisson maximum likelihood (the Cash statistic) instead of least squares. */
  readonly mle: 'poisson' | null;
  /** --tie NAME=EXPR: parameters defined by the others (replaced in the model, reported as derived). */
  readonly ties: readonly DerivedSpec[];
  /** --derive NAME=EXPR: quantities computed from the fitted parameters with delta-method errors. */
  readonly derive: readonly DerivedSpec[];
  /** --checkpoint FILE: the fit's state saved there as it runs; --resume continues from it. */
  readonly checkpoint: { readonly file: string; readonly resume: boolean; readonly everyMs: number } | null;
  /** --report FILE.html: also write the printable fit report there (single fits only). */
  readonly report: string | null;
  /** --varpro: fit the nonlinear parameters with the linear ones eliminated first (src/start/varpro.ts). */
  readonly varpro: boolean;
  /** --compare-model EXPR (with --compare-p0/-bounds/-fix, --nested): a second model on the same rows. */
  readonly compareModel: CompareModelCommand | null;
  /** --memory-limit SIZE in bytes (null: half of the machine's memory); above it the columns are streamed from disk. */
  readonly memoryLimit: number | null;
  /** --random (with --random-cov, --method ml|reml): a mixed-effects fit over the groups (null or absent: none). */
  readonly mixed?: MixedCommand | null;
  /** --sigma-x COL or x1=s1,x2=s2: errors in x (issue 24, odrCommand.ts), unparsed (null: none). */
  readonly sigmaX: string | null;
  /** --deltas: an errors-in-x fit's δ (and ε) per row in the JSON. */
  readonly deltas: boolean;
  /** --interpolate, --sample, --predict, --outliers, --outlier-q (issue 26: assayArgs.ts). */
  readonly assay: AssayCommand;
}

/** The second model of a model comparison and its parameter table, as --p0/--bounds/--fix. */
export interface CompareModelCommand {
  readonly model: string;
  readonly p0: ReadonlyMap<string, number>;
  readonly bounds: ReadonlyMap<string, [number, number]>;
  readonly fix: ReadonlyMap<string, number>;
  /** --nested: the user states that one model is the other with parameters fixed (not checked). */
  readonly nested: boolean;
}

export type CiMethod = 'wald' | 'profile';

const OPTIONS = {
  model: { type: 'string', short: 'm', multiple: true },
  'model-file': { type: 'string', multiple: true },
  time: { type: 'string', multiple: true },
  'ode-method': { type: 'string', multiple: true },
  rtol: { type: 'string', multiple: true },
  atol: { type: 'string', multiple: true },
  y: { type: 'string', multiple: true },
  sigma: { type: 'string', multiple: true },
  p0: { type: 'string', multiple: true },
  bounds: { type: 'string', multiple: true },
  fix: { type: 'string', multiple: true },
  loss: { type: 'string', multiple: true },
  'f-scale': { type: 'string', multiple: true },
  ftol: { type: 'string', multiple: true },
  xtol: { type: 'string', multiple: true },
  gtol: { type: 'string', multiple: true },
  'max-nfev': { type: 'string', multiple: true },
  'x-scale': { type: 'string', multiple: true },
  method: { type: 'string', multiple: true },
  backend: { type: 'string', multiple: true },
  'absolute-sigma': { type: 'boolean' },
  varpro: { type: 'boolean' },
  group: { type: 'string', multiple: true },
  wide: { type: 'boolean' },
  where: { type: 'string', multiple: true },
  'exclude-rows': { type: 'string', multiple: true },
  shared: { type: 'string', multiple: true },
  random: { type: 'string', multiple: true },
  'random-cov': { type: 'string', multiple: true },
  'compare-random': { type: 'string', multiple: true },
  'compare-random-cov': { type: 'string', multiple: true },
  groups: { type: 'string', multiple: true },
  compare: { type: 'boolean' },
  workers: { type: 'string', multiple: true },
  ci: { type: 'string', multiple: true },
  weights: { type: 'string', multiple: true },
  starts: { type: 'string', multiple: true },
  seed: { type: 'string', multiple: true },
  checkpoint: { type: 'string', multiple: true },
  tie: { type: 'string', multiple: true },
  mle: { type: 'string', multiple: true },
  derive: { type: 'string', multiple: true },
  'checkpoint-every': { type: 'string', multiple: true },
  resume: { type: 'boolean' },
  report: { type: 'string', multiple: true },
  'compare-model': { type: 'string', multiple: true },
  'compare-p0': { type: 'string', multiple: true },
  'compare-bounds': { type: 'string', multiple: true },
  'compare-fix': { type: 'string', multiple: true },
  nested: { type: 'boolean' },
  'memory-limit': { type: 'string', multiple: true },
  'sigma-x': { type: 'string', multiple: true },
  deltas: { type: 'boolean' },
  interpolate: { type: 'boolean' },
  sample: { type: 'string', multiple: true },
  predict: { type: 'string', multiple: true },
  outliers: { type: 'string', multiple: true },
  'outlier-q': { type: 'string', multiple: true },
  'keep-rows': { type: 'string', multiple: true },
  bootstrap: { type: 'string', multiple: true },
  'bootstrap-kind': { type: 'string', multiple: true },
  'bootstrap-interval': { type: 'string', multiple: true },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** A number as users write it on a command line: 1e-3, -inf, inf, nan rejected. */
export function parseNumberArg(text: string, what: string): number {
  const t = text.trim().toLowerCase();
  if (t === 'inf' || t === '+inf' || t === 'infinity') return Infinity;
  if (t === '-inf' || t === '-infinity') return -Infinity;
  const v = t === '' ? NaN : Number(t);
  if (Number.isNaN(v)) throw new CliError(`${what}: "${text}" is not a number.`);
  return v;
}

function positive(text: string | undefined, option: string): number | undefined {
  if (text === undefined) return undefined;
  const v = parseNumberArg(text, `--${option}`);
  if (!(v > 0) || !Number.isFinite(v)) throw new CliError(`--${option} must be a positive number, got "${text}".`);
  return v;
}

/** `a=1,b=2` → Map; each entry through `value`. */
export function parseAssignments<T>(text: string, option: string, value: (v: string, name: string) => T): Map<string, T> {
  const out = new Map<string, T>();
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq <= 0) throw new CliError(`--${option}: expected name=value, got "${item}" (e.g. --${option} a=1,b=2).`);
    const name = item.slice(0, eq).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new CliError(`--${option}: "${name}" is not a parameter name.`);
    if (out.has(name)) throw new CliError(`--${option}: "${name}" is given twice.`);
    out.set(name, value(item.slice(eq + 1).trim(), name));
  }
  return out;
}

function parseBound(v: string, name: string, option = 'bounds'): [number, number] {
  const colon = v.indexOf(':');
  if (colon < 0) throw new CliError(`--${option}: "${name}=${v}" needs lower:upper (e.g. ${name}=0:inf).`);
  const lo = parseNumberArg(v.slice(0, colon) || '-inf', `--${option} ${name} lower`);
  const hi = parseNumberArg(v.slice(colon + 1) || 'inf', `--${option} ${name} upper`);
  if (!(lo < hi)) throw new CliError(`--${option}: the lower bound of "${name}" (${lo}) must be below its upper bound (${hi}).`);
  return [lo, hi];
}

function oneOf<T extends string>(value: string | undefined, option: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError(`--${option} must be one of ${allowed.join(', ')}; got "${value}".`);
}

type Option = keyof typeof OPTIONS;
const LONG = new Map(Object.keys(OPTIONS).map((name) => [`--${name}`, name as Option]));
const SHORT = new Map(Object.entries(OPTIONS).flatMap(([name, o]) => ('short' in o ? [[`-${o.short}`, name as Option]] : [])));

/** The option a word names (`--p0`, `-m`), without an inline `=value`; undefined otherwise. */
const optionOf = (word: string): Option | undefined => LONG.get(word.split('=')[0] ?? word) ?? SHORT.get(word);

/**
 * argv with each value of a string option written inline (`--p0=-1`), so that a value starting
 * with "-" is a value; an option followed by nothing or by another option needs a value.
 */
function inlineValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const name = word.includes('=') ? undefined : optionOf(word);
    if (name === undefined || OPTIONS[name].type !== 'string') {
      out.push(word);
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || optionOf(value) !== undefined) {
      const example = name === 'model' ? ' (e.g. --model "a*exp(-x/tau) + c")' : name === 'p0' ? ' (e.g. --p0 a=1,b=2)' : '';
      throw new CliError(`--${name} needs a value${example}.`);
    }
    out.push(`--${name}=${value}`);
    i++;
  }
  return out;
}

/** The one value of an option that takes one; given twice is an error. */
function single(values: readonly string[] | undefined, name: string): string | undefined {
  if (values === undefined || values.length === 0) return undefined;
  if (values.length > 1) {
    const shown = values.map((v) => JSON.stringify(v)).join(', ');
    throw new CliError(`--${name} is given ${values.length === 2 ? 'twice' : `${values.length} times`} (${shown}); give it once.`);
  }
  return values[0];
}

function groupArg(group: string | undefined, wide: boolean): string | null {
  if (group === undefined) return null;
  if (group.trim() === '') throw new CliError('--group needs a column name (e.g. --group state).');
  if (wide) throw new CliError('--group and --wide cannot be combined: --group splits rows by a column, --wide makes each y column a group; choose one.');
  return group;
}

/** Each --where clause, parsed; a bad one names itself and the forms that work. */
function parseWhereArgs(texts: readonly string[]): WhereClause[] {
  return texts.map((text) => {
    const clause = parseWhere(text);
    if (!clause.ok) throw new CliError(`--where: ${clause.error.message}.`);
    return clause.value;
  });
}

function parseExcludeArgs(texts: readonly string[]): LineRange[] {
  const ranges: LineRange[] = [];
  for (const text of texts) {
    const parsed = parseLineList(text);
    if (!parsed.ok) throw new CliError(`--exclude-rows: ${parsed.error.message}.`);
    ranges.push(...parsed.value);
  }
  return ranges;
}

/** --groups KEY,KEY,… (src/data/keyList.ts: a comma in a key is written \\,); repeated --groups merge. */
export function parseKeyList(texts: readonly string[]): string[] {
  const keys = keyList(texts);
  if (!keys.ok) throw new CliError(`--groups: ${keys.problem}.`);
  if (keys.value.length === 0) throw new CliError('--groups needs group keys, e.g. --groups treated,untreated.');
  return keys.value;
}

/** --shared, --compare and --groups, which only mean something with --group or --wide, and --workers. */
function groupModeArgs(sharedText: string | undefined, compare: boolean, workersText: string | undefined, groupsTexts: readonly string[] | undefined, grouped: boolean): Pick<FitCommand, 'shared' | 'compare' | 'workers' | 'groups'> {
  const shared: string[] = [];
  for (const part of (sharedText ?? '').split(',')) {
    const name = part.trim();
    if (name === '') continue;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new CliError(`--shared: "${name}" is not a parameter name (e.g. --shared K,h).`);
    if (shared.includes(name)) throw new CliError(`--shared: "${name}" is given twice.`);
    shared.push(name);
  }
  if (sharedText !== undefined && shared.length === 0) throw new CliError('--shared needs parameter names, e.g. --shared K.');
  if (!grouped && (sharedText !== undefined || compare || groupsTexts !== undefined)) {
    const option = sharedText !== undefined ? '--shared' : compare ? '--compare' : '--groups';
    throw new CliError(`${option} applies to grouped fits: add --group COL (or --wide).`);
  }
  if (compare && shared.length === 0) throw new CliError('--compare compares a global fit with the per-group fits: name the shared parameters with --shared (e.g. --shared K --compare).');
  let workers: number | null = null;
  if (workersText !== undefined) {
    workers = Number(workersText);
    if (!Number.isInteger(workers) || workers < 0) throw new CliError(`--workers must be a whole number ≥ 0 (0: in this process), got "${workersText}".`);
  }
  return { shared, compare, workers, groups: groupsTexts === undefined ? null : parseKeyList(groupsTexts) };
}

/** The option a setting clash names (src/job/validate.ts settingClash), in each fit's own words. */
function clashWords(fit: 'varpro' | 'poisson' | 'compare-model', clash: SettingClash, loss: string): string {
  if (clash === 'loss') return `--loss ${loss}${fit === 'varpro' ? ' (the linear parameters are solved by least squares)' : ''}`;
  if (clash === 'groups') return fit === 'varpro' ? '--group/--wide (it fits one dataset)' : fit === 'poisson' ? '--group/--wide' : '--group/--wide (compare a global fit with --shared and --compare instead)';
  const words = { starts: '--starts (the start search already solves the linear parameters at every candidate)', poisson: fit === 'varpro' ? '--mle' : '--mle poisson', checkpoint: '--checkpoint', weights: '--sigma/--weights (Poisson counts carry their own variance)', profile: '--ci profile' } as const;
  return words[clash];
}

/** --varpro, refused with what it does not combine with (it fits one least-squares problem from given starts). */
function varproArg(on: boolean, settings: FitSettings): boolean {
  const clash = on ? settingClash('varpro', settings) : null;
  if (clash) throw new CliError(`--varpro does not combine with ${clashWords('varpro', clash, settings.loss)}; drop one of them.`);
  return on;
}

/** --mle poisson, and the options it cannot be combined with. */
function mleArg(text: string | undefined, settings: FitSettings): 'poisson' | null {
  if (text === undefined) return null;
  if (text !== 'poisson') throw new CliError(`--mle takes poisson (Poisson maximum likelihood for counts), got "${text}".`);
  const clash = settingClash('poisson', settings);
  if (clash) throw new CliError(`--mle poisson does not combine with ${clashWords('poisson', clash, settings.loss)}; drop one of them.`);
  return 'poisson';
}

/** --tie and --derive, each NAME=EXPR, repeatable; names used once. */
function tiesAndDerived(tie: readonly string[], derive: readonly string[], grouped: boolean): { ties: DerivedSpec[]; derive: DerivedSpec[] } {
  if (grouped && tie.length + derive.length > 0) throw new CliError(`--${tie.length ? 'tie' : 'derive'} works on one fit; group fits (--group, --wide) do not take it yet.`);
  const read = (option: string) => (text: string) => {
    const spec = parseDerivedSpec(text);
    if (!spec) throw new CliError(`--${option} takes NAME=EXPRESSION (e.g. --${option} ${option === 'tie' ? 'b=2*a' : 'half=ln(2)/k'}), got "${text}".`);
    return spec;
  };
  const ties = tie.map(read('tie'));
  const derived = derive.map(read('derive'));
  const names = [...ties, ...derived].map((s) => s.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new CliError(`"${twice}" is named twice in --tie/--derive; give each name once.`);
  return { ties, derive: derived };
}

/** --checkpoint FILE [--checkpoint-every SECONDS] [--resume], checked together. */
function checkpointArgs(file: string | undefined, everyText: string | undefined, resume: boolean, grouped: boolean): FitCommand['checkpoint'] {
  if (file === undefined) {
    if (resume || everyText !== undefined) throw new CliError(`--${resume ? 'resume' : 'checkpoint-every'} needs --checkpoint FILE (the file the fit's state is saved in).`);
    return null;
  }
  if (file === '') throw new CliError('--checkpoint needs a file name (e.g. --checkpoint fit.ckpt.json).');
  if (notCheckpointed({ grouped }) === 'groups') throw new CliError('--checkpoint saves one fit; group fits (--group, --wide) are not checkpointed yet. Drop --checkpoint.');
  const every = everyText === undefined ? 2 : Number(everyText);
  if (!(every >= 0 && Number.isFinite(every))) throw new CliError(`--checkpoint-every must be a number of seconds ≥ 0 (0: after every iteration), got "${everyText}".`);
  return { file, resume, everyMs: every * 1000 };
}

/** --compare-model and its own --compare-p0/-bounds/-fix and --nested, checked against the rest. */
function compareModelArgs(
  model: string | undefined,
  merged: (name: 'compare-p0' | 'compare-bounds' | 'compare-fix') => string,
  nested: boolean,
  settings: FitSettings,
): CompareModelCommand | null {
  if (model === undefined) {
    const stray = (['compare-p0', 'compare-bounds', 'compare-fix'] as const).find((o) => merged(o) !== '');
    if (stray || nested) throw new CliError(`--${stray ?? 'nested'} belongs to a model comparison: add --compare-model "EXPR" (the second model).`);
    return null;
  }
  if (model.trim() === '') throw new CliError('--compare-model needs the second model (e.g. --compare-model "Vm*conc/(K + conc) + b*conc").');
  const clash = settingClash('compare-model', settings);
  if (clash) throw new CliError(`--compare-model compares two least-squares fits of one dataset; it does not combine with ${clashWords('compare-model', clash, settings.loss)}.`);
  return {
    model,
    p0: parseAssignments(merged('compare-p0'), 'compare-p0', (s, n) => parseNumberArg(s, `--compare-p0 ${n}`)),
    bounds: parseAssignments(merged('compare-bounds'), 'compare-bounds', (v, n) => parseBound(v, n, 'compare-bounds')),
    fix: parseAssignments(merged('compare-fix'), 'compare-fix', (s, n) => parseNumberArg(s, `--compare-fix ${n}`)),
    nested,
  };
}

export function parseFitArgs(argv: readonly string[]): FitCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: inlineValues(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // One line: node's messages add a hint about positionals starting with "-" on their own lines.
    const message = (error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, '');
    const unknown = /^Unknown option '([^']*)'/.exec(message);
    throw new CliError(`${unknown ? `Unknown option '${unknown[1]}'` : (message.split('\n')[0] ?? message).replace(/\.$/, '')} (see fitbench fit --help).`);
  }
  const all = parsed.values;
  const one = (name: Exclude<Option, 'absolute-sigma' | 'varpro' | 'json' | 'help' | 'wide' | 'where' | 'exclude-rows' | 'compare' | 'resume' | 'tie' | 'derive' | 'nested' | 'deltas' | 'interpolate'>): string | undefined => single(all[name], name);
  /** Repeated --p0/--bounds/--fix merge: their lists are joined, so a name given twice is caught once. */
  const merged = (name: 'p0' | 'bounds' | 'fix' | 'compare-p0' | 'compare-bounds' | 'compare-fix'): string => (all[name] ?? []).join(',');
  const v = {
    help: all.help,
    model: one('model'),
    'model-file': one('model-file'),
    time: one('time'),
    'ode-method': one('ode-method'),
    rtol: one('rtol'),
    atol: one('atol'),
    y: one('y'),
    sigma: one('sigma'),
    loss: one('loss'),
    'f-scale': one('f-scale'),
    ftol: one('ftol'),
    xtol: one('xtol'),
    gtol: one('gtol'),
    'max-nfev': one('max-nfev'),
    'x-scale': one('x-scale'),
    method: one('method'),
    backend: one('backend'),
    ci: one('ci'),
    weights: one('weights'),
    'absolute-sigma': all['absolute-sigma'],
    varpro: all.varpro,
    json: all.json,
    group: one('group'),
    wide: all.wide,
    where: all.where,
    'exclude-rows': all['exclude-rows'],
    shared: one('shared'),
    random: one('random'),
    'random-cov': one('random-cov'),
    'compare-random': one('compare-random'),
    'compare-random-cov': one('compare-random-cov'),
    compare: all.compare,
    workers: one('workers'),
    starts: one('starts'),
    seed: one('seed'),
    checkpoint: one('checkpoint'),
    'checkpoint-every': one('checkpoint-every'),
    resume: all.resume,
    tie: all.tie,
    derive: all.derive,
    mle: one('mle'),
    report: one('report'),
    'compare-model': one('compare-model'),
    nested: all.nested,
    'memory-limit': one('memory-limit'),
    'sigma-x': one('sigma-x'),
  };
  if (v.help) return 'help';
  if (parsed.positionals.length !== 1) {
    throw new CliError(parsed.positionals.length === 0 ? 'Give the data file: fitbench fit DATA.csv --model "EXPR".' : `Expected one data file, got ${parsed.positionals.join(' ')}.`);
  }
  if (v.model !== undefined && v['model-file'] !== undefined) throw new CliError('Give the model once: with --model "EXPR" or with --model-file PATH, not both.');
  if (!v.model && v['model-file'] === undefined) throw new CliError('Give the model with --model "EXPR" (e.g. --model "a*exp(-x/tau) + c"), or its text in a file with --model-file PATH.');
  if (v['model-file'] === '') throw new CliError('--model-file needs the path of the file that holds the model.');
  const loss = v.loss ?? 'linear';
  if (!isLossName(loss)) throw new CliError(`--loss must be one of linear, soft_l1, huber, cauchy, arctan; got "${loss}".`);
  const xScale = v['x-scale'] === undefined || v['x-scale'] === 'jac' ? 'jac' : positive(v['x-scale'], 'x-scale');
  const maxNfevText = v['max-nfev'];
  let maxNfev: number | undefined;
  if (maxNfevText !== undefined) {
    maxNfev = Number(maxNfevText);
    if (!Number.isInteger(maxNfev) || maxNfev <= 0) throw new CliError(`--max-nfev must be a positive integer, got "${maxNfevText}".`);
  }
  let starts: number | null = null;
  if (v.starts !== undefined) {
    starts = Number(v.starts);
    if (!Number.isInteger(starts) || starts < 1 || starts > 1_000_000) throw new CliError(`--starts must be a whole number of candidates from 1 to 1000000 (e.g. --starts 256), got "${v.starts}".`);
  }
  const seed = v.seed === undefined ? 0 : Number(v.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new CliError(`--seed must be a whole number from 0 to 4294967295 (e.g. --seed 1), got "${v.seed}".`);
  const refused = [...(['bounds', 'loss', 'varpro', 'mle', 'tie', 'derive'] as const).filter((o) => all[o] !== undefined).map((o) => `--${o}`), ...(v.ci === 'profile' ? ['--ci profile'] : [])];
  const grouped = v.group !== undefined || Boolean(v.wide);
  const mixed = mixedArgs(v.random, v['random-cov'], v.method, { grouped, shared: v.shared !== undefined, refused }, { random: v['compare-random'], cov: v['compare-random-cov'] });
  const checkpoint = checkpointArgs(v.checkpoint, v['checkpoint-every'], Boolean(v.resume), grouped);
  const settings: FitSettings = { grouped, loss, starts: v.starts !== undefined, poisson: v.mle !== undefined, checkpoint: checkpoint !== null, weights: v.sigma !== undefined || v.weights !== undefined, profile: v.ci === 'profile' };
  const options: FitOptions = {
    loss: loss as LossName,
    fScale: positive(v['f-scale'], 'f-scale'),
    ftol: positive(v.ftol, 'ftol'),
    xtol: positive(v.xtol, 'xtol'),
    gtol: positive(v.gtol, 'gtol'),
    maxNfev,
    xScale,
    method: oneOf<Method>(mixed ? undefined : v.method, 'method', ['auto', 'dense', 'normal'], 'auto'),
    absoluteSigma: Boolean(v['absolute-sigma']),
    weights: v.weights === undefined ? undefined : oneOf<Weighting>(v.weights, 'weights', WEIGHTINGS, 'sigma'),
  };
  for (const key of Object.keys(options) as (keyof FitOptions)[]) if (options[key] === undefined) delete options[key];
  // --ci bootstrap: Wald intervals in `ci`, the bootstrap's beside them (assayArgs.ts).
  const ciArg = oneOf<CiMethod | 'bootstrap'>(v.ci, 'ci', ['wald', 'profile', 'bootstrap'], 'wald');
  const ci: CiMethod = ciArg === 'bootstrap' ? 'wald' : ciArg;
  if (ci === 'profile' && loss !== 'linear') throw new CliError(`--ci profile needs the least-squares loss; drop --loss ${loss} or use --ci wald.`);
  if (v.report !== undefined && (v.group !== undefined || v.wide)) throw new CliError('--report writes the report of one fit; it does not work with --group or --wide yet (drop --report, or fit one group with --where).');
  if (v.report !== undefined && !/\.html?$/i.test(v.report)) throw new CliError(`--report writes an HTML page: give a file name ending in .html (got "${v.report}").`);
  const rtol = positive(v.rtol, 'rtol') ?? ODE_DEFAULTS.rtol;
  if (!(rtol < 1)) throw new CliError(`--rtol must be below 1 (e.g. --rtol 1e-8), got "${v.rtol}".`);
  const ode: OdeIntegration = {
    method: oneOf<OdeMethod>(v['ode-method'], 'ode-method', ODE_METHODS, ODE_DEFAULTS.method),
    rtol,
    atol: positive(v.atol, 'atol') ?? ODE_DEFAULTS.atol,
  };
  return {
    file: parsed.positionals[0],
    model: v.model ?? '',
    modelFile: v['model-file'] ?? null,
    time: v.time ?? null,
    ode,
    odeOptions: (['time', 'ode-method', 'rtol', 'atol'] as const).filter((o) => v[o] !== undefined).map((o) => `--${o}`),
    y: v.y ?? null,
    sigma: v.sigma ?? null,
    p0: parseAssignments(merged('p0'), 'p0', (s, n) => parseNumberArg(s, `--p0 ${n}`)),
    bounds: parseAssignments(merged('bounds'), 'bounds', parseBound),
    fix: parseAssignments(merged('fix'), 'fix', (s, n) => parseNumberArg(s, `--fix ${n}`)),
    options,
    backend: oneOf<Backend>(v.backend, 'backend', ['auto', 'cpu', 'gpu'], 'auto'),
    json: Boolean(v.json),
    group: groupArg(v.group, Boolean(v.wide)),
    wide: Boolean(v.wide),
    where: parseWhereArgs(v.where ?? []),
    excludeRows: parseExcludeArgs(v['exclude-rows'] ?? []),
    ...groupModeArgs(v.shared, Boolean(v.compare), v.workers, all.groups, grouped),
    ci,
    starts,
    seed,
    checkpoint,
    mle: mleArg(v.mle, settings),
    ...tiesAndDerived(v.tie ?? [], v.derive ?? [], grouped),
    report: v.report ?? null,
    varpro: varproArg(Boolean(v.varpro), settings),
    compareModel: compareModelArgs(v['compare-model'], merged, Boolean(v.nested), settings),
    memoryLimit: v['memory-limit'] === undefined ? null : parseMemoryLimit(v['memory-limit']),
    ...(mixed ? { mixed } : {}),
    sigmaX: v['sigma-x'] ?? null,
    deltas: Boolean(all.deltas),
    assay: assayArgs(
      { interpolate: Boolean(all.interpolate), sample: one('sample'), predict: one('predict'), outliers: one('outliers'), outlierQ: one('outlier-q'), keepRows: one('keep-rows'), ci: v.ci, bootstrap: one('bootstrap'), bootstrapKind: one('bootstrap-kind'), bootstrapInterval: one('bootstrap-interval'), seed },
      { grouped, wide: Boolean(v.wide), shared: v.shared !== undefined, random: v.random !== undefined, loss, mle: v.mle !== undefined },
    ),
  };
}

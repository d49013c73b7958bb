/**
 * Parses `fitbench fit DATA.csv --model EXPR [options]` into plain, validated data. Option
 * values are checked here once, with messages that name the option and the fix.
 */
import { parseArgs } from 'node:util';
import type { FitOptions, Method } from '../fit/defaults';
import { isLossName, type LossName } from '../solver/loss';
import { CliError } from './errors';

export type Backend = 'auto' | 'cpu' | 'gpu';

export interface FitCommand {
  readonly file: string;
  readonly model: string;
  readonly y: string | null;
  readonly sigma: string | null;
  readonly p0: ReadonlyMap<string, number>;
  readonly bounds: ReadonlyMap<string, [number, number]>;
  readonly fix: ReadonlyMap<string, number>;
  readonly options: FitOptions;
  readonly backend: Backend;
  readonly json: boolean;
}

const OPTIONS = {
  model: { type: 'string', short: 'm' },
  y: { type: 'string' },
  sigma: { type: 'string' },
  p0: { type: 'string' },
  bounds: { type: 'string' },
  fix: { type: 'string' },
  loss: { type: 'string' },
  'f-scale': { type: 'string' },
  ftol: { type: 'string' },
  xtol: { type: 'string' },
  gtol: { type: 'string' },
  'max-nfev': { type: 'string' },
  'x-scale': { type: 'string' },
  method: { type: 'string' },
  backend: { type: 'string' },
  'absolute-sigma': { type: 'boolean' },
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

function parseBound(v: string, name: string): [number, number] {
  const colon = v.indexOf(':');
  if (colon < 0) throw new CliError(`--bounds: "${name}=${v}" needs lower:upper (e.g. ${name}=0:inf).`);
  const lo = parseNumberArg(v.slice(0, colon) || '-inf', `--bounds ${name} lower`);
  const hi = parseNumberArg(v.slice(colon + 1) || 'inf', `--bounds ${name} upper`);
  if (!(lo < hi)) throw new CliError(`--bounds: the lower bound of "${name}" (${lo}) must be below its upper bound (${hi}).`);
  return [lo, hi];
}

function oneOf<T extends string>(value: string | undefined, option: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError(`--${option} must be one of ${allowed.join(', ')}; got "${value}".`);
}

export function parseFitArgs(argv: readonly string[]): FitCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, '')} (see fitbench fit --help).`);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (parsed.positionals.length !== 1) {
    throw new CliError(parsed.positionals.length === 0 ? 'Give the data file: fitbench fit DATA.csv --model "EXPR".' : `Expected one data file, got ${parsed.positionals.join(' ')}.`);
  }
  if (!v.model) throw new CliError('Give the model with --model "EXPR" (e.g. --model "a*exp(-x/tau) + c").');
  const loss = v.loss ?? 'linear';
  if (!isLossName(loss)) throw new CliError(`--loss must be one of linear, soft_l1, huber, cauchy, arctan; got "${loss}".`);
  const xScale = v['x-scale'] === undefined || v['x-scale'] === 'jac' ? 'jac' : positive(v['x-scale'], 'x-scale');
  const maxNfevText = v['max-nfev'];
  let maxNfev: number | undefined;
  if (maxNfevText !== undefined) {
    maxNfev = Number(maxNfevText);
    if (!Number.isInteger(maxNfev) || maxNfev <= 0) throw new CliError(`--max-nfev must be a positive integer, got "${maxNfevText}".`);
  }
  const options: FitOptions = {
    loss: loss as LossName,
    fScale: positive(v['f-scale'], 'f-scale'),
    ftol: positive(v.ftol, 'ftol'),
    xtol: positive(v.xtol, 'xtol'),
    gtol: positive(v.gtol, 'gtol'),
    maxNfev,
    xScale,
    method: oneOf<Method>(v.method, 'method', ['auto', 'dense', 'normal'], 'auto'),
    absoluteSigma: Boolean(v['absolute-sigma']),
  };
  for (const key of Object.keys(options) as (keyof FitOptions)[]) if (options[key] === undefined) delete options[key];
  return {
    file: parsed.positionals[0],
    model: v.model,
    y: v.y ?? null,
    sigma: v.sigma ?? null,
    p0: parseAssignments(v.p0 ?? '', 'p0', (s, n) => parseNumberArg(s, `--p0 ${n}`)),
    bounds: parseAssignments(v.bounds ?? '', 'bounds', parseBound),
    fix: parseAssignments(v.fix ?? '', 'fix', (s, n) => parseNumberArg(s, `--fix ${n}`)),
    options,
    backend: oneOf<Backend>(v.backend, 'backend', ['auto', 'cpu', 'gpu'], 'auto'),
    json: Boolean(v.json),
  };
}

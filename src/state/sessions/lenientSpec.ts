/**
 * A saved session's FitSpec read back. A session saves the page as it was, which may be mid-edit
 * (a half-typed model, a start value outside its bounds) where a link would be refused; so the
 * strict reader (specFromJson: every check a link gets) is tried first, and a spec it refuses is
 * read field by field with type checks only. Nothing in it runs: the model text goes to the page's
 * parser and the worker's compiler like typed text.
 */
import { specFromJson } from '../../share/index';
import type { FitSpec, GroupSpec, OdeSettings, ParameterRow, SolverSettings } from '../../share/types';
import { ODE_DEFAULTS, ODE_METHODS } from '../../fit/ode/odeDefaults';
import { SPEC_VERSION } from '../../share/types';
import { LOSS_NAMES } from '../../solver/loss';
import { WEIGHTINGS } from '../../fit/weights';
import { DEFAULT_SETTINGS } from '../slices/settings';

type Fields = Record<string, unknown>;

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

function row(v: unknown): ParameterRow | null {
  if (!isObject(v) || typeof v.name !== 'string') return null;
  // A value that is not a finite number reads as empty: the page's Fit searches for it (issue 11).
  const value = typeof v.value === 'number' && Number.isFinite(v.value) ? v.value : null;
  return { name: v.name, value, min: num(v.min, -Infinity), max: num(v.max, Infinity), fixed: v.fixed === true };
}

/** The settings that are names: only these words are taken from a record (they reach the kernels,
 *  the exported script and the command line); another value keeps the default. */
const WORDS: Partial<Record<keyof SolverSettings, readonly string[]>> = {
  loss: LOSS_NAMES,
  method: ['auto', 'dense', 'normal'],
  backend: ['auto', 'cpu', 'gpu'],
};

function settings(v: unknown): SolverSettings {
  if (!isObject(v)) return DEFAULT_SETTINGS;
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof SolverSettings)[]) {
    const value = v[key];
    const expected = typeof DEFAULT_SETTINGS[key];
    const words = WORDS[key];
    if (words !== undefined && !(typeof value === 'string' && words.includes(value))) continue;
    if (typeof value === expected || (key === 'maxNfev' && (value === null || typeof value === 'number')) || (key === 'xScale' && (value === 'jac' || typeof value === 'number'))) out[key] = value;
  }
  // Optional, so not among the defaults' keys.
  if (typeof v.varpro === 'boolean') out.varpro = v.varpro;
  if (typeof v.weights === 'string' && (WEIGHTINGS as readonly string[]).includes(v.weights)) out.weights = v.weights;
  if (v.objective === 'poisson' || v.objective === 'least-squares') out.objective = v.objective;
  return out as unknown as SolverSettings;
}

/** The groups of a record as far as they are shaped right (issue 9); the page checks the names. */
function groups(v: unknown): GroupSpec | undefined {
  if (!isObject(v) || typeof v.column !== 'string' || v.column === '') return undefined;
  const texts = (a: unknown): string[] => (Array.isArray(a) ? a.filter((n): n is string => typeof n === 'string') : []);
  // A mixed mode whose random set is not shaped right opens as "each group" (the page checks the names).
  const m = isObject(v.mixed) ? v.mixed : null;
  const random = m ? texts(m.random) : [];
  const mixed = v.mode === 'mixed' && m && random.length > 0 ? { random, cov: m.cov === 'diag' ? ('diag' as const) : ('full' as const), method: m.method === 'reml' ? ('reml' as const) : ('ml' as const) } : null;
  const mode = v.mode === 'global' ? 'global' : mixed ? 'mixed' : 'each';
  return { column: v.column, mode, shared: texts(v.shared), ...(Array.isArray(v.pick) ? { pick: texts(v.pick) } : {}), ...(mixed ? { mixed } : {}) };
}

/** The ties of a record that are shaped right (the page checks the names and expressions). */
function ties(v: unknown): { ties?: { name: string; expression: string }[] } {
  if (!Array.isArray(v)) return {};
  const out = v.filter((t): t is Fields => isObject(t) && typeof t.name === 'string' && t.name !== '' && typeof t.expression === 'string' && t.expression.trim() !== '').map((t) => ({ name: t.name as string, expression: t.expression as string }));
  return out.length > 0 ? { ties: out } : {};
}

/** An ODE model's integration when it is shaped right (issue 23); else the page's defaults. */
function odeSettings(v: unknown): { ode?: OdeSettings } {
  if (!isObject(v) || typeof v.method !== 'string' || !(ODE_METHODS as readonly string[]).includes(v.method)) return {};
  const positive = (x: unknown, fallback: number) => (typeof x === 'number' && x > 0 && Number.isFinite(x) ? x : fallback);
  return { ode: { method: v.method as OdeSettings['method'], rtol: typeof v.rtol === 'number' && v.rtol < 1 ? positive(v.rtol, ODE_DEFAULTS.rtol) : ODE_DEFAULTS.rtol, atol: positive(v.atol, ODE_DEFAULTS.atol) } };
}

/** Errors in x (issue 24): the entries that are column names kept, the rest dropped. */
function lenientSigmaX(v: unknown): { sigmaX?: Record<string, string> } {
  if (!isObject(v)) return {};
  const kept = Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  return kept.length > 0 ? { sigmaX: Object.fromEntries(kept) } : {};
}

export function readSessionSpec(text: string): FitSpec | null {
  const strict = specFromJson(text);
  if (strict.ok) return strict.spec;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(v) || v.version !== SPEC_VERSION || !isObject(v.columns)) return null;
  const c = v.columns;
  return {
    version: SPEC_VERSION,
    model: str(v.model, ''),
    libraryId: typeof v.libraryId === 'string' ? v.libraryId : null,
    columns: { x: Array.isArray(c.x) ? c.x.filter((n): n is string => typeof n === 'string') : [], y: str(c.y, ''), sigma: typeof c.sigma === 'string' ? c.sigma : null, ...lenientSigmaX(c.sigmaX) },
    parameters: Array.isArray(v.parameters) ? v.parameters.map(row).filter((r): r is ParameterRow => r !== null) : [],
    settings: settings(v.settings),
    data: null,
    ...(groups(v.groups) ? { groups: groups(v.groups) } : {}),
    ...(isObject(v.compare) && typeof v.compare.model === 'string' && v.compare.model !== '' ? { compare: { model: v.compare.model, fixed: str(v.compare.fixed, '') } } : {}),
    ...ties(v.ties),
    ...odeSettings(v.ode),
  };
}

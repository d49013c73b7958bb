/**
 * A checkpoint as stored (issue 12): the subject it belongs to (checkpointSubject.ts), the TRF
 * state of the main phase (src/solver/trfState.ts) and, in the page, the iterations so far (the
 * cost-per-iteration plot of a resumed fit starts at iteration 1). The CLI writes it as a JSON
 * file, the page as an IndexedDB value (a structured clone).
 *
 * Reading one back trusts nothing: it may be another version's, truncated, or edited. Each field
 * is checked for its type and copied into a new object (a `__proto__` key is data, never a
 * prototype); the first bad field is named, so the user hears what was wrong, never a blank page.
 */
import type { IterationSummary } from '../solver/summary';
import { trfStateProblem, type TrfState } from '../solver/trfState';
import { subjectFreeCount, type CheckpointSubject, type SubjectParameter } from './checkpointSubject';

export const CHECKPOINT_FORMAT = 'fitbench-checkpoint';
export const CHECKPOINT_VERSION = 1;

/** An iteration of the main phase, as the page keeps it (x as plain numbers). */
export type SavedIteration = Omit<IterationSummary, 'x'> & { readonly x: readonly number[] };

export interface CheckpointRecord extends CheckpointSubject {
  readonly format: typeof CHECKPOINT_FORMAT;
  readonly version: typeof CHECKPOINT_VERSION;
  /** ISO time of the save. */
  readonly savedAt: string;
  readonly state: TrfState;
  /** The main phase's iterations up to the state (the page's checkpoints; the CLI's have none). */
  readonly history?: readonly SavedIteration[];
}

export type CheckpointReading =
  | { readonly ok: true; readonly record: CheckpointRecord }
  /** 'format': not a checkpoint of this version at all; 'damaged': one, with a bad field. */
  | { readonly ok: false; readonly kind: 'format' | 'damaged'; readonly problem: string };

type Fields = Record<string, unknown>;

class Bad extends Error {}

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: Fields, key: string): unknown => (Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined);

function field<T>(o: Fields, key: string, test: (v: unknown) => v is T, what: string, path = key): T {
  const v = own(o, key);
  if (!test(v)) throw new Bad(`${path} ${v === undefined ? 'is missing' : `is not ${what}`}`);
  return v;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';
const isFinite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isBound = (v: unknown): v is number | null => v === null || isFinite(v);
const isHash = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{16}$/.test(v);
const STEP_KINDS = ['trust-region', 'reflected', 'cauchy', 'none'] as const;
const isStepKind = (v: unknown): v is SavedIteration['stepKind'] => (STEP_KINDS as readonly unknown[]).includes(v);
const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every(isFinite);

/** A JSON value's plain copy (objects rebuilt with own keys only), or Bad. */
function plain(v: unknown, path: string): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || isFinite(v)) return v;
  if (Array.isArray(v)) return v.map((e, i) => plain(e, `${path}[${i}]`));
  if (isObject(v)) return Object.fromEntries(Object.keys(v).map((k) => [k, plain(v[k], `${path}.${k}`)]));
  throw new Bad(`${path} is not a number, text, true/false or a list`);
}

function parameter(v: unknown, i: number): SubjectParameter {
  const path = `parameters[${i}]`;
  if (!isObject(v)) throw new Bad(`${path} is not a parameter`);
  return {
    name: field(v, 'name', isText, 'text', `${path}.name`),
    fixed: field(v, 'fixed', isBound, 'a number or null', `${path}.fixed`),
    min: field(v, 'min', isBound, 'a number or null', `${path}.min`),
    max: field(v, 'max', isBound, 'a number or null', `${path}.max`),
  };
}

function iteration(v: unknown, i: number, free: number): SavedIteration {
  const path = `history[${i}]`;
  if (!isObject(v)) throw new Bad(`${path} is not an iteration`);
  const n = (key: string, test: (v: unknown) => v is number = isNumber) => field(v, key, test, 'a number', `${path}.${key}`);
  const x = field(v, 'x', isNumbers, 'a list of finite numbers', `${path}.x`);
  if (x.length !== free) throw new Bad(`${path}.x has ${x.length} values for ${free} free parameters`);
  return {
    iteration: n('iteration', isCount),
    nfev: n('nfev', isCount),
    njev: n('njev', isCount),
    cost: n('cost'),
    optimality: n('optimality'),
    Delta: n('Delta'),
    stepNorm: n('stepNorm'),
    actualReduction: n('actualReduction'),
    stepKind: field(v, 'stepKind', isStepKind, `one of ${STEP_KINDS.join(', ')}`, `${path}.stepKind`),
    x: [...x],
    elapsedMs: n('elapsedMs'),
  };
}

/** Reads a stored checkpoint field by field (see the module's note). */
export function readCheckpointRecord(value: unknown): CheckpointReading {
  if (!isObject(value) || own(value, 'format') !== CHECKPOINT_FORMAT) return { ok: false, kind: 'format', problem: 'it is not a fitbench checkpoint' };
  if (own(value, 'version') !== CHECKPOINT_VERSION) return { ok: false, kind: 'format', problem: `it is a checkpoint of another version (${String(own(value, 'version'))}; this one reads version ${CHECKPOINT_VERSION})` };
  try {
    // In the order of the record's meaning: what was fitted, to which data, with which parameters.
    const model = field(value, 'model', isText, 'text');
    const data = field(value, 'data', isObject, 'a data fingerprint');
    const parameters = field(value, 'parameters', Array.isArray, 'a list').map(parameter);
    const subject: CheckpointSubject = {
      model,
      data: { rows: field(data, 'rows', isCount, 'a row count', 'data.rows'), hash: field(data, 'hash', isHash, '16 hexadecimal digits', 'data.hash') },
      parameters,
      options: plain(field(value, 'options', isObject, 'a set of options'), 'options') as Fields,
    };
    const free = subjectFreeCount(subject);
    const state = own(value, 'state');
    const problem = trfStateProblem(state, free);
    if (problem !== null) throw new Bad(problem);
    const s = state as TrfState;
    const history = own(value, 'history');
    if (history !== undefined && !Array.isArray(history)) throw new Bad('history is not a list');
    const record: CheckpointRecord = {
      format: CHECKPOINT_FORMAT,
      version: CHECKPOINT_VERSION,
      savedAt: field(value, 'savedAt', isText, 'text'),
      ...subject,
      state: { x: [...s.x], Delta: s.Delta, alpha: s.alpha, scaleInv: s.scaleInv === null ? null : [...s.scaleInv], nfev: s.nfev, njev: s.njev, nit: s.nit },
      ...(history === undefined ? {} : { history: history.map((h, i) => iteration(h, i, free)) }),
    };
    return { ok: true, record };
  } catch (error) {
    if (error instanceof Bad) return { ok: false, kind: 'damaged', problem: error.message };
    throw error;
  }
}

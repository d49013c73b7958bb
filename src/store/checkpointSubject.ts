/**
 * What a checkpoint of a long fit belongs to (issue 12), shared by the CLI's checkpoint files
 * (src/cli/checkpoint.ts) and the page's IndexedDB checkpoints (src/job/browser/checkpoint.ts): the
 * model text, a fingerprint of the data columns, the parameters' fixed values and bounds, and the
 * solver options. A saved state may resume a fit only when every part is the same; when one is
 * not, `subjectDifference` says which, and each side words it for its own user.
 * Environment-free: no file system, no IndexedDB.
 */
import { DEFAULTS, type FitOptions } from '../fit/defaults';
import type { FitData } from '../fit/types';
import type { ParameterSpec } from '../fit/parameters';

/** The data a checkpoint belongs to: row count and a 64-bit digest of the columns' bits. */
export interface DataDigest {
  readonly rows: number;
  readonly hash: string;
}

/**
 * Two 32-bit multiply–xorshift lanes (MurmurHash3's fmix constants) over the columns' 32-bit words:
 * a word at a time, so 10⁶ rows take milliseconds (the link fingerprint's byte-wise FNV-1a takes
 * about a second there, more than the fit). It tells one data set from another, nothing more: a
 * checkpoint is the user's own, not an adversary's.
 */
export function dataDigest(columns: readonly Float64Array[]): DataDigest {
  let h1 = 0x9747b28c;
  let h2 = 0x85ebca6b;
  for (const column of columns) {
    const words = new Uint32Array(column.buffer, column.byteOffset, column.length * 2);
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      h1 = Math.imul(h1 ^ w, 0xcc9e2d51);
      h1 = (h1 << 13) | (h1 >>> 19);
      h2 = Math.imul(h2 + w, 0x1b873593) ^ (h2 >>> 15);
    }
    h1 ^= column.length;
    h2 ^= h1;
  }
  const fmix = (h: number) => {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
  const hex = (h: number) => h.toString(16).padStart(8, '0');
  return { rows: columns[0]?.length ?? 0, hash: hex(fmix(h1)) + hex(fmix(h2)) };
}

/** One parameter as a checkpoint keeps it: fixed value (free ones: null) and bounds (open: null). */
export interface SubjectParameter {
  readonly name: string;
  readonly fixed: number | null;
  readonly min: number | null;
  readonly max: number | null;
}

/** What a saved state belongs to: a resumed fit must have every part the same. */
export interface CheckpointSubject {
  readonly model: string;
  readonly data: DataDigest;
  readonly parameters: readonly SubjectParameter[];
  /** The solver options with the defaults filled in, keys sorted (see `subjectOptions`). */
  readonly options: Readonly<Record<string, unknown>>;
}

/** JSON has no ±Infinity: an open bound is null. */
const bound = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : v);

/**
 * The options as a checkpoint compares them: the defaults filled in (a page restored from a session
 * may spell out what the fit left implicit, or the reverse), keys sorted (their order depends on
 * how the object was built), JSON values only. The evaluation budget is left out: it says when to
 * stop, not what is fitted, so a resumed fit may get a larger one.
 */
export function subjectOptions(options: FitOptions): Record<string, unknown> {
  const full: Record<string, unknown> = JSON.parse(JSON.stringify({ ...DEFAULTS, weights: 'sigma', ...options, maxNfev: undefined }));
  return Object.fromEntries(Object.keys(full).sort().map((key) => [key, full[key]]));
}

/** The subject of a fit of `data`: its columns, or, for columns streamed from storage (issue 12),
 *  the digest their counting pass made (src/store/usableRows.ts). */
export function checkpointSubject(model: string, data: FitData | DataDigest, parameters: readonly ParameterSpec[], options: FitOptions): CheckpointSubject {
  return {
    model,
    data: 'hash' in data ? { rows: data.rows, hash: data.hash } : dataDigest([...data.vars, data.y, ...(data.sigma ? [data.sigma] : [])]),
    parameters: parameters.map((p) => ({ name: p.name, fixed: p.fixed ? (p.value ?? null) : null, min: bound(p.min), max: bound(p.max) })),
    options: subjectOptions(options),
  };
}

/** Free parameters of a subject: the size the saved solver state must have. */
export const subjectFreeCount = (subject: CheckpointSubject): number => subject.parameters.filter((p) => p.fixed === null).length;

/** The first part of a saved subject that differs from the current one. */
export type SubjectDifference =
  | { readonly part: 'model'; readonly saved: string }
  | { readonly part: 'data'; readonly savedRows: number; readonly rows: number }
  | { readonly part: 'parameters'; readonly names: readonly string[] }
  | { readonly part: 'options'; readonly keys: readonly string[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** An own property only: a saved object's "__proto__" key is read as data, never as its prototype. */
const own = (o: Readonly<Record<string, unknown>>, key: string): unknown => (Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined);

export function subjectDifference(saved: CheckpointSubject, current: CheckpointSubject): SubjectDifference | null {
  if (saved.model !== current.model) return { part: 'model', saved: saved.model };
  if (saved.data.rows !== current.data.rows || saved.data.hash !== current.data.hash) return { part: 'data', savedRows: saved.data.rows, rows: current.data.rows };
  if (!same(saved.parameters, current.parameters)) {
    const names = new Set([...saved.parameters, ...current.parameters].map((p) => p.name));
    const at = (list: readonly SubjectParameter[], name: string) => list.find((p) => p.name === name) ?? null;
    return { part: 'parameters', names: [...names].filter((name) => !same(at(saved.parameters, name), at(current.parameters, name))) };
  }
  const keys = [...new Set([...Object.keys(saved.options), ...Object.keys(current.options)])].sort();
  const differ = keys.filter((key) => !same(own(saved.options, key), own(current.options, key)));
  return differ.length > 0 ? { part: 'options', keys: differ } : null;
}

/**
 * A small hand-written schema reader for untrusted JSON: each function checks one value's type
 * and range and returns it typed, or stops with an `Invalid` naming the field (`settings.ftol`)
 * and the rule it breaks. No value from a link is used before it has passed through here.
 *
 * Objects are closed: a missing field or an unknown one is an error. A link is written by one
 * Fitbench version for that version's reader; any change to the schema bumps SPEC_VERSION, and a
 * newer link is refused up front with "made by a newer Fitbench", so an unknown field can only
 * mean a forged or damaged link.
 */

/** Stops validation; caught by readSpec, which returns it as a value. Never escapes this module's callers. */
export class Invalid {
  constructor(
    readonly path: string,
    readonly message: string,
  ) {}
}

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A short rendering of an offending value for messages. */
export function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object' && v !== null) return 'an object';
  return String(v);
}

/** Stops with "PATH RULE, got VALUE" (or "PATH RULE" when no value is passed). */
export function fail(path: string, rule: string, ...got: [unknown?]): never {
  throw new Invalid(path, got.length > 0 ? `${path} ${rule}, got ${show(got[0])}` : `${path} ${rule}`);
}

export type Fields = Readonly<Record<string, unknown>>;

/** A plain object with exactly `keys`. */
export function object(v: unknown, path: string, keys: readonly string[]): Fields {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, 'must be an object', v);
  const own = Object.keys(v);
  for (const k of own) if (!keys.includes(k)) fail(path ? `${path}.${k}` : k, 'is not a field of a Fitbench link');
  for (const k of keys) if (!Object.prototype.hasOwnProperty.call(v, k)) fail(path ? `${path}.${k}` : k, 'is missing');
  return v as Fields;
}

export function array(v: unknown, path: string, maxLength: number): readonly unknown[] {
  if (!Array.isArray(v)) fail(path, 'must be an array', v);
  if (v.length > maxLength) fail(path, `may hold at most ${maxLength} entries`, v);
  return v;
}

export function string(v: unknown, path: string, minLength: number, maxLength: number): string {
  if (typeof v !== 'string') fail(path, 'must be text', v);
  if (v.length < minLength) fail(path, minLength === 1 ? 'must not be empty' : `must have at least ${minLength} characters`);
  if (v.length > maxLength) fail(path, `must have at most ${maxLength} characters (has ${v.length})`);
  return v;
}

export function identifier(v: unknown, path: string): string {
  const s = string(v, path, 1, 256);
  if (!IDENTIFIER.test(s)) fail(path, 'must be a name of letters, digits and _ not starting with a digit', s);
  return s;
}

export function boolean(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') fail(path, 'must be true or false', v);
  return v;
}

export function finite(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(path, 'must be a finite number', v);
  return v;
}

export function positive(v: unknown, path: string, max = Infinity): number {
  const x = finite(v, path);
  if (!(x > 0) || x > max) fail(path, max === Infinity ? 'must be > 0' : `must be > 0 and ≤ ${max}`, x);
  return x;
}

export function integer(v: unknown, path: string, min: number, max: number): number {
  const x = finite(v, path);
  if (!Number.isInteger(x) || x < min || x > max) fail(path, `must be a whole number from ${min} to ${max}`, x);
  return x;
}

export function oneOf<T extends string>(v: unknown, path: string, allowed: readonly T[]): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) fail(path, `must be one of ${allowed.join(', ')}`, v);
  return v as T;
}

/** `read(v)` unless v is null. */
export function nullable<T>(v: unknown, read: (v: unknown) => T): T | null {
  return v === null ? null : read(v);
}

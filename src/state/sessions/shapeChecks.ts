/**
 * Checks of the shape of a value read back from storage (a structured clone written by this or
 * another version of the page, or damaged): each names the path of the first bad field
 * (`result.stats.chi2 is missing`). Unknown extra fields are allowed (a newer page may add some);
 * numbers may be NaN or ±∞ where a statistic is undetermined, so "number" means
 * `typeof v === 'number'`. Used by outcomeShape.ts and groupResultsShape.ts.
 */
class Damaged extends Error {}

export type Check = (v: unknown, path: string) => void;

export function bad(path: string, rule: string): never {
  throw new Damaged(`${path} ${rule}`);
}

export const number: Check = (v, path) => {
  if (typeof v !== 'number') bad(path, v === undefined ? 'is missing' : 'is not a number');
};
export const text: Check = (v, path) => {
  if (typeof v !== 'string') bad(path, v === undefined ? 'is missing' : 'is not text');
};
export const flag: Check = (v, path) => {
  if (typeof v !== 'boolean') bad(path, v === undefined ? 'is missing' : 'is not true or false');
};
export const oneOf =
  (...allowed: readonly unknown[]): Check =>
  (v, path) => {
    if (!allowed.includes(v)) bad(path, `is not one of ${allowed.join(', ')}`);
  };

export function fields(v: unknown, path: string, checks: Readonly<Record<string, Check>>): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) bad(path, v === undefined ? 'is missing' : 'is not an object');
  const o = v as Record<string, unknown>;
  for (const [key, check] of Object.entries(checks)) check(Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined, `${path}.${key}`);
  return o;
}

export const record =
  (checks: Readonly<Record<string, Check>>): Check =>
  (v, path) =>
    void fields(v, path, checks);

export const list =
  (item: Check): Check =>
  (v, path) => {
    if (!Array.isArray(v)) bad(path, v === undefined ? 'is missing' : 'is not a list');
    v.forEach((x, i) => item(x, `${path}[${i}]`));
  };

function typed<T>(kind: new (n: number) => T, name: string) {
  return (length?: number): Check =>
    (v, path) => {
      if (!(v instanceof kind)) bad(path, v === undefined ? 'is missing' : `is not a ${name}`);
      if (length !== undefined && (v as unknown as { length: number }).length !== length) bad(path, `has the wrong length`);
    };
}
export const f64 = typed(Float64Array, 'Float64Array');
export const i32 = typed(Int32Array, 'Int32Array');
export const nullable =
  (check: Check): Check =>
  (v, path) => {
    if (v !== null) check(v, path);
  };

/** null when `check` passes, else what it found wrong. */
export function problem(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof Damaged) return error.message;
    throw error;
  }
}

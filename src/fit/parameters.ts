/**
 * Resolves the user's parameter table (start value, bounds, fixed) against the model's parameter
 * list, with errors that name the parameter and the fix.
 */

export interface ParameterSpec {
  readonly name: string;
  /** Start value p0 (or the fixed value). */
  readonly value?: number | null;
  readonly min?: number | null;
  readonly max?: number | null;
  readonly fixed?: boolean;
}

export interface ResolvedParameters {
  readonly names: readonly string[];
  /** Full vector: start values (free) and fixed values. */
  readonly base: Float64Array;
  readonly free: number[];
  readonly fixed: boolean[];
  /** Bounds of the free parameters, in solver order. */
  readonly lb: Float64Array;
  readonly ub: Float64Array;
}

export class FitInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FitInputError';
  }
}

export function resolveParameters(names: readonly string[], specs: readonly ParameterSpec[]): ResolvedParameters {
  const byName = new Map<string, ParameterSpec>();
  for (const spec of specs) {
    if (!names.includes(spec.name)) {
      throw new FitInputError(
        'unknown-parameter',
        `Unknown parameter "${spec.name}": the model's parameters are ${names.join(', ') || '(none)'}.`,
      );
    }
    byName.set(spec.name, { ...byName.get(spec.name), ...spec });
  }
  const base = new Float64Array(names.length);
  const free: number[] = [];
  const fixed: boolean[] = [];
  const lb: number[] = [];
  const ub: number[] = [];
  names.forEach((name, i) => {
    const spec = byName.get(name) ?? { name };
    const lo = spec.min ?? -Infinity;
    const hi = spec.max ?? Infinity;
    if (Number.isNaN(lo) || Number.isNaN(hi)) throw new FitInputError('bounds', `The bounds of "${name}" are not numbers.`);
    if (!(lo < hi) && !spec.fixed) {
      throw new FitInputError('bounds', `The lower bound of "${name}" (${lo}) must be below its upper bound (${hi}).`);
    }
    let value = spec.value ?? null;
    if (value === null) {
      // A finite bound pair gives a start value: its midpoint.
      if (Number.isFinite(lo) && Number.isFinite(hi)) value = 0.5 * (lo + hi);
      else {
        throw new FitInputError(
          'missing-start',
          `Parameter "${name}" has no start value; give one (e.g. ${name}=1) or a finite lower and upper bound.`,
        );
      }
    }
    if (!Number.isFinite(value)) throw new FitInputError('start', `The start value of "${name}" is not a finite number.`);
    base[i] = value;
    fixed.push(Boolean(spec.fixed));
    if (spec.fixed) return;
    if (value < lo || value > hi) {
      throw new FitInputError('start-outside-bounds', `The start value of "${name}" (${value}) is outside its bounds [${lo}, ${hi}].`);
    }
    free.push(i);
    lb.push(lo);
    ub.push(hi);
  });
  return { names, base, free, fixed, lb: Float64Array.from(lb), ub: Float64Array.from(ub) };
}

/**
 * Builds a ModelDefinition from a declarative spec and an estimator, and owns the guarantees of
 * `guess`: the estimator sees prepared samples (finite, sorted, at most a few thousand points);
 * whatever it returns or throws, the caller gets one finite value per parameter, inside the
 * parameter's bounds, with positive scales strictly positive. Estimators can therefore be written
 * for the data they expect and leave the pathological cases (two points, constant y) to the
 * fallbacks here.
 */
import { prepareSamples, type Samples } from './guess/samples';
import { xScale, yScale } from './guess/stats';
import type { GuessedParameter, ModelDefinition } from './types';

/** A fallback start value: a number, or one of the data's scales. */
export type Fallback = number | 'xScale' | 'yScale' | 'xMid' | 'yMid';

export interface ParameterSpec {
  readonly name: string;
  /** Strictly positive scale: implies min 0 and a logarithmic slider. */
  readonly positive?: boolean;
  readonly min?: number;
  readonly max?: number;
  /** Used when the estimator gives no usable value (default: 0, or the x scale if positive). */
  readonly fallback?: Fallback;
}

/** Starting values by parameter name; a missing or non-finite one takes the fallback. */
export type Estimate = Readonly<Record<string, number | undefined>>;

/** A ModelDefinition's description, with parameter specs and an estimator in place of `guess`. */
export interface ModelSpec extends Omit<ModelDefinition, 'guess'> {
  /** In the order they first appear in the expression. */
  readonly parameters: readonly ParameterSpec[];
  /** Starting values by name from prepared samples (n ≥ 1); may omit or botch any of them. */
  estimate(s: Samples): Estimate;
}

function fallbackValue(f: Fallback, s: Samples): number {
  if (typeof f === 'number') return f;
  const mid = (v: Float64Array): number => (v.length > 0 ? 0.5 * (v[0] + v[v.length - 1]) : 0);
  switch (f) {
    case 'xScale':
      return xScale(s);
    case 'yScale':
      return yScale(s);
    case 'xMid':
      return mid(s.x);
    case 'yMid': {
      let lo = Infinity;
      let hi = -Infinity;
      s.y.forEach((v) => ((lo = Math.min(lo, v)), (hi = Math.max(hi, v))));
      return s.n > 0 ? 0.5 * (lo + hi) : 0;
    }
  }
}

/** Moves a value strictly inside (lo, hi), a small fraction of the interval (or of |bound|) in. */
function inside(v: number, lo: number, hi: number): number {
  if (v > lo && v < hi) return v;
  const width = Number.isFinite(hi - lo) ? hi - lo : Math.max(Math.abs(Number.isFinite(lo) ? lo : hi), 1);
  return v <= lo ? lo + 1e-3 * width : hi - 1e-3 * width;
}

export function sanitize(spec: ParameterSpec, raw: number | undefined, s: Samples): GuessedParameter {
  const min = spec.min ?? (spec.positive ? 0 : undefined);
  const max = spec.max;
  const fallback = fallbackValue(spec.fallback ?? (spec.positive ? 'xScale' : 0), s);
  let value = raw !== undefined && Number.isFinite(raw) ? raw : fallback;
  if (spec.positive && !(value > 0)) value = value < 0 ? -value : fallback > 0 ? fallback : 1;
  if (!Number.isFinite(value)) value = spec.positive ? 1 : 0;
  value = inside(value, min ?? -Infinity, max ?? Infinity);
  return {
    name: spec.name,
    value,
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(spec.positive ? { positive: true } : {}),
  };
}

type ErrorHandler = (id: string, error: unknown) => void;
let onError: ErrorHandler | null = null;

/** Observe estimator failures that the fallbacks hide (tests assert there are none). */
export function onEstimatorError(handler: ErrorHandler | null): void {
  onError = handler;
}

export function defineModel(spec: ModelSpec): ModelDefinition {
  const { estimate, parameters, ...entry } = spec;
  return {
    ...entry,
    guess(x: Float64Array, y: Float64Array): GuessedParameter[] {
      let s: Samples = { x: new Float64Array(0), y: new Float64Array(0), n: 0 };
      let raw: Estimate = {};
      try {
        s = prepareSamples(x, y);
        if (s.n > 0) raw = estimate(s);
      } catch (error) {
        // An estimator bug must not cost the user a starting point: fall back below.
        onError?.(spec.id, error);
        raw = {};
      }
      return parameters.map((p) => sanitize(p, raw[p.name], s));
    },
  };
}

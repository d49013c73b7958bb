/**
 * A curve fit's linear constraints (parseConstraints.ts) resolved against its parameter table:
 * the rows over the free parameters (a fixed parameter's term moves into the bound), the change of
 * variables z = M x that turns them and the bounds into bounds on z (solver/linearConstraints.ts),
 * the start carried into z, and the solver's result carried back to the parameters:
 *
 *   x = W z,  g_x = Mᵀ g_z,  J_x = J_z M  (so the covariance is read from J_x at x̂ as without
 *   constraints: curve_fit's pcov, which ignores an active bound; see `constraintFacts`)
 *
 * Each constraint's slack at x̂ is aᵀβ̂ − lower (or upper − aᵀβ̂) in the units written; it is
 * active when its row of z sits on its bound (the loop's own test, rtol relative to the bound).
 */
import { findActiveConstraints } from '../../solver/bounds';
import { apply, ConstraintError, constraintMap, transformLinear, type ConstraintMap, type ConstraintRow } from '../../solver/linearConstraints';
import type { TrfResult } from '../../solver/trf';
import { FitInputError, type ResolvedParameters } from '../parameters';
import type { LinearConstraint } from './parseConstraints';

export interface ConstrainedSpace {
  readonly constraints: readonly LinearConstraint[];
  readonly map: ConstraintMap;
  /** For each constraint, its row of z (−1: implied by others, or made of fixed parameters only). */
  readonly rowOf: readonly number[];
}

/** One constraint at the fit (FitResult.constraints; JSON `constraints`). */
export interface ConstraintFact {
  readonly text: string;
  /** aᵀβ̂ − lower for ≥, upper − aᵀβ̂ for ≤ (≥ 0 when satisfied). */
  readonly slack: number;
  readonly active: boolean;
}

/** How close to its bound a row of z counts as on it (relative to max(1, |bound|)). */
export const ACTIVE_RTOL = 1e-8;

const label = (c: LinearConstraint) => c.text;

export function constrainedSpace(constraints: readonly LinearConstraint[], params: ResolvedParameters): ConstrainedSpace {
  const rows: ConstraintRow[] = [];
  const byRow: number[] = [];
  constraints.forEach((c, i) => {
    const a = new Float64Array(params.free.length);
    let shift = 0;
    for (const [name, v] of Object.entries(c.coefficients)) {
      const idx = params.names.indexOf(name);
      const j = params.free.indexOf(idx);
      if (j >= 0) a[j] += v;
      else shift += v * params.base[idx];
    }
    if (a.every((v) => v === 0)) {
      const value = shift;
      if (value < c.lower - 1e-12 * Math.max(1, Math.abs(c.lower)) || value > c.upper + 1e-12 * Math.max(1, Math.abs(c.upper))) {
        throw new FitInputError('constraint-fixed', `Constraint "${c.text}" fails at the fixed parameters' values: free one of them or change its value.`);
      }
      return;
    }
    rows.push({ a, lower: c.lower - shift, upper: c.upper - shift, label: label(c) });
    byRow.push(i);
  });
  let map: ConstraintMap;
  try {
    map = constraintMap(rows, params.lb, params.ub, (j) => `the bounds of ${params.names[params.free[j]]}`);
  } catch (error) {
    if (error instanceof ConstraintError) throw new FitInputError(error.code, error.message);
    throw error;
  }
  const rowOf = constraints.map((c) => map.sources.findIndex((s) => s.includes(label(c))));
  return { constraints, map, rowOf };
}

/**
 * A coordinate of z outside [lb, ub] reflected into it, as the trust-region loop reflects a step
 * at a bound (Branch, Coleman & Li 1999): lb + (lb − z), or ub − (z − ub), kept inside a two-sided
 * interval by folding (at worst its midpoint).
 */
function reflected(z: number, lb: number, ub: number): number {
  const r = z < lb ? lb + (lb - z) : ub - (z - ub);
  return r >= lb && r <= ub ? r : Number.isFinite(lb) && Number.isFinite(ub) ? 0.5 * (lb + ub) : z < lb ? lb : ub;
}

/** The start in z, reflected into the feasible region where it breaks a constraint (with a warning). */
export function startInSpace(space: ConstrainedSpace, x0: Float64Array, warnings: string[]): Float64Array {
  const { map } = space;
  const z = apply(map.M, x0);
  const broken: string[] = [];
  for (let i = 0; i < z.length; i++) {
    if (z[i] < map.lb[i] || z[i] > map.ub[i]) {
      z[i] = reflected(z[i], map.lb[i], map.ub[i]);
      broken.push(...map.sources[i]);
    }
  }
  if (broken.length > 0) warnings.push(`The start values break ${broken.map((b) => `"${b}"`).join(', ')}: the fit started from their mirror image across the boundary (in the constraints' coordinates: a start on a boundary such as k1 = k2 is where a symmetric model cannot tell its terms apart).`);
  return z;
}

/** The solver's result in z carried back to the free parameters x. */
export function resultInParameters(space: ConstrainedSpace, result: TrfResult, lb: Float64Array, ub: Float64Array, rtol: number): TrfResult {
  const { M, W } = space.map;
  const x = apply(W, result.x);
  const n = x.length;
  const grad = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) grad[i] += M[k * n + i] * result.grad[k];
  return {
    ...result,
    x,
    grad,
    linear: transformLinear(result.linear, M),
    activeMask: findActiveConstraints(x, lb, ub, rtol),
    history: result.history.map((h) => ({ ...h, x: apply(W, h.x) })),
  };
}

/** Each constraint's slack and whether it is active, at the full parameter vector β̂. */
export function constraintFacts(space: ConstrainedSpace, names: readonly string[], full: Float64Array, z: Float64Array | null): ConstraintFact[] {
  return space.constraints.map((c, i) => {
    let value = 0;
    for (const [name, v] of Object.entries(c.coefficients)) value += v * full[names.indexOf(name)];
    const slack = Number.isFinite(c.lower) ? value - c.lower : c.upper - value;
    const row = space.rowOf[i];
    const bound = Number.isFinite(c.lower) ? c.lower : c.upper;
    let active: boolean;
    if (row >= 0 && z) {
      const lb = space.map.lb[row];
      const ub = space.map.ub[row];
      const near = (gap: number, bound: number) => Number.isFinite(bound) && gap <= ACTIVE_RTOL * Math.max(1, Math.abs(bound));
      active = near(z[row] - lb, lb) || near(ub - z[row], ub);
    } else active = Math.abs(slack) <= ACTIVE_RTOL * Math.max(1, Math.abs(bound));
    return { text: c.text, slack, active };
  });
}

/**
 * The range of each free parameter over the feasible region. Since M is invertible the region is
 * exactly the box lb ≤ z ≤ ub, so xⱼ = Σₖ Wⱼₖ zₖ ranges over the interval sum (exact, no LP): the
 * limits a profile steps to, as it does to a parameter's bounds.
 */
export function feasibleRanges(space: ConstrainedSpace): [number, number][] {
  const { W, lb, ub, n } = space.map;
  return Array.from({ length: n }, (_, j) => {
    let lo = 0;
    let hi = 0;
    for (let k = 0; k < n; k++) {
      const w = W[j * n + k];
      if (Math.abs(w) <= 1e-14) continue;
      lo += w > 0 ? w * lb[k] : w * ub[k];
      hi += w > 0 ? w * ub[k] : w * lb[k];
    }
    return [lo, hi];
  });
}

/**
 * Linear inequality constraints lᵢ ≤ aᵢᵀx ≤ uᵢ on the free parameters x, turned into bounds by a
 * change of variables, so that the one trust-region loop (trustRegionLoop.ts) honours them with
 * its Coleman–Li bound handling and nothing else changes (Branch, Coleman & Li 1999; the
 * reduction of linearly independent linear constraints to simple bounds: Gill, Murray & Wright,
 * Practical Optimization, 1981, §5.3.1, and Nocedal & Wright, Numerical Optimization, 2nd ed.,
 * §15.3 on variable elimination):
 *
 *   z = M x,   M = [A; E]   (A: the k constraint rows, E: rows eⱼᵀ of the identity completing A to
 *                             an invertible n×n matrix)
 *   x = W z,   W = M⁻¹
 *   r(x) = r(W z),  J_z = J_x W,  lᵢ ≤ zᵢ ≤ uᵢ (i < k),  z of a completing row eⱼ: xⱼ's own bounds
 *
 * The parameters' bounds join the constraint rows as rows eⱼ (a constraint parallel to another or
 * to a bound merges with it: their intervals intersect). The rows must be linearly independent
 * (at most n of them, none a combination of the others); a row that is a combination of others
 * is dropped when the others' intervals imply its own (interval arithmetic over the combination:
 * k₁ ≥ k₂ ≥ 0 implies k₁ ≥ 0), and refused otherwise, naming the constraints — that case needs an
 * active-set method, which this is not.
 *
 * Legend: n free parameters; k rows; lb, ub the bounds of z; `sources` the constraints and bounds
 * behind each row of M (labels the caller gives: a constraint's index, or a bound's parameter).
 */
import { NormalLinearModel, QrLinearModel, type LinearModel } from './linearModel';
import type { Evaluator } from './evaluator';

/** lower ≤ aᵀx ≤ upper over the free parameters; `label` names it in messages. */
export interface ConstraintRow {
  readonly a: Float64Array;
  readonly lower: number;
  readonly upper: number;
  readonly label: string;
}

export class ConstraintError extends Error {
  constructor(
    readonly code: 'constraint-dependent' | 'constraint-infeasible' | 'constraint-equality' | 'constraint-too-many',
    message: string,
  ) {
    super(message);
    this.name = 'ConstraintError';
  }
}

export interface ConstraintMap {
  readonly n: number;
  /** z = M x, n×n row-major. */
  readonly M: Float64Array;
  /** x = W z, W = M⁻¹. */
  readonly W: Float64Array;
  /** Bounds of z. */
  readonly lb: Float64Array;
  readonly ub: Float64Array;
  /** The labels behind each row of M (empty: a completing row of a parameter without bounds). */
  readonly sources: readonly (readonly string[])[];
  /** Labels of rows dropped because the others imply them. */
  readonly implied: readonly string[];
}

const TOL = 1e-10;

interface Row {
  a: Float64Array;
  lower: number;
  upper: number;
  labels: string[];
}

/** Scaled to unit norm, its first non-zero entry positive (the interval scaled and flipped with it). */
function normalized(r: ConstraintRow): Row {
  let norm = 0;
  for (const v of r.a) norm += v * v;
  norm = Math.sqrt(norm);
  const first = r.a.find((v) => v !== 0) ?? 1;
  const s = (first > 0 ? 1 : -1) / norm;
  const a = r.a.map((v) => v * s);
  const [lower, upper] = s > 0 ? [r.lower * s, r.upper * s] : [r.upper * s, r.lower * s];
  return { a, lower, upper, labels: [r.label] };
}

const parallel = (a: Float64Array, b: Float64Array) => a.every((v, i) => Math.abs(v - b[i]) <= TOL);

/**
 * Coefficients c with r = Σ cᵢ basis[i] when r lies in the span of the (independent) basis, else
 * null: least squares through the Gram matrix, then the residual checked.
 */
function combination(r: Float64Array, basis: readonly Float64Array[]): Float64Array | null {
  const k = basis.length;
  const n = r.length;
  const G = new Float64Array(k * k);
  const b = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) G[i * k + j] = dot(basis[i], basis[j]);
    b[i] = dot(basis[i], r);
  }
  const c = k > 0 ? solve(G, b, k) : new Float64Array(0);
  if (!c) return null;
  const residual = Float64Array.from(r);
  for (let i = 0; i < k; i++) for (let j = 0; j < n; j++) residual[j] -= c[i] * basis[i][j];
  return Math.sqrt(dot(residual, residual)) <= 1e-9 ? c : null;
}

/** A maximal independent subset of the rows, in order (Gram–Schmidt with a tolerance). */
function independent(rows: readonly Row[]): Row[] {
  const kept: Row[] = [];
  const q: Float64Array[] = [];
  for (const row of rows) {
    const v = Float64Array.from(row.a);
    for (const u of q) {
      const t = dot(u, v);
      for (let j = 0; j < v.length; j++) v[j] -= t * u[j];
    }
    const norm = Math.sqrt(dot(v, v));
    if (norm <= 1e-9) continue;
    q.push(v.map((x) => x / norm));
    kept.push(row);
  }
  return kept;
}

/** [lo, hi] of Σ cᵢ zᵢ over the boxes lᵢ ≤ zᵢ ≤ uᵢ. */
function impliedInterval(c: Float64Array, rows: readonly Row[]): [number, number] {
  let lo = 0;
  let hi = 0;
  rows.forEach((row, i) => {
    const ci = c[i];
    if (Math.abs(ci) <= TOL) return;
    lo += ci > 0 ? ci * row.lower : ci * row.upper;
    hi += ci > 0 ? ci * row.upper : ci * row.lower;
  });
  return [lo, hi];
}

const within = (x: number, bound: number, above: boolean) => (above ? x >= bound - TOL * Math.max(1, Math.abs(bound)) : x <= bound + TOL * Math.max(1, Math.abs(bound)));

/** The constraint rows with the parameters' bounds (rows eⱼ), merged, pruned and completed to z = M x. */
export function constraintMap(rows: readonly ConstraintRow[], lb: Float64Array, ub: Float64Array, boundLabel: (j: number) => string): ConstraintMap {
  const n = lb.length;
  const all: ConstraintRow[] = [...rows];
  for (let j = 0; j < n; j++) {
    if (Number.isFinite(lb[j]) || Number.isFinite(ub[j])) {
      const a = new Float64Array(n);
      a[j] = 1;
      all.push({ a, lower: lb[j], upper: ub[j], label: boundLabel(j) });
    }
  }
  // Merge rows along the same direction: their intervals intersect.
  const merged: Row[] = [];
  for (const r of all.map(normalized)) {
    const same = merged.find((m) => parallel(m.a, r.a));
    if (!same) {
      merged.push(r);
      continue;
    }
    same.lower = Math.max(same.lower, r.lower);
    same.upper = Math.min(same.upper, r.upper);
    same.labels.push(...r.labels);
  }
  for (const r of merged) {
    if (r.lower > r.upper + TOL * Math.max(1, Math.abs(r.upper))) {
      throw new ConstraintError('constraint-infeasible', `No parameters satisfy ${quote(r.labels)} together: their bounds exclude each other. Loosen one of them.`);
    }
    if (!(r.lower < r.upper)) {
      throw new ConstraintError('constraint-equality', `${quote(r.labels)} together hold only with equality: an equality constraint is not an inequality. Fix a parameter (or tie it to the others) instead.`);
    }
  }
  // Drop rows that the others imply; refuse a dependence they do not settle.
  const implied: string[] = [];
  let kept = merged;
  while (independent(kept).length < kept.length) {
    let dropped = false;
    // Bounds (added last) are tried first: "k1 ≥ k2 ≥ 0" keeps the user's constraint.
    for (let i = kept.length - 1; i >= 0 && !dropped; i--) {
      const others = independent(kept.filter((_, k) => k !== i));
      const c = combination(kept[i].a, others.map((o) => o.a));
      if (!c) continue;
      const [lo, hi] = impliedInterval(c, others);
      if (within(lo, kept[i].lower, true) && within(hi, kept[i].upper, false)) {
        implied.push(...kept[i].labels);
        kept = kept.filter((_, k) => k !== i);
        dropped = true;
      }
    }
    if (!dropped) {
      const labels = kept.flatMap((r) => r.labels);
      const tooMany = kept.length > n;
      throw new ConstraintError(
        tooMany ? 'constraint-too-many' : 'constraint-dependent',
        `${quote(labels)} are ${tooMany ? `${kept.length} linear conditions on ${n} free parameter${n === 1 ? '' : 's'}` : 'linearly dependent'} and do not imply one another: the constrained fit turns independent constraints into bounds, which these are not. Drop one, or remove a parameter's bounds that a constraint already implies.`,
      );
    }
  }
  // Complete with rows of the identity to an invertible M.
  const completed: Row[] = [...kept];
  for (let j = 0; j < n && completed.length < n; j++) {
    const e = new Float64Array(n);
    e[j] = 1;
    const candidate = { a: e, lower: -Infinity, upper: Infinity, labels: [] };
    if (independent([...completed, candidate]).length === completed.length + 1) completed.push(candidate);
  }
  const M = new Float64Array(n * n);
  completed.forEach((r, i) => M.set(r.a, i * n));
  const W = invert(M, n);
  if (!W) throw new ConstraintError('constraint-dependent', `${quote(kept.flatMap((r) => r.labels))} could not be completed to an invertible change of variables.`);
  return {
    n,
    M,
    W,
    lb: Float64Array.from(completed, (r) => r.lower),
    ub: Float64Array.from(completed, (r) => r.upper),
    sources: completed.map((r) => r.labels),
    implied,
  };
}

const quote = (labels: readonly string[]) => labels.map((l) => `"${l}"`).join(', ');

/** y = T v for an n×n row-major T. */
export function apply(T: Float64Array, v: Float64Array): Float64Array {
  const n = v.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += T[i * n + j] * v[j];
    out[i] = s;
  }
  return out;
}

/**
 * The linear model of r(T u) in u: J' = J T. From a QR (J = QR): R T = Q₂R₂ (a Householder QR of
 * the n×n product), so J' = (Q Q₂) R₂ and qtf' = Q₂ᵀ qtf, precise as the original; from the normal
 * equations: J'ᵀJ' = Tᵀ JᵀJ T, g' = Tᵀ g.
 */
export function transformLinear(linear: LinearModel, T: Float64Array): LinearModel {
  const n = linear.n;
  if (linear instanceof QrLinearModel) {
    const RT = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      let s = 0;
      for (let k = i; k < n; k++) s += linear.R[i * n + k] * T[k * n + j];
      RT[i * n + j] = s;
    }
    const qtf = Float64Array.from(linear.qtf);
    householderInPlace(RT, qtf, n);
    return new QrLinearModel(n, linear.m, RT, qtf, linear.cost);
  }
  if (linear instanceof NormalLinearModel) {
    const A = linear.JtJ;
    const AT = new Float64Array(n * n); // A T
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += A[i * n + k] * T[k * n + j];
      AT[i * n + j] = s;
    }
    const B = new Float64Array(n * n); // Tᵀ A T
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += T[k * n + i] * AT[k * n + j];
      B[i * n + j] = s;
    }
    for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) B[i * n + j] = B[j * n + i] = 0.5 * (B[i * n + j] + B[j * n + i]);
    const g = new Float64Array(n);
    for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) g[i] += T[k * n + i] * linear.g[k];
    return new NormalLinearModel(n, linear.m, B, g, linear.cost);
  }
  throw new Error('transformLinear: an unknown linear model kind.');
}

/** The evaluator of r(W z) in z: the loop sees z and its bounds, the inner evaluator x = W z. */
export function constrainedEvaluator(inner: Evaluator, map: ConstraintMap): Evaluator {
  const { W } = map;
  const withValues = inner.linearizeWithValues;
  const out: Evaluator = {
    m: inner.m,
    n: inner.n,
    label: inner.label,
    cost: (z) => inner.cost(apply(W, z)),
    linearize: (z) => then(inner.linearize(apply(W, z)), (l) => transformLinear(l, W)),
    ...(withValues ? { linearizeWithValues: (z: Float64Array, values: Float64Array) => then(withValues.call(inner, apply(W, z), values), (l) => transformLinear(l, W)) } : {}),
  };
  return out;
}

function then<T, U>(v: T | Promise<T>, f: (t: T) => U): U | Promise<U> {
  return v instanceof Promise ? v.then(f) : f(v as T);
}

/** Householder QR of the n×n A in place (A ← R), applying Qᵀ to b as it goes. */
function householderInPlace(A: Float64Array, b: Float64Array, n: number): void {
  for (let k = 0; k < n; k++) {
    let norm = 0;
    for (let i = k; i < n; i++) norm += A[i * n + k] ** 2;
    norm = Math.sqrt(norm);
    if (norm === 0) continue;
    const alpha = A[k * n + k] > 0 ? -norm : norm;
    const v = new Float64Array(n - k);
    for (let i = k; i < n; i++) v[i - k] = A[i * n + k];
    v[0] -= alpha;
    const vv = dot(v, v);
    if (vv === 0) continue;
    for (let j = k; j < n; j++) {
      let s = 0;
      for (let i = k; i < n; i++) s += v[i - k] * A[i * n + j];
      const f = (2 * s) / vv;
      for (let i = k; i < n; i++) A[i * n + j] -= f * v[i - k];
    }
    let s = 0;
    for (let i = k; i < n; i++) s += v[i - k] * b[i];
    const f = (2 * s) / vv;
    for (let i = k; i < n; i++) b[i] -= f * v[i - k];
    for (let i = k + 1; i < n; i++) A[i * n + k] = 0;
  }
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Solves G c = b (k×k) by Gauss–Jordan with partial pivoting; null when singular. */
function solve(G: Float64Array, b: Float64Array, k: number): Float64Array | null {
  const inv = invert(G, k);
  return inv ? apply(inv, b) : null;
}

/** The inverse of an n×n matrix by Gauss–Jordan with partial pivoting; null when singular. */
export function invert(A: Float64Array, n: number): Float64Array | null {
  const a = Float64Array.from(A);
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  let scale = 0;
  for (const v of A) scale = Math.max(scale, Math.abs(v));
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[p * n + c])) p = r;
    if (!(Math.abs(a[p * n + c]) > 1e-12 * scale)) return null;
    if (p !== c) {
      for (let j = 0; j < n; j++) {
        [a[p * n + j], a[c * n + j]] = [a[c * n + j], a[p * n + j]];
        [inv[p * n + j], inv[c * n + j]] = [inv[c * n + j], inv[p * n + j]];
      }
    }
    const d = a[c * n + c];
    for (let j = 0; j < n; j++) {
      a[c * n + j] /= d;
      inv[c * n + j] /= d;
    }
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r * n + c];
      if (f === 0) continue;
      for (let j = 0; j < n; j++) {
        a[r * n + j] -= f * a[c * n + j];
        inv[r * n + j] -= f * inv[c * n + j];
      }
    }
  }
  return inv;
}

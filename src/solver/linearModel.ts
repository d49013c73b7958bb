/**
 * The local linear model of the residuals at an iterate, J and f of the loss-scaled problem, in
 * one of two compact forms (both O(n²), independent of the number of residuals m):
 *
 * - `qr`: J = Q·R and qtf = Qᵀf from orthogonal transformations (precise: κ(J) is not squared);
 * - `normal`: JᵀJ and g = Jᵀf accumulated in one pass (what the GPU kernels produce; squares κ).
 *
 * scipy's TRF needs exactly three things from J (trf.py): the SVD of the scaled and augmented
 * matrix J_aug = [J·diag(d); diag(√diag_h)] with uf = U_augᵀ[f; 0] for the trust-region
 * subproblem, ‖J·u‖² and (J·u)·(J·v) for the quadratic model, and the column norms for x_scale='jac'. Both forms
 * provide them (`gram` gives the bilinear form (J·u)·(J·v)); `factor` returns (s, V, uf) so that the subproblem solver is shared;
 * with d = 1/‖J columns‖ and no diag_h it is also the SVD of the column-equilibrated J the covariance needs.
 *
 * Legend (scipy trf.py): d = scaling, diag_h = diagonal term of the Coleman–Li scaled Hessian,
 * s = singular values of J_aug (descending), V = right singular vectors, uf = Uᵀ f_aug.
 */
import { eighJacobi } from './eigh';
import { svdJacobi } from './svd';
import { allFinite, matTVec } from './vec';

export interface SubproblemFactor {
  readonly s: Float64Array;
  /** n×n row-major; column j is the j-th right singular vector. */
  readonly V: Float64Array;
  readonly uf: Float64Array;
  /** s came from the eigenvalues of JᵀJ (s = √λ), whose rounding is EPS·λ_max, not EPS·s₀². */
  readonly squared: boolean;
}

const EPS = 2.220446049250313e-16;

/**
 * Whether the singular value s counts as non-zero beside the largest, s₀. From an SVD of J
 * (scipy's test) s > EPS·m·s₀. From the eigenvalues of JᵀJ the rounding sits on λ = s², at
 * EPS·λ_max, so an exactly rank-deficient J shows √λ ≈ 1e-8·s₀, far above EPS·m·s₀: the test
 * there is λ > EPS·m·λ_max.
 */
export function aboveRankFloor(s: number, s0: number, m: number, squared: boolean): boolean {
  return squared ? s * s > EPS * m * s0 * s0 : s > EPS * m * s0;
}

export interface LinearModel {
  readonly kind: 'qr' | 'normal';
  readonly n: number;
  /** Number of residuals m. */
  readonly m: number;
  /** ½ Σ ρ(fᵢ²) at the linearization point. */
  readonly cost: number;
  /** g = Jᵀf of the loss-scaled problem (the gradient of the cost). */
  readonly g: Float64Array;
  /** ‖J e_j‖ for each column j (used by x_scale='jac'). */
  readonly columnNorms: Float64Array;
  /** SVD-type factors of [J·diag(d); diag(√diagH)] (diagH null: no augmentation). */
  factor(d: Float64Array, diagH: Float64Array | null): SubproblemFactor;
  /** (J·u)·(J·v). */
  gram(u: Float64Array, v: Float64Array): number;
}

/** Linear model from a QR factorization J = Q·R, qtf = Qᵀf. */
export class QrLinearModel implements LinearModel {
  readonly kind = 'qr';
  readonly g: Float64Array;
  readonly columnNorms: Float64Array;

  constructor(
    readonly n: number,
    readonly m: number,
    readonly R: Float64Array,
    readonly qtf: Float64Array,
    readonly cost: number,
  ) {
    this.g = matTVec(R, n, n, qtf);
    this.columnNorms = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let i = 0; i <= j; i++) s += R[i * n + j] * R[i * n + j];
      this.columnNorms[j] = Math.sqrt(s);
    }
  }

  factor(d: Float64Array, diagH: Float64Array | null): SubproblemFactor {
    const n = this.n;
    const rows = diagH ? 2 * n : n;
    const A = new Float64Array(rows * n);
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) A[i * n + j] = this.R[i * n + j] * d[j];
    if (diagH) for (let j = 0; j < n; j++) A[(n + j) * n + j] = Math.sqrt(diagH[j]);
    const { U, s, V } = svdJacobi(A, rows, n);
    // uf = Uᵀ [qtf; 0]: only the first n rows of U meet a non-zero right-hand side.
    const uf = new Float64Array(n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) uf[j] += U[i * n + j] * this.qtf[i];
    return { s, V, uf, squared: false };
  }

  gram(u: Float64Array, v: Float64Array): number {
    const n = this.n;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      let ru = 0;
      let rv = 0;
      for (let j = i; j < n; j++) {
        ru += this.R[i * n + j] * u[j];
        rv += this.R[i * n + j] * v[j];
      }
      sum += ru * rv;
    }
    return sum;
  }
}

/** Linear model from the normal equations: JtJ (n×n, full symmetric) and g = Jᵀf. */
export class NormalLinearModel implements LinearModel {
  readonly kind = 'normal';
  readonly columnNorms: Float64Array;

  constructor(
    readonly n: number,
    readonly m: number,
    readonly JtJ: Float64Array,
    readonly g: Float64Array,
    readonly cost: number,
  ) {
    this.columnNorms = new Float64Array(n);
    for (let j = 0; j < n; j++) this.columnNorms[j] = Math.sqrt(Math.max(JtJ[j * n + j], 0));
  }

  /**
   * J_augᵀJ_aug = d·JᵀJ·d + diag(diag_h) = V·S²·Vᵀ, and since J_augᵀ f_aug = d ⊙ g,
   * uf = S⁻¹·Vᵀ(d ⊙ g) wherever s > 0 (where s = 0, uf only ever meets s·uf = 0).
   */
  factor(d: Float64Array, diagH: Float64Array | null): SubproblemFactor {
    const n = this.n;
    const B = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) B[i * n + j] = d[i] * this.JtJ[i * n + j] * d[j];
    if (diagH) for (let j = 0; j < n; j++) B[j * n + j] += diagH[j];
    const { values, vectors: V } = eighJacobi(B, n);
    const s = values.map((l) => Math.sqrt(Math.max(l, 0)));
    const uf = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      if (s[j] === 0) continue;
      let t = 0;
      for (let i = 0; i < n; i++) t += V[i * n + j] * d[i] * this.g[i];
      uf[j] = t / s[j];
    }
    return { s, V, uf, squared: true };
  }

  gram(u: Float64Array, v: Float64Array): number {
    const n = this.n;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      let t = 0;
      for (let j = 0; j < n; j++) t += this.JtJ[i * n + j] * v[j];
      sum += u[i] * t;
    }
    return sum;
  }
}

/**
 * κ(J·D) with D = diag(1/‖J e_j‖): the condition number after column equilibration, the one that
 * decides how many digits the normal equations lose (about log10 κ² of them).
 */
export function scaledConditionNumber(linear: LinearModel): number {
  const d = linear.columnNorms.map((c) => (c > 0 ? 1 / c : 1));
  const { s } = linear.factor(d, null);
  return s[0] / s[s.length - 1];
}

/**
 * Whether J, f and g = Jᵀf of a linearization are all finite. Every entry of J enters a column
 * norm (‖J e_j‖ from R's column or from the diagonal of JᵀJ), and f enters g and the cost, so the
 * three summaries decide it whichever form the model has.
 */
export function isFiniteLinearModel(linear: LinearModel): boolean {
  return Number.isFinite(linear.cost) && allFinite(linear.columnNorms) && allFinite(linear.g);
}

/** The first parameter whose Jacobian column (or, failing that, gradient entry) is not finite, or −1. */
export function nonFiniteParameter(linear: LinearModel): number {
  const j = linear.columnNorms.findIndex((v) => !Number.isFinite(v));
  return j >= 0 ? j : linear.g.findIndex((v) => !Number.isFinite(v));
}

/**
 * The arrow-shaped (bordered block-diagonal) symmetric matrix of a global fit, and its
 * factorization through the Schur complement.
 *
 * With s shared parameters and G groups of l local parameters each, the normal matrix JᵀJ of the
 * stacked residuals is
 *
 *     M = [ A    B₁  B₂ … B_G ]      A   (s×s)  Σ over groups of J_sᵀJ_s
 *         [ B₁ᵀ  D₁           ]      B_g (s×l)  J_sᵀJ_l of group g
 *         [ B₂ᵀ      D₂       ]      D_g (l×l)  J_lᵀJ_l of group g
 *         [ …            ⋱    ]
 *
 * because a group's local parameters never meet another group's residuals. Eliminating the
 * local blocks leaves the Schur complement S = A − Σ_g B_g D_g⁻¹ B_gᵀ (s×s), so a solve costs
 * O(G·(l³ + l²s + ls²) + s³) time and O(G·(l² + ls) + s²) memory instead of O((s + G·l)³) and
 * O((s + G·l)²) for the dense matrix (the classical bordered block-diagonal elimination:
 * Golub & Van Loan, Matrix Computations, 4th ed., §4.5 (block LU) and §6.2 (the Schur
 * complement); in bundle adjustment the same step is "the reduced camera system", Triggs et al.,
 * "Bundle adjustment — a modern synthesis", 2000, §6.1).
 *
 * The trust-region solver needs M in scaled and shifted forms, M̃ = diag(d)·M·diag(d) +
 * diag(shift) + α·I: the TRF scaling d and the Coleman–Li diagonal are diagonal (Branch, Coleman
 * & Li 1999), and so is the Levenberg–Marquardt shift α of Moré's iteration (Moré 1977), so M̃
 * keeps the arrow and every factorization stays in this form.
 *
 * Layout of a vector of length n = s + G·l: [shared (s) | group 0's locals (l) | group 1's …].
 */
import { choleskyInPlace, choleskyInverse, solveLower, solveLowerT } from './cholesky';

export class ArrowMatrix {
  /** s×s, row-major. */
  readonly A: Float64Array;
  /** G blocks of s×l (row i: shared parameter i, column j: local parameter j), row-major. */
  readonly B: Float64Array;
  /** G blocks of l×l, row-major. */
  readonly D: Float64Array;
  readonly n: number;

  constructor(
    readonly s: number,
    readonly l: number,
    readonly G: number,
  ) {
    this.A = new Float64Array(s * s);
    this.B = new Float64Array(G * s * l);
    this.D = new Float64Array(G * l * l);
    this.n = s + G * l;
  }

  /** The diagonal of M into out (length n). */
  diagonal(out: Float64Array): Float64Array {
    const { s, l, G, A, D } = this;
    for (let i = 0; i < s; i++) out[i] = A[i * s + i];
    for (let g = 0; g < G; g++) for (let j = 0; j < l; j++) out[s + g * l + j] = D[g * l * l + j * l + j];
    return out;
  }

  /** out = M·x (out must not alias x). */
  multiply(x: Float64Array, out: Float64Array): Float64Array {
    const { s, l, G, A, B, D } = this;
    for (let i = 0; i < s; i++) {
      let t = 0;
      for (let k = 0; k < s; k++) t += A[i * s + k] * x[k];
      out[i] = t;
    }
    for (let g = 0; g < G; g++) {
      const xo = s + g * l;
      const bo = g * s * l;
      const dOff = g * l * l;
      for (let j = 0; j < l; j++) {
        let t = 0;
        for (let i = 0; i < s; i++) t += B[bo + i * l + j] * x[i];
        for (let k = 0; k < l; k++) t += D[dOff + j * l + k] * x[xo + k];
        out[xo + j] = t;
      }
      for (let i = 0; i < s; i++) {
        let t = 0;
        for (let j = 0; j < l; j++) t += B[bo + i * l + j] * x[xo + j];
        out[i] += t;
      }
    }
    return out;
  }

  /** uᵀ·M·v, with `work` (length n) as scratch. */
  bilinear(u: Float64Array, v: Float64Array, work: Float64Array): number {
    this.multiply(v, work);
    let t = 0;
    for (let i = 0; i < this.n; i++) t += u[i] * work[i];
    return t;
  }
}

/**
 * Cholesky factors of M̃ = diag(d)·M·diag(d) + diag(shift) + α·I in arrow form: L_g of each
 * shifted D̃_g, W_g = L_g⁻¹B̃_gᵀ (l×s) and the Cholesky factor of S = Ã − Σ_g W_gᵀW_g. All
 * storage is allocated once; `factor` may be called again for every α of the λ iteration.
 */
export class ArrowFactor {
  private readonly L: Float64Array;
  private readonly W: Float64Array;
  private readonly S: Float64Array;
  private readonly col: Float64Array;
  /** The scaling d and the shift diag(shift) + α of the last `factor`, entry by entry. */
  private readonly sc: Float64Array;
  private readonly sh: Float64Array;
  /** Whether the last `factor` succeeded (M̃ numerically positive definite). */
  ok = false;

  constructor(public M: ArrowMatrix) {
    const { s, l, G } = M;
    this.L = new Float64Array(G * l * l);
    this.W = new Float64Array(G * l * s);
    this.S = new Float64Array(s * s);
    this.col = new Float64Array(Math.max(s, l, 1));
    // One local per group (factorOneLocal) needs the shared entries only.
    this.sc = new Float64Array(M.l === 1 ? M.s : M.n);
    this.sh = new Float64Array(M.l === 1 ? M.s : M.n);
  }

  /** Factors another matrix of the same shape from now on (the solver swaps two). */
  rebind(M: ArrowMatrix): void {
    if (M.s !== this.M.s || M.l !== this.M.l || M.G !== this.M.G) throw new Error('ArrowFactor.rebind: shape differs');
    this.M = M;
    this.ok = false;
  }

  /**
   * Factors M̃. A pivot not above `relPivot`·max diag(M̃) counts as a failure (returns false), so
   * that a numerically singular M is reported rather than solved with garbage.
   */
  factor(d: Float64Array | null, shift: Float64Array | null, alpha: number, relPivot = 0): boolean {
    if (this.M.l === 1) return this.factorOneLocal(d, shift, alpha, relPivot);
    const { M, L, W, S, col, sc, sh } = this;
    const { s, l, G, B, D, n } = M;
    // The scaling and shift as arrays once, not closures per entry (the arithmetic is the same).
    for (let i = s; i < n; i++) {
      sc[i] = d ? d[i] : 1;
      sh[i] = (shift ? shift[i] : 0) + alpha;
    }
    let maxDiag = this.sharedBlock(d, shift, alpha);
    for (let g = 0; g < G; g++) {
      for (let j = 0; j < l; j++) {
        const idx = s + g * l + j;
        maxDiag = Math.max(maxDiag, D[g * l * l + j * l + j] * sc[idx] * sc[idx] + sh[idx]);
      }
    }
    const minPivot = relPivot * maxDiag;
    this.ok = false;
    for (let g = 0; g < G; g++) {
      const lo = g * l * l;
      const base = s + g * l;
      const wo = g * l * s;
      const bo = g * s * l;
      for (let j = 0; j < l; j++) {
        for (let k = 0; k < l; k++) L[lo + j * l + k] = D[lo + j * l + k] * sc[base + j] * sc[base + k] + (j === k ? sh[base + j] : 0);
      }
      if (!choleskyInPlace(L, lo, l, minPivot)) return false;
      // W_g column i = L_g⁻¹ · (row i of B̃_g).
      for (let i = 0; i < s; i++) {
        for (let j = 0; j < l; j++) col[j] = B[bo + i * l + j] * sc[i] * sc[base + j];
        solveLower(L, lo, l, col, 0);
        for (let j = 0; j < l; j++) W[wo + j * s + i] = col[j];
      }
      // S −= W_gᵀW_g.
      for (let i = 0; i < s; i++) {
        for (let k = i; k < s; k++) {
          let t = 0;
          for (let j = 0; j < l; j++) t += W[wo + j * s + i] * W[wo + j * s + k];
          S[i * s + k] -= t;
          if (k !== i) S[k * s + i] -= t;
        }
      }
    }
    this.ok = choleskyInPlace(S, 0, s, minPivot);
    return this.ok;
  }

  /**
   * The shared block of M̃, which both `factor` paths start from: the scaling and shift of the s
   * shared entries into sc and sh, S = Ã (scaled, shifted) before the groups' Schur terms are
   * subtracted; returns the largest diagonal entry of Ã (for the pivot threshold).
   */
  private sharedBlock(d: Float64Array | null, shift: Float64Array | null, alpha: number): number {
    const { S, sc, sh } = this;
    const { s, A } = this.M;
    for (let i = 0; i < s; i++) {
      sc[i] = d ? d[i] : 1;
      sh[i] = (shift ? shift[i] : 0) + alpha;
    }
    let maxDiag = 0;
    for (let i = 0; i < s; i++) maxDiag = Math.max(maxDiag, A[i * s + i] * sc[i] * sc[i] + sh[i]);
    for (let i = 0; i < s; i++) for (let k = 0; k < s; k++) S[i * s + k] = A[i * s + k] * sc[i] * sc[k] + (i === k ? sh[i] : 0);
    return maxDiag;
  }

  /**
   * `factor` with one local per group (l = 1: an ODR fit of one x column, 10⁶ groups): L_g =
   * √D̃_g and W_g = B̃_g/L_g without the scaling arrays, the same arithmetic as the general path
   * (choleskyInPlace and solveLower of a 1×1 block) in two passes over the groups.
   */
  private factorOneLocal(d: Float64Array | null, shift: Float64Array | null, alpha: number, relPivot: number): boolean {
    const { M, L, W, S } = this;
    const { s, G, B, D } = M;
    let maxDiag = this.sharedBlock(d, shift, alpha);
    for (let g = 0; g < G; g++) {
      const sg = d ? d[s + g] : 1;
      const v = D[g] * sg * sg + ((shift ? shift[s + g] : 0) + alpha);
      if (v > maxDiag) maxDiag = v;
    }
    const minPivot = relPivot * maxDiag;
    this.ok = false;
    const ds = this.sc;
    for (let g = 0; g < G; g++) {
      const base = s + g;
      const sg = d ? d[base] : 1;
      const dg = D[g] * sg * sg + ((shift ? shift[base] : 0) + alpha);
      if (!(dg > minPivot) || !Number.isFinite(dg)) return false;
      const Lg = Math.sqrt(dg);
      L[g] = Lg;
      const o = g * s;
      for (let i = 0; i < s; i++) W[o + i] = (B[o + i] * ds[i] * sg) / Lg;
      for (let i = 0; i < s; i++) {
        const wi = W[o + i];
        S[i * s + i] -= wi * wi;
        for (let k = i + 1; k < s; k++) {
          const t = wi * W[o + k];
          S[i * s + k] -= t;
          S[k * s + i] -= t;
        }
      }
    }
    this.ok = choleskyInPlace(S, 0, s, minPivot);
    return this.ok;
  }

  /** out = M̃⁻¹·rhs (out may alias rhs). */
  solve(rhs: Float64Array, out: Float64Array): Float64Array {
    if (!this.ok) throw new Error('ArrowFactor.solve: the last factorization failed');
    const { L, W, S } = this;
    const { s, l, G } = this.M;
    if (out !== rhs) out.set(rhs);
    // Forward: y_g = L_g⁻¹ r_g, r̃_s = r_s − Σ W_gᵀ y_g.
    if (l === 1) return this.solveOneLocal(out);
    for (let g = 0; g < G; g++) {
      const xo = s + g * l;
      solveLower(L, g * l * l, l, out, xo);
      const wo = g * l * s;
      for (let i = 0; i < s; i++) {
        let t = 0;
        for (let j = 0; j < l; j++) t += W[wo + j * s + i] * out[xo + j];
        out[i] -= t;
      }
    }
    // The shared block: S x_s = r̃_s.
    solveLower(S, 0, s, out, 0);
    solveLowerT(S, 0, s, out, 0);
    // Back: x_g = L_g⁻ᵀ (y_g − W_g x_s).
    for (let g = 0; g < G; g++) {
      const xo = s + g * l;
      const wo = g * l * s;
      for (let j = 0; j < l; j++) {
        let t = 0;
        for (let i = 0; i < s; i++) t += W[wo + j * s + i] * out[i];
        out[xo + j] -= t;
      }
      solveLowerT(L, g * l * l, l, out, xo);
    }
    return out;
  }

  /** `solve` with one local per group (l = 1: the ODR of one x column), the same arithmetic unrolled. */
  private solveOneLocal(out: Float64Array): Float64Array {
    const { L, W, S } = this;
    const { s, G } = this.M;
    for (let g = 0; g < G; g++) {
      const xo = s + g;
      const y = out[xo] / L[g];
      out[xo] = y;
      const wo = g * s;
      for (let i = 0; i < s; i++) out[i] -= W[wo + i] * y;
    }
    solveLower(S, 0, s, out, 0);
    solveLowerT(S, 0, s, out, 0);
    for (let g = 0; g < G; g++) {
      const xo = s + g;
      const wo = g * s;
      let t = 0;
      for (let i = 0; i < s; i++) t += W[wo + i] * out[i];
      out[xo] = (out[xo] - t) / L[g];
    }
    return out;
  }

  /**
   * The diagonal blocks of M̃⁻¹ (what the covariance needs): the shared block S⁻¹ into
   * sharedOut (s×s) and each group's D̃_g⁻¹ + Z_g S⁻¹ Z_gᵀ with Z_g = L_g⁻ᵀW_g into localOut
   * (G blocks of l×l). Never forms the full inverse.
   */
  inverseBlocks(sharedOut: Float64Array, localOut: Float64Array): void {
    if (!this.ok) throw new Error('ArrowFactor.inverseBlocks: the last factorization failed');
    const { L, W, S, col } = this;
    const { s, l, G } = this.M;
    choleskyInverse(S, 0, s, sharedOut, 0, col);
    const Z = new Float64Array(l * s);
    const ZS = new Float64Array(l * s);
    for (let g = 0; g < G; g++) {
      const lo = g * l * l;
      const wo = g * l * s;
      for (let i = 0; i < s; i++) {
        for (let j = 0; j < l; j++) col[j] = W[wo + j * s + i];
        solveLowerT(L, lo, l, col, 0);
        for (let j = 0; j < l; j++) Z[j * s + i] = col[j];
      }
      choleskyInverse(L, lo, l, localOut, lo, col);
      for (let j = 0; j < l; j++) {
        for (let i = 0; i < s; i++) {
          let t = 0;
          for (let k = 0; k < s; k++) t += Z[j * s + k] * sharedOut[k * s + i];
          ZS[j * s + i] = t;
        }
      }
      for (let j = 0; j < l; j++) {
        for (let k = 0; k < l; k++) {
          let t = 0;
          for (let i = 0; i < s; i++) t += ZS[j * s + i] * Z[k * s + i];
          localOut[lo + j * l + k] += t;
        }
      }
    }
  }
}

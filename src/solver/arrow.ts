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
 *
 * A matrix may carry a support (arrowSupport.ts): each B_g nonzero in k of the s shared entries
 * only; its factor and solve then touch those (a global fit with errors in x).
 */
import { oneLocalPasses } from './arrowOneLocalUnrolled';
import { factorSupported, solveSupported, type ArrowSupport } from './arrowSupport';
import { choleskyInPlace, choleskyInverse, solveLower, solveLowerT } from './cholesky';

/** Groups per block of the one-local factorization (W's block, ONE_LOCAL_CHUNK·s doubles, stays in L1/L2). */
const ONE_LOCAL_CHUNK = 1024;

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
    /** Where each B_g may be nonzero (null: anywhere). */
    readonly support: ArrowSupport | null = null,
  ) {
    if (support && support.cols.length !== G * support.k) throw new Error('ArrowMatrix: the support has the wrong size');
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
    if (l === 1) return this.multiplyOneLocal(x, out);
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

  /** The groups' part of `multiply` with one local per group (l = 1), the same sums unrolled. */
  private multiplyOneLocal(x: Float64Array, out: Float64Array): Float64Array {
    const { s, G, B, D } = this;
    const unrolled = oneLocalPasses(s);
    if (unrolled) {
      unrolled.multiply(G, B, D, x, out);
      return out;
    }
    for (let start = 0; start < G; start += ONE_LOCAL_CHUNK) {
      const end = Math.min(G, start + ONE_LOCAL_CHUNK);
      for (let g = start; g < end; g++) {
        const bo = g * s;
        let t = 0;
        for (let i = 0; i < s; i++) t += B[bo + i] * x[i];
        out[s + g] = t + D[g] * x[s + g];
      }
      // Each shared entry's sum over the block in a register (the order of group by group).
      for (let i = 0; i < s; i++) {
        let t = out[i];
        for (let g = start; g < end; g++) t += B[g * s + i] * x[s + g];
        out[i] = t;
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
  /** The unrolled factor pass's max diagonal and min D̃_g (arrowOneLocalUnrolled.ts). */
  private readonly extremes = new Float64Array(2);
  private readonly sh: Float64Array;
  /** Whether the last `factor` succeeded (M̃ numerically positive definite). */
  ok = false;

  constructor(public M: ArrowMatrix) {
    const { s, l, G } = M;
    this.L = new Float64Array(G * l * l);
    this.W = new Float64Array(G * l * (M.support ? M.support.k : s));
    this.S = new Float64Array(s * s);
    this.col = new Float64Array(Math.max(s, l, 1));
    // One local per group (factorOneLocal) needs the shared entries only.
    this.sc = new Float64Array(M.l === 1 ? M.s : M.n);
    this.sh = new Float64Array(M.l === 1 ? M.s : M.n);
  }

  /** Factors another matrix of the same shape from now on (the solver swaps two). */
  rebind(M: ArrowMatrix): void {
    if (M.s !== this.M.s || M.l !== this.M.l || M.G !== this.M.G || M.support !== this.M.support) throw new Error('ArrowFactor.rebind: shape differs');
    this.M = M;
    this.ok = false;
  }

  /**
   * Factors M̃. A pivot not above `relPivot`·max diag(M̃) counts as a failure (returns false), so
   * that a numerically singular M is reported rather than solved with garbage.
   */
  factor(d: Float64Array | null, shift: Float64Array | null, alpha: number, relPivot = 0): boolean {
    if (this.M.support) {
      const sharedMax = this.sharedBlock(d, shift, alpha);
      this.ok = factorSupported({ ...this.M, B: this.M.B, D: this.M.D, support: this.M.support, L: this.L, W: this.W, S: this.S, col: this.col }, d, shift, alpha, relPivot, sharedMax);
      return this.ok;
    }
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
   * (choleskyInPlace and solveLower of a 1×1 block) in one pass over the groups, block by block
   * (ONE_LOCAL_CHUNK): L and W of a block first, then S −= Σ W_gᵀW_g one entry at a time over the
   * block, the entry in a register (the same subtractions in the same order as group by group,
   * without each entry waiting on its own store every group). The pivot test needs the largest
   * diagonal entry of all, known only after the pass: the pass keeps the smallest D̃_g and tests
   * it at the end (the verdict of testing each, in one pass instead of two; on failure the
   * partial factors are unused, as there).
   */
  private factorOneLocal(d: Float64Array | null, shift: Float64Array | null, alpha: number, relPivot: number): boolean {
    const { M, L, W, S } = this;
    const { s, G, B, D } = M;
    let maxDiag = this.sharedBlock(d, shift, alpha);
    let minDg = Infinity;
    const ds = this.sc;
    const unrolled = oneLocalPasses(s);
    if (unrolled) {
      const extremes = this.extremes;
      extremes[0] = maxDiag;
      extremes[1] = minDg;
      unrolled.factor(G, B, D, L, W, S, ds, d, shift, alpha, extremes);
      maxDiag = extremes[0];
      minDg = extremes[1];
    } else {
      for (let start = 0; start < G; start += ONE_LOCAL_CHUNK) {
        const end = Math.min(G, start + ONE_LOCAL_CHUNK);
        for (let g = start; g < end; g++) {
          const base = s + g;
          const sg = d ? d[base] : 1;
          const dg = D[g] * sg * sg + ((shift ? shift[base] : 0) + alpha);
          if (dg > maxDiag) maxDiag = dg;
          // A NaN D̃_g must fail the test at the end: it makes minDg −∞ for good.
          if (!(dg >= minDg)) minDg = Number.isNaN(dg) ? -Infinity : dg;
          const Lg = Math.sqrt(dg);
          L[g] = Lg;
          const o = g * s;
          for (let i = 0; i < s; i++) W[o + i] = (B[o + i] * ds[i] * sg) / Lg;
        }
        for (let i = 0; i < s; i++) {
          let sii = S[i * s + i];
          for (let o = start * s + i, e = end * s; o < e; o += s) sii -= W[o] * W[o];
          S[i * s + i] = sii;
          // S's two triangles start from Ã's (which may differ in the last bit) and lose the same terms.
          for (let k = i + 1; k < s; k++) {
            let upper = S[i * s + k];
            let lower = S[k * s + i];
            for (let o = start * s, e = end * s; o < e; o += s) {
              const t = W[o + i] * W[o + k];
              upper -= t;
              lower -= t;
            }
            S[i * s + k] = upper;
            S[k * s + i] = lower;
          }
        }
      }
    }
    const minPivot = relPivot * maxDiag;
    this.ok = (G === 0 || (minDg > minPivot && Number.isFinite(minDg) && maxDiag < Infinity)) && choleskyInPlace(S, 0, s, minPivot);
    return this.ok;
  }

  /** out = M̃⁻¹·rhs (out may alias rhs). */
  solve(rhs: Float64Array, out: Float64Array): Float64Array {
    if (!this.ok) throw new Error('ArrowFactor.solve: the last factorization failed');
    const { L, W, S } = this;
    const { s, l, G } = this.M;
    if (out !== rhs) out.set(rhs);
    if (this.M.support) return solveSupported({ s, l, G, B: this.M.B, D: this.M.D, support: this.M.support, L, W, S, col: this.col }, out);
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
    const unrolled = oneLocalPasses(s);
    if (unrolled) {
      unrolled.forward(G, L, W, out);
      solveLower(S, 0, s, out, 0);
      solveLowerT(S, 0, s, out, 0);
      unrolled.back(G, L, W, out);
      return out;
    }
    // Forward, block by block as factorOneLocal: the block's y_g, then each shared entry's
    // subtractions over the block in a register (the same order as group by group).
    for (let start = 0; start < G; start += ONE_LOCAL_CHUNK) {
      const end = Math.min(G, start + ONE_LOCAL_CHUNK);
      for (let g = start; g < end; g++) out[s + g] /= L[g];
      for (let i = 0; i < s; i++) {
        let t = out[i];
        for (let g = start; g < end; g++) t -= W[g * s + i] * out[s + g];
        out[i] = t;
      }
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
   * The shared block of M̃⁻¹, S⁻¹ (s×s), into out: all that ODRPACK's cov_beta needs (fit/odr),
   * without the G local blocks `inverseBlocks` also forms.
   */
  sharedInverse(out: Float64Array): Float64Array {
    if (!this.ok) throw new Error('ArrowFactor.sharedInverse: the last factorization failed');
    choleskyInverse(this.S, 0, this.M.s, out, 0, this.col);
    return out;
  }

  /**
   * The diagonal blocks of M̃⁻¹ (what the covariance needs): the shared block S⁻¹ into
   * sharedOut (s×s) and each group's D̃_g⁻¹ + Z_g S⁻¹ Z_gᵀ with Z_g = L_g⁻ᵀW_g into localOut
   * (G blocks of l×l). Never forms the full inverse.
   */
  inverseBlocks(sharedOut: Float64Array, localOut: Float64Array): void {
    if (!this.ok) throw new Error('ArrowFactor.inverseBlocks: the last factorization failed');
    if (this.M.support) throw new Error('ArrowFactor.inverseBlocks: not with a support (sharedInverse is)');
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

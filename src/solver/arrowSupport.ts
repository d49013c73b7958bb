/**
 * arrow.ts's factor and solve when each block's coupling B_g is zero outside a few of the shared
 * entries (its support, k of the s): a global fit with errors in x (fit/odr/globalOdrEvaluator.ts),
 * whose "shared" block is β = [shared | every group's locals] and whose row i couples only with
 * the shared parameters and its own group's locals. W_g = L_g⁻¹B̃_gᵀ is held on the support only
 * (l×k per block instead of l×s) and S −= W_gᵀW_g touches k² entries, so a factorization costs
 * O(G·(l³ + l²k + lk²) + s³) instead of O(G·l·s²): the sparsity of the Schur complement's terms
 * (Golub & Van Loan, Matrix Computations, 4th ed., §4.5; Triggs et al., "Bundle adjustment — a
 * modern synthesis", 2000, §6.1, where each point's block meets only its cameras). The arithmetic
 * is the general path's on the nonzero entries (zeros contribute nothing).
 */
import { choleskyInPlace, solveLower, solveLowerT } from './cholesky';

/** The shared entries each block's B_g may be nonzero in: cols[g·k + c], ascending within a block. */
export interface ArrowSupport {
  readonly k: number;
  readonly cols: Int32Array;
}

interface SupportedFactors {
  readonly s: number;
  readonly l: number;
  readonly G: number;
  readonly B: Float64Array;
  readonly D: Float64Array;
  readonly support: ArrowSupport;
  /** L_g blocks (G·l²), W on the support (G·l·k), S = Ã scaled and shifted on entry (s²). */
  readonly L: Float64Array;
  readonly W: Float64Array;
  readonly S: Float64Array;
  readonly col: Float64Array;
}

/**
 * Factors M̃ = diag(d)·M·diag(d) + diag(shift) + α·I: S holds Ã (scaled, shifted) and `sharedMax`
 * its largest diagonal entry on entry; returns false at a pivot not above relPivot·max diag(M̃).
 */
export function factorSupported(F: SupportedFactors, d: Float64Array | null, shift: Float64Array | null, alpha: number, relPivot: number, sharedMax: number): boolean {
  const { s, l, G, B, D, L, W, S, col } = F;
  const { k, cols } = F.support;
  const sc = (i: number) => (d ? d[i] : 1);
  const sh = (i: number) => (shift ? shift[i] : 0) + alpha;
  let maxDiag = sharedMax;
  for (let g = 0; g < G; g++) {
    for (let j = 0; j < l; j++) {
      const idx = s + g * l + j;
      maxDiag = Math.max(maxDiag, D[g * l * l + j * l + j] * sc(idx) * sc(idx) + sh(idx));
    }
  }
  const minPivot = relPivot * maxDiag;
  for (let g = 0; g < G; g++) {
    const lo = g * l * l;
    const base = s + g * l;
    const wo = g * l * k;
    const bo = g * s * l;
    const co = g * k;
    for (let j = 0; j < l; j++) {
      for (let q = 0; q < l; q++) L[lo + j * l + q] = D[lo + j * l + q] * sc(base + j) * sc(base + q) + (j === q ? sh(base + j) : 0);
    }
    if (!choleskyInPlace(L, lo, l, minPivot)) return false;
    for (let c = 0; c < k; c++) {
      const i = cols[co + c];
      for (let j = 0; j < l; j++) col[j] = B[bo + i * l + j] * sc(i) * sc(base + j);
      solveLower(L, lo, l, col, 0);
      for (let j = 0; j < l; j++) W[wo + j * k + c] = col[j];
    }
    for (let c = 0; c < k; c++) {
      const i = cols[co + c];
      for (let e = c; e < k; e++) {
        const q = cols[co + e];
        let t = 0;
        for (let j = 0; j < l; j++) t += W[wo + j * k + c] * W[wo + j * k + e];
        S[i * s + q] -= t;
        if (q !== i) S[q * s + i] -= t;
      }
    }
  }
  return choleskyInPlace(S, 0, s, minPivot);
}

/** out = M̃⁻¹·out in the factors of factorSupported. */
export function solveSupported(F: SupportedFactors, out: Float64Array): Float64Array {
  const { s, l, G, L, W, S } = F;
  const { k, cols } = F.support;
  for (let g = 0; g < G; g++) {
    const xo = s + g * l;
    solveLower(L, g * l * l, l, out, xo);
    const wo = g * l * k;
    for (let c = 0; c < k; c++) {
      let t = 0;
      for (let j = 0; j < l; j++) t += W[wo + j * k + c] * out[xo + j];
      out[cols[g * k + c]] -= t;
    }
  }
  solveLower(S, 0, s, out, 0);
  solveLowerT(S, 0, s, out, 0);
  for (let g = 0; g < G; g++) {
    const xo = s + g * l;
    const wo = g * l * k;
    for (let j = 0; j < l; j++) {
      let t = 0;
      for (let c = 0; c < k; c++) t += W[wo + j * k + c] * out[cols[g * k + c]];
      out[xo + j] -= t;
    }
    solveLowerT(L, g * l * l, l, out, xo);
  }
  return out;
}

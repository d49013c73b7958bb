/**
 * Pairwise sums of squares over rows that arrive in order, chunk by chunk: the same tree as
 * pairwiseSumSquaredDifferences (fit/residuals.ts: halves split at start + ⌊(end − start)/2⌋, leaves of ≤ 128
 * summed left to right), so the result is the in-memory one to the last bit. Two sums share the
 * tree: Σ(wᵢdᵢ)² (χ²) and Σdᵢ² (the unweighted RSS).
 */
export interface SquaresCursor {
  /** Makes row i (global, visited in increasing order) readable; returns its index in the arrays. */
  at(i: number): number;
  /** Differences fᵢ − yᵢ of the loaded chunk. */
  readonly d: Float64Array;
  /** Weights of the loaded chunk, or null. */
  readonly w: Float64Array | null;
  /** One past the global index of the loaded chunk's last row (set by `at`). */
  readonly loadedEnd: number;
}

export interface PairwiseSquares {
  chi2: number;
  rss: number;
}

export function pairwiseSquaresStream(m: number, cursor: SquaresCursor): PairwiseSquares {
  const leaf = (start: number, end: number): PairwiseSquares => {
    let chi2 = 0;
    let rss = 0;
    // The rows of the leaf in the loaded chunk in one inner loop (a call per chunk, not per row:
    // at 10⁷ rows the call per row was most of the pass); the same terms in the same order.
    for (let i = start; i < end; ) {
      let j = cursor.at(i);
      const stop = Math.min(end, cursor.loadedEnd);
      const dc = cursor.d;
      const w = cursor.w;
      for (; i < stop; i++, j++) {
        const d = dc[j];
        const v = w ? d * w[j] : d;
        chi2 += v * v;
        rss += d * d;
      }
    }
    return { chi2, rss };
  };
  const node = (start: number, end: number): PairwiseSquares => {
    if (end - start <= 128) return leaf(start, end);
    const mid = start + ((end - start) >> 1);
    const a = node(start, mid);
    const b = node(mid, end);
    return { chi2: a.chi2 + b.chi2, rss: a.rss + b.rss };
  };
  return node(0, m);
}

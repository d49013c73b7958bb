/**
 * Layout of the `normal` kernel's accumulator (kernels.ts): the upper triangle of JᵀJ packed row by
 * row, (0,0), (0,1) … (0,k−1), (1,1) …, then Jᵀf (k entries), then Σρ₀ — the same layout the GPU
 * kernels write, so one unpacking serves both.
 */

/** Length of the accumulator for k derivative columns: k(k+1)/2 + k + 1. */
export function normalLength(k: number): number {
  return (k * (k + 1)) / 2 + k + 1;
}

/** Index of (JᵀJ)[j][l] for j ≤ l. */
export function packedIndex(k: number, j: number, l: number): number {
  return j * k - (j * (j - 1)) / 2 + (l - j);
}

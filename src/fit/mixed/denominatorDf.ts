/**
 * Denominator degrees of freedom of the fixed effects' t tests, by nlme's rule for one level of
 * grouping (Pinheiro & Bates 2000, §2.4.2; nlme's getFixDF on the linearized fixed-effects
 * matrix X = ∂f/∂β at the solution). A column of X that varies within some group is estimated at
 * the residual level, one that is constant within every group (but not overall) at the group
 * level; each takes one degree of freedom from its level, whose count starts at G (groups) and
 * N − G (residual). A column constant overall (an intercept) takes one from the group level and
 * is tested with the larger count; without one, the residual level gets one back (an implicit
 * intercept).
 */

const TOL = Math.sqrt(2.220446049250313e-16);

/** Whether values[start..end) (with a stride) are all equal to the first, as nlme's `const`. */
function constant(X: Float64Array, p: number, c: number, start: number, end: number): boolean {
  if (end <= start) return true;
  const x0 = X[start * p + c];
  for (let i = start + 1; i < end; i++) {
    const v = X[i * p + c];
    if (!(Math.abs(x0 === 0 ? v : v / x0 - 1) < TOL)) return false;
  }
  return true;
}

/**
 * @param X      every row's ∂f/∂β (N×p, row-major; groups' rows consecutive)
 * @param bounds the groups' row ranges: group g holds rows [bounds[g], bounds[g+1])
 */
export function denominatorDf(X: Float64Array, p: number, bounds: ArrayLike<number>): number[] {
  const G = bounds.length - 1;
  const N = bounds[G];
  const dfGroup0 = G;
  const dfResid0 = N - G;
  const kind = Array.from({ length: p }, (_, c): 'intercept' | 'group' | 'residual' => {
    if (constant(X, p, c, 0, N)) return 'intercept';
    for (let g = 0; g < G; g++) if (!constant(X, p, c, bounds[g], bounds[g + 1])) return 'residual';
    return 'group';
  });
  let dfGroup = dfGroup0 - kind.filter((k) => k === 'group').length;
  let dfResid = dfResid0 - kind.filter((k) => k === 'residual').length;
  if (kind.includes('intercept')) dfGroup -= 1;
  else dfResid += 1;
  return kind.map((k) => (k === 'group' ? dfGroup : k === 'residual' ? dfResid : Math.max(dfGroup, dfResid)));
}

/**
 * The extra-sum-of-squares F test of a simpler model nested in a fuller one, fitted to the same
 * points (Bates & Watts, Nonlinear Regression Analysis and Its Applications, Wiley 1988, §3.10;
 * R's anova.nls):
 *
 *     F = ((χ²_simple − χ²_full) / (dof_simple − dof_full)) / (χ²_full / dof_full),
 *
 * p = P(F(df₁, df₂) > F). A simpler fit that ends below the fuller one (a local minimum) gives
 * F = 0, p = 1 rather than a negative F.
 */
import { fSurvival } from './criteria';

export interface FTest {
  readonly F: number;
  readonly df1: number;
  readonly df2: number;
  readonly p: number;
}

export interface ChiSquareFit {
  readonly chi2: number;
  readonly dof: number;
}

export function extraSumOfSquares(simple: ChiSquareFit, full: ChiSquareFit): FTest {
  const df1 = simple.dof - full.dof;
  const df2 = full.dof;
  if (!(df1 > 0 && df2 > 0)) return { F: NaN, df1, df2, p: NaN };
  const F = Math.max(0, (simple.chi2 - full.chi2) / df1) / (full.chi2 / df2);
  return { F, df1, df2, p: fSurvival(F, df1, df2) };
}

/**
 * Global versus separate fits: is one value of the shared parameters consistent with every group?
 *
 * The global fit (s shared, the rest local) is nested in the separate fits (every parameter per
 * group), so the extra-sum-of-squares F test applies (Bates & Watts, Nonlinear Regression
 * Analysis and Its Applications, Wiley 1988, §3.10; Motulsky & Christopoulos, Fitting Models to
 * Biological Data Using Linear and Nonlinear Regression, Oxford 2004, ch. 22):
 *
 *     F = ((χ²_global − χ²_separate) / (df_global − df_separate)) / (χ²_separate / df_separate),
 *
 * with p = P(F(df₁, df₂) > F) = I_{df₂/(df₂ + df₁F)}(df₂/2, df₁/2). Beside it, Akaike's criterion
 * with the small-sample correction (Hurvich & Tsai, Biometrika 76, 1989), for least squares
 * AICc = N·ln(χ²/N) + 2K + 2K(K + 1)/(N − K − 1) with K = free parameters + 1 (the variance, as
 * Motulsky & Christopoulos count it); the Akaike weight exp(−Δ/2)/(1 + exp(−Δ/2)) says how likely
 * the preferred model is the better of the two.
 */
import { aicc, akaikeWeight, formatP } from './criteria';
import { extraSumOfSquares } from './fTest';
import type { BatchResult } from '../batch/types';
import type { GlobalResult } from '../global/types';

// The criteria live in criteria.ts (shared with compareModels); re-exported for existing callers.
export { aicc, formatP, fSurvival } from './criteria';

export interface FitComparison {
  /** Whether both fits covered the same groups and converged, so the test means something. */
  readonly valid: boolean;
  readonly shared: readonly string[];
  readonly groups: number;
  readonly points: number;
  readonly separate: { readonly chi2: number; readonly dof: number; readonly parameters: number; readonly aicc: number };
  readonly global: { readonly chi2: number; readonly dof: number; readonly parameters: number; readonly aicc: number };
  readonly F: number;
  readonly dfNumerator: number;
  readonly dfDenominator: number;
  readonly p: number;
  /** AICc(global) − AICc(separate): negative favours the global fit. */
  readonly deltaAicc: number;
  /** Akaike weight of the global fit (0…1). */
  readonly globalWeight: number;
  /** Which model the F test prefers at level α. */
  readonly preferred: 'global' | 'separate' | null;
  readonly verdict: string;
}

const list = (names: readonly string[], joiner: string) =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${joiner} ${names[names.length - 1]}`;

export function compareFits(separate: BatchResult, global: GlobalResult, alpha = 0.05): FitComparison {
  const rowsByKey = new Map(separate.rows.map((r) => [r.key, r]));
  const included = global.rows.filter((r) => r.included);
  const problems: string[] = [];
  let chi2Sep = 0;
  let points = 0;
  for (const row of included) {
    const sep = rowsByKey.get(row.key);
    if (!sep || !sep.success) problems.push(row.key);
    else chi2Sep += sep.chi2;
    points += row.rows;
  }
  const G = included.length;
  const kSep = separate.free.length * G;
  const kGlob = global.freeParameters;
  const dofSep = points - kSep;
  const dofGlob = points - kGlob;
  const d1 = dofGlob - dofSep;
  const valid = problems.length === 0 && global.success && d1 > 0 && dofSep > 0;
  const test = extraSumOfSquares({ chi2: global.chi2, dof: dofGlob }, { chi2: chi2Sep, dof: dofSep });
  const F = valid ? test.F : NaN;
  const p = valid ? test.p : NaN;
  const aiccSep = aicc(chi2Sep, points, kSep);
  const aiccGlob = aicc(global.chi2, points, kGlob);
  const delta = aiccGlob - aiccSep;
  const globalWeight = akaikeWeight(delta);
  const shared = global.shared;
  const what = list(shared, 'and');
  let verdict: string;
  let preferred: FitComparison['preferred'] = null;
  if (!valid) {
    verdict = problems.length > 0
      ? `No comparison: the separate fit of ${list(problems.slice(0, 5), 'and')}${problems.length > 5 ? ` and ${problems.length - 5} more` : ''} did not converge.`
      : !global.success
        ? 'No comparison: the global fit did not converge.'
        : 'No comparison: the fits leave no degrees of freedom to compare.';
  } else {
    const stat = `F(${d1}, ${dofSep}) = ${F.toPrecision(3)}, ${formatP(p)}`;
    preferred = p < alpha ? 'separate' : 'global';
    verdict = p < alpha
      ? `The groups differ in ${list(shared, 'or')} (${stat}).`
      : `A shared ${what} is consistent with the data (${stat}).`;
    const w = 100 * Math.max(globalWeight, 1 - globalWeight);
    const pct = w > 99 ? '> 99%' : `${Math.round(w)}%`;
    verdict += ` AICc prefers the ${delta <= 0 ? 'global' : 'separate'} fit (ΔAICc = ${Math.abs(delta).toFixed(1)}; ${pct} likely the better model).`;
  }
  return {
    valid,
    shared,
    groups: G,
    points,
    separate: { chi2: chi2Sep, dof: dofSep, parameters: kSep, aicc: aiccSep },
    global: { chi2: global.chi2, dof: dofGlob, parameters: kGlob, aicc: aiccGlob },
    F,
    dfNumerator: d1,
    dfDenominator: dofSep,
    p,
    deltaAicc: delta,
    globalWeight,
    preferred,
    verdict,
  };
}

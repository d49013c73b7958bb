/**
 * One model against another on the same points: the extra-sum-of-squares F test when one is
 * nested in the other (fTest.ts; R's anova(nls_simple, nls_full)), AICc and Akaike weights always
 * (criteria.ts), and the preferred model stated in words. Nesting is never assumed: it comes from
 * nesting.ts (established on the syntax) or from the user, and the verdict says which.
 */
import { aicc, akaikeWeight, formatP } from './criteria';
import { extraSumOfSquares } from './fTest';
import type { Nesting } from './nesting';
import type { FitResult } from '../types';

/** What the comparison needs of one fitted model. */
export interface ModelFitSummary {
  /** The model as written (with its fixed parameters named), for the verdict. */
  readonly label: string;
  readonly success: boolean;
  readonly chi2: number;
  readonly points: number;
  /** Fitted (free) parameters. */
  readonly parameters: number;
  /**
   * The fit's own AICc where it has one (R's convention: AIC(nls) + 2K(K+1)/(N−K−1), goodness.ts),
   * so that the comparison shows the number the fit's statistics show; else criteria.ts's. The two
   * differ by a constant of the points, so ΔAICc and the weights are the same either way.
   */
  readonly aicc?: number;
}

export interface ComparedModel extends ModelFitSummary {
  readonly dof: number;
  readonly aicc: number;
  /** Akaike weight: the probability that this is the better of the two. */
  readonly weight: number;
}

export interface ModelComparison {
  /** Both fits converged on the same points, so the numbers mean something. */
  readonly valid: boolean;
  readonly models: readonly [ComparedModel, ComparedModel];
  /** Whether the F test applies: 'structure' (established on the syntax), 'user' (asserted), or null. */
  readonly nested: 'structure' | 'user' | null;
  /** With nesting: which model (0, 1) is the simpler one, and the constants it puts in (structure only). */
  readonly simpler: 0 | 1 | null;
  readonly constants: ReadonlyMap<string, number>;
  /** The F test (NaN without nesting). */
  readonly F: number;
  readonly df: readonly [number, number];
  readonly p: number;
  /** AICc(second) − AICc(first): negative favours the second model. */
  readonly deltaAicc: number;
  /** The preferred model: by the F test at level alpha when nested, else by AICc; null when invalid. */
  readonly preferred: 0 | 1 | null;
  readonly verdict: string;
}

/** A model as the verdict names it: its text, with its fixed parameters when it has some. */
export function modelLabel(text: string, fixed: readonly (readonly [string, number])[]): string {
  return fixed.length ? `${text} with ${fixed.map(([name, value]) => `${name} = ${value}`).join(', ')} fixed` : text;
}

/** What compareModels needs of a finished fit (its own AICc included, R's convention). */
export function fitSummary(label: string, r: FitResult): ModelFitSummary {
  return { label, success: r.success, chi2: r.stats.chi2, points: r.stats.points, parameters: r.free.length, aicc: r.stats.aicc };
}

const percent = (w: number) => (w > 0.99 ? '> 99%' : `${Math.round(100 * w)}%`);

export function compareModels(
  first: ModelFitSummary,
  second: ModelFitSummary,
  nesting: { readonly by: 'structure' | 'user'; readonly nesting: Nesting } | null,
  alpha = 0.05,
): ModelComparison {
  // Both from one convention, so that the difference is meaningful.
  const own = Number.isFinite(first.aicc) && Number.isFinite(second.aicc);
  const value = (m: ModelFitSummary) => (own ? (m.aicc as number) : aicc(m.chi2, m.points, m.parameters));
  const summarize = (m: ModelFitSummary, weight: number): ComparedModel => ({ ...m, dof: m.points - m.parameters, aicc: value(m), weight });
  const delta = value(second) - value(first);
  const models = [summarize(first, akaikeWeight(-delta)), summarize(second, akaikeWeight(delta))] as const;
  const problem = !first.success || !second.success
    ? `the fit of ${!first.success ? first.label : second.label} did not converge`
    : first.points !== second.points
      ? `the models were fitted to different points (${first.points} and ${second.points})`
      : models.some((m) => m.dof <= 0)
        ? 'a model leaves no degrees of freedom'
        : null;
  const simpler = nesting ? nesting.nesting.simpler : null;
  const test = simpler === null ? null : extraSumOfSquares(models[simpler], models[1 - simpler]);
  const base = {
    models,
    nested: nesting ? nesting.by : null,
    simpler,
    constants: nesting?.nesting.constants ?? new Map<string, number>(),
    F: test?.F ?? NaN,
    df: [test?.df1 ?? NaN, test?.df2 ?? NaN] as const,
    p: test?.p ?? NaN,
    deltaAicc: delta,
  };
  if (problem) return { ...base, valid: false, preferred: null, verdict: `No comparison: ${problem}.` };
  // The fuller model contains the simpler one, so its least-squares minimum cannot lie above the
  // simpler one's: a larger χ² means its fit stopped in a local minimum, and no test is honest.
  if (simpler !== null) {
    const [small, full] = [models[simpler], models[1 - simpler]];
    if (full.chi2 > small.chi2 * (1 + 1e-9)) {
      return { ...base, valid: false, preferred: null, verdict: `No comparison: the fit of ${full.label} ended with a larger χ² (${full.chi2.toPrecision(6)}) than that of ${small.label} (${small.chi2.toPrecision(6)}), which it contains: it stopped in a local minimum. Fit it from other starts.` };
    }
  }
  const byAicc: 0 | 1 = delta < 0 ? 1 : 0;
  const aiccWords = `AICc prefers ${models[byAicc].label} (ΔAICc = ${Math.abs(delta).toFixed(1)}; ${percent(models[byAicc].weight)} likely the better model).`;
  if (simpler === null || !test || !Number.isFinite(test.p)) {
    const why = simpler === null ? 'The models are not nested, so there is no F test' : 'The nested models have the same number of fitted parameters, so there is no F test';
    return { ...base, valid: true, preferred: byAicc, verdict: `${why}; ${aiccWords}` };
  }
  const fuller = (1 - simpler) as 0 | 1;
  const stat = `F(${test.df1}, ${test.df2}) = ${test.F.toPrecision(3)}, ${formatP(test.p)}`;
  const preferred = test.p < alpha ? fuller : simpler;
  const asserted = nesting?.by === 'user' ? ' (nesting as stated, not checked)' : '';
  const verdict = test.p < alpha
    ? `The fuller model, ${models[fuller].label}, fits significantly better (${stat})${asserted}.`
    : `The simpler model, ${models[simpler].label}, is consistent with the data (${stat})${asserted}.`;
  return { ...base, valid: true, preferred, verdict: `${verdict} ${aiccWords}` };
}

/**
 * The model comparison in the CLI's two outputs: the JSON field `modelComparison`
 * (src/fit/compare/comparisonJson.ts, shared with the page's results export) and a few lines of
 * the readable report.
 */
import { modelComparisonJson as comparisonJson } from '../fit/compare/comparisonJson';
import type { FitResult } from '../fit/types';
import type { ComparedFit } from './compareModel';

export function modelComparisonJson(first: FitResult, compared: ComparedFit | null | undefined) {
  return compared ? comparisonJson(first, compared.result, compared.comparison) : null;
}

const num = (v: number, digits = 6) => (Number.isFinite(v) ? v.toPrecision(digits) : String(v));

export function modelComparisonText(compared: ComparedFit | null | undefined): string[] {
  if (!compared) return [];
  const c = compared.comparison;
  return [
    '  model comparison (same rows):',
    ...c.models.map((m, i) => `    ${i + 1}. ${m.label}: k = ${m.parameters}, χ² = ${num(m.chi2)}, dof = ${m.dof}, AICc = ${num(m.aicc)}, weight ${num(m.weight, 3)}${m.success ? '' : ' (did not converge)'}`),
    `    ${c.verdict}`,
  ];
}

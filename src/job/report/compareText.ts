/**
 * The model comparison in a fit's text report (text.ts): a few lines (the JSON field
 * `modelComparison` is src/fit/compare/comparisonJson.ts's, through json.ts).
 */
import type { ComparedFit } from './facts';

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

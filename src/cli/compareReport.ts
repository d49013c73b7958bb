/**
 * The model comparison in the CLI's two outputs. JSON field `modelComparison` (a contract: add
 * fields, never rename or drop): models [{model, success, params, stderr, chi2, n, k, dof, aicc,
 * weight}], nested (boolean), nestedBy ("structure" | "user" | null), simpler (0 | 1 | null, an
 * index into models), constants ({name: value}: what the simpler model puts in for the fuller one's
 * parameters), F, df [df1, df2], p, aicc [first, second], deltaAicc (second − first), weights,
 * preferred (0 | 1 | null), valid, verdict. Non-finite numbers are null.
 */
import type { FitResult } from '../fit/types';
import type { ComparedFit } from './compareModel';

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);
const byName = (r: FitResult, pick: (p: FitResult['parameters'][number]) => number) => Object.fromEntries(r.parameters.map((p) => [p.name, finite(pick(p))]));

export function modelComparisonJson(first: FitResult, compared: ComparedFit | null | undefined) {
  if (!compared) return null;
  const c = compared.comparison;
  const results = [first, compared.result];
  return {
    valid: c.valid,
    models: c.models.map((m, i) => ({
      model: m.label,
      success: m.success,
      params: byName(results[i], (p) => p.value),
      stderr: byName(results[i], (p) => p.stderr),
      chi2: m.chi2,
      n: m.points,
      k: m.parameters,
      dof: m.dof,
      aicc: finite(m.aicc),
      weight: finite(m.weight),
    })),
    nested: c.nested !== null,
    nestedBy: c.nested,
    simpler: c.simpler,
    constants: Object.fromEntries(c.constants),
    F: finite(c.F),
    df: c.df.map(finite),
    p: finite(c.p),
    aicc: c.models.map((m) => finite(m.aicc)),
    deltaAicc: finite(c.deltaAicc),
    weights: c.models.map((m) => finite(m.weight)),
    preferred: c.preferred,
    verdict: c.verdict,
  };
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

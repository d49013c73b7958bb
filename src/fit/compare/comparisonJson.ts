/**
 * A model comparison as JSON, the same object in the CLI's --json (`modelComparison`) and the
 * page's results export: models [{model, success, params, stderr, chi2, n, k, dof, aicc,
 * weight}], nested (boolean), nestedBy ("structure" | "user" | null), simpler (0 | 1 | null, an
 * index into models), constants ({name: value}: what the simpler model puts in for the fuller
 * one's parameters), F, df [df1, df2], p, aicc [first, second], deltaAicc (second − first),
 * weights, preferred (0 | 1 | null), valid, verdict. A contract: add fields, never rename or drop.
 * Non-finite numbers are null (JSON has none).
 */
import type { FitResult } from '../types';
import type { ModelComparison } from './compareModels';

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);
const byName = (r: FitResult, pick: (p: FitResult['parameters'][number]) => number) => Object.fromEntries(r.parameters.map((p) => [p.name, finite(pick(p))]));

export function modelComparisonJson(first: FitResult, second: FitResult, c: ModelComparison) {
  const results = [first, second];
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

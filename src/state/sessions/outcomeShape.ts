/**
 * The shape check of a saved fit read back from storage (a structured clone of FitOutcome, written
 * by this or another version of the page, or damaged): every field the results, the plot and the
 * exports read is present with its type, and typed arrays have the lengths their meaning needs.
 * A record that fails is refused as a whole with the path of the first bad field
 * (`result.stats.chi2 is missing`), so a damaged session never reaches a render.
 *
 * Unknown extra fields are allowed (a newer page may add some); numbers may be NaN or ±∞ where a
 * statistic is undetermined, so "number" means `typeof v === 'number'`.
 */
import { optionalAssay } from './assayShape';
import { bad, fields, flag, f64, i32, list, nullable, number, oneOf, problem, record, text, type Check } from './shapeChecks';

/** The VarPro option's reduced fit: absent in fits made before it or without it. */
const varproPhase = record({ linear: list(text), nonlinear: list(text), nfev: number, nit: number });
const optionalVarpro: Check = (v, path) => {
  if (v !== undefined && v !== null) varproPhase(v, path);
};

/** The Poisson objective's facts: absent in fits made before it or by least squares. */
const poissonFacts = record({ cash: number, deviance: number, rounds: number, converged: flag });
const optionalPoisson: Check = (v, path) => {
  if (v !== undefined && v !== null) poissonFacts(v, path);
};

/** A fit resumed from a checkpoint (issue 12): what was done before the interruption. */
const resumedFacts = record({ nit: number, nfev: number });
const optionalResumed: Check = (v, path) => {
  if (v !== undefined && v !== null) resumedFacts(v, path);
};

const parameter = record({ name: text, value: number, stderr: number, ciLower: number, ciUpper: number, fixed: flag, start: number, min: number, max: number, atBound: number });
const stats = record({ points: number, freeParameters: number, dof: number, chi2: number, redchi2: number, rss: number, rmse: number, r2: number, adjR2: number, aic: number, bic: number });
const phase = record({ role: oneOf('fit', 'polish', 'refine'), backend: oneOf('cpu', 'gpu'), linearization: oneOf('dense', 'normal'), nfev: number, njev: number, nit: number, status: number, message: text, ms: number });
const iteration = record({ iteration: number, nfev: number, njev: number, cost: number, optimality: number, Delta: number, stepNorm: number, x: f64(), elapsedMs: number, phase: number });
const series = record({ x: f64(), y: f64(), sigma: nullable(f64()), lines: i32(), decimated: flag, viewAll: flag, total: number });
const bands = nullable(record({ lower: f64(), upper: f64() }));

function checkResult(v: unknown, path: string): void {
  const r = fields(v, path, {
    success: flag,
    status: number,
    message: text,
    parameters: list(parameter),
    free: list(text),
    cost: number,
    stats,
    confidenceLevel: number,
    tValue: number,
    nfev: number,
    njev: number,
    nit: number,
    phases: list(phase),
    history: list(iteration),
    warnings: list(text),
    extendedPrecision: flag,
    fitMs: number,
  });
  const k = (r.free as unknown[]).length;
  f64(k * k)(r.pcov, `${path}.pcov`);
  f64(k * k)(r.correlation, `${path}.correlation`);
  const names = new Set((r.parameters as { name: string }[]).map((p) => p.name));
  (r.free as string[]).forEach((name, i) => names.has(name) || bad(`${path}.free[${i}]`, 'is not one of the parameters'));
}

function checkCurve(v: unknown, path: string): void {
  const c = fields(v, path, { kind: oneOf('grid', 'points'), x: f64(), y: f64(), residuals: series, chi2: number, nonFinite: number, confidence: bands, prediction: bands });
  const n = (c.x as Float64Array).length;
  f64(n)(c.y, `${path}.y`);
  for (const key of ['confidence', 'prediction'] as const) {
    const b = c[key] as { lower: Float64Array; upper: Float64Array } | null;
    if (b && (b.lower.length !== n || b.upper.length !== n)) bad(`${path}.${key}`, 'does not match the curve');
  }
}

/** The saved plot settings: each is optional (missing ones take their defaults) but typed. */
export function plotProblem(value: unknown, path = 'plot'): string | null {
  return problem(() => {
    const o = fields(value, path, {});
    const optional = (check: Check) => (v: unknown, p: string) => v === undefined || check(v, p);
    fields(o, path, { plotVar: optional(number), logX: optional(flag), logY: optional(flag), showConfidence: optional(flag), showPrediction: optional(flag), showProjections: optional(flag) });
    if (o.plotVar !== undefined && !(Number.isInteger(o.plotVar) && (o.plotVar as number) >= 0)) bad(`${path}.plotVar`, 'is not a column index');
  });
}


/** An errors-in-variables fit's facts (issue 24; worker/api.ts OdrFacts): absent or null for others. */
const optionalOdr: Check = (v, path) => {
  if (v === undefined || v === null) return;
  fields(v, path, { kind: oneOf('explicit', 'implicit'), observed: list(text), sumSquares: number, sumSquaresDelta: number, sumSquaresEps: number, resVar: number, absoluteSigma: flag, plotVar: number, projections: nullable(record({ x: f64(), y: f64(), count: number })) });
};

/** null when `value` is a usable saved fit, else what is wrong with it (`outcome.result.stats.chi2 is missing`). */
export function outcomeProblem(value: unknown, path = 'outcome'): string | null {
  return problem(() => fields(value, path, { result: checkResult, curve: checkCurve, backend: record({ requested: oneOf('auto', 'cpu', 'gpu'), used: oneOf('cpu', 'gpu'), reason: text }), varpro: optionalVarpro, poisson: optionalPoisson, resumed: optionalResumed, assay: optionalAssay, odr: optionalOdr }));
}

/** One model of a saved comparison (src/fit/compare/compareModels.ts ComparedModel). */
const comparedModel = record({ label: text, success: flag, chi2: number, points: number, parameters: number, dof: number, aicc: number, weight: number });

const pair =
  (item: Check): Check =>
  (v, path) => {
    list(item)(v, path);
    if ((v as unknown[]).length !== 2) bad(path, 'is not a pair');
  };

/** The constants a nesting puts in: a Map of parameter names to numbers (structured clones keep Maps). */
const constants: Check = (v, path) => {
  if (!(v instanceof Map)) bad(path, v === undefined ? 'is missing' : 'is not a Map');
  for (const [key, value] of v) if (typeof key !== 'string' || typeof value !== 'number') bad(path, 'holds an entry that is not name → number');
};

/**
 * null when `value` is a usable saved comparison with another model (PageModelComparison: the
 * Compare card's last outcome), else what is wrong with it (`comparison.comparison.p is missing`).
 */
export function comparisonProblem(value: unknown, path = 'comparison'): string | null {
  return problem(() =>
    fields(value, path, {
      comparison: record({
        valid: flag,
        models: pair(comparedModel),
        nested: oneOf('structure', 'user', null),
        simpler: oneOf(0, 1, null),
        constants,
        F: number,
        df: pair(number),
        p: number,
        deltaAicc: number,
        preferred: oneOf(0, 1, null),
        verdict: text,
      }),
      second: checkResult,
      model: text,
      firstFitMs: number,
    }),
  );
}

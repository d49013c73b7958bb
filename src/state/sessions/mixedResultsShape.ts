/**
 * The shape check of a saved mixed-effects fit read back from storage (issue 25): the card's
 * MixedFitOutcome as the results card, the shrinkage plot and the groups' curves read it: the
 * fixed effects with one entry per name, Ψ's SDs and correlations (r and r×r), each group's
 * parameters (one per model parameter) and random effects (one per random parameter), the
 * comparisons, each group's own fit, the overlay. Checks: shapeChecks.ts.
 */
import { bad, f64, fields, flag, list, nullable, number, oneOf, record, text, type Check } from './shapeChecks';

const numbers = (n: number): Check => (v, path) => {
  list(number)(v, path);
  if ((v as unknown[]).length !== n) bad(path, 'has the wrong length');
};

const likelihood = { logLik: number, aic: number, bic: number, parameterCount: number };
const side = record({ kind: oneOf('global', 'mixed'), random: list(text), cov: oneOf('full', 'diag', null), ...likelihood });
const comparison = record({ against: oneOf('global', 'random'), simpler: side, richer: side, lr: number, df: number, pValue: number, deltaAic: number });
const separateRow = { key: text, rows: number, success: flag, message: text };

function mixedResult(v: unknown, path: string, params: number): void {
  const m = fields(v, path, {
    names: list(text),
    random: list(text),
    method: oneOf('ml', 'reml'),
    cov: oneOf('full', 'diag'),
    global: record({ ...likelihood, sigma: number, rss: number }),
    sigma: number,
    ...likelihood,
    points: number,
    groupsFitted: number,
    rows: list(record({ key: text, rows: number, included: flag, message: text })),
    iterations: number,
    converged: flag,
    message: text,
    warnings: list(text),
    fitMs: number,
  });
  const p = (m.names as unknown[]).length;
  const r = (m.random as unknown[]).length;
  for (const key of ['fixed', 'fixedStderr', 'fixedDf', 'tValue', 'pValue']) numbers(p)(m[key], `${path}.${key}`);
  numbers(r)(m.randomSd, `${path}.randomSd`);
  list(numbers(r))(m.randomCorr, `${path}.randomCorr`);
  if ((m.randomCorr as unknown[]).length !== r) bad(`${path}.randomCorr`, 'has the wrong length');
  (m.rows as Record<string, unknown>[]).forEach((row, i) => {
    f64(params)(row.params, `${path}.rows[${i}].params`);
    f64(r)(row.randomEffects, `${path}.rows[${i}].randomEffects`);
  });
}

function overlay(v: unknown, path: string): void {
  const o = fields(v, path, { key: text, x: f64(), y: f64(), curve: nullable(record({ x: f64(), y: f64() })) });
  f64((o.x as Float64Array).length)(o.y, `${path}.y`);
}

/** Throws (Damaged) where `v` is not a usable MixedFitOutcome. */
export function mixedOutcome(v: unknown, path: string): void {
  const o = fields(v, path, { names: list(text), comparisons: list(comparison), total: number, overlay: list(overlay), overlayCapped: flag, separate: nullable(list(record(separateRow))) });
  const params = (o.names as unknown[]).length;
  mixedResult(o.mixed, `${path}.mixed`, params);
  ((o.separate ?? []) as Record<string, unknown>[]).forEach((row, i) => {
    f64(params)(row.params, `${path}.separate[${i}].params`);
    f64(params)(row.stderr, `${path}.separate[${i}].stderr`);
  });
  if (o.model !== undefined) text(o.model, `${path}.model`);
}

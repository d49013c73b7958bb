/**
 * The shape check of saved group results read back from storage (issue 27, item 5): "Fit each
 * group" (GroupBatchOutcome), the global fit (GlobalFitOutcome) and its comparison with separate
 * fits (GlobalComparison), as the results table, the global card and the plot's overlay read them;
 * and the mixed-effects fit (mixedResultsShape.ts; absent in older records).
 * Every row's parameter arrays have one entry per model parameter. Checks: shapeChecks.ts.
 */
import { mixedOutcome } from './mixedResultsShape';
import { bad, fields, flag, f64, list, nullable, number, oneOf, problem, record, text, type Check } from './shapeChecks';

const optional =
  (check: Check): Check =>
  (v, path) => {
    if (v !== undefined) check(v, path);
  };

/** The ties a group fit ran with (absent without ties). */
const ties = optional(list(record({ name: text, expression: text })));

function overlay(v: unknown, path: string): void {
  const o = fields(v, path, { key: text, x: f64(), y: f64(), curve: nullable(record({ x: f64(), y: f64() })) });
  f64((o.x as Float64Array).length)(o.y, `${path}.y`);
  const c = o.curve as { x: Float64Array; y: Float64Array } | null;
  if (c && c.x.length !== c.y.length) bad(`${path}.curve`, 'has x and y of different lengths');
}

/** The rows of a group fit: each a record of `checks` whose `arrays` hold one entry per name. */
function rows(v: unknown, path: string, names: number, checks: Readonly<Record<string, Check>>, arrays: readonly string[]): void {
  list((row, at) => {
    const r = fields(row, at, checks);
    for (const key of arrays) f64(names)(r[key], `${at}.${key}`);
  })(v, path);
}

const groupRow = { key: text, rows: number, skippedRows: number, success: flag, status: number, code: nullable(text), message: text, cost: number, chi2: number, redchi2: number, r2: number, nfev: number };

/** "Fit each group": its rows, counts and overlay. */
function batch(v: unknown, path: string): void {
  const b = fields(v, path, { names: list(text), free: list(text), rows: list(record({})), cancelled: flag, failed: number, total: number, overlay: list(overlay), overlayCapped: flag, fitMs: number, ties });
  rows(b.rows, `${path}.rows`, (b.names as unknown[]).length, groupRow, ['params', 'stderr', 'start']);
}

const globalRow = { key: text, rows: number, skippedRows: number, included: flag, success: flag, status: number, code: nullable(text), message: text, cost: number };

/** The global fit: shared and local names, one row per group, the shared covariance, the overlay. */
function globalFit(v: unknown, path: string): void {
  const g = fields(v, path, {
    names: list(text),
    shared: list(text),
    local: list(text),
    rows: list(record({})),
    success: flag,
    status: number,
    message: text,
    cost: number,
    chi2: number,
    points: number,
    freeParameters: number,
    nfev: number,
    njev: number,
    nit: number,
    confidenceLevel: number,
    tValue: number,
    warnings: list(text),
    fitMs: number,
    total: number,
    overlay: list(overlay),
    overlayCapped: flag,
    ties,
  });
  rows(g.rows, `${path}.rows`, (g.names as unknown[]).length, globalRow, ['params', 'stderr', 'ciLower', 'ciUpper']);
  const s = (g.shared as unknown[]).length;
  f64(s * s)(g.sharedCovariance, `${path}.sharedCovariance`);
}

const fitCounts = record({ chi2: number, dof: number, parameters: number, aicc: number });

/** Global versus separate fits (src/fit/compare/compareFits.ts FitComparison), with its global fit. */
function globalComparison(v: unknown, path: string): void {
  fields(v, path, {
    comparison: record({ valid: flag, shared: list(text), groups: number, points: number, separate: fitCounts, global: fitCounts, F: number, dfNumerator: number, dfDenominator: number, p: number, deltaAicc: number, globalWeight: number, preferred: oneOf('global', 'separate', null), verdict: text }),
    global: globalFit,
    separateFailed: number,
  });
}

/** null when `value` holds usable saved group results (SavedGroupResults), else what is wrong (`groups.batch.rows[3].params has the wrong length`). */
export function groupResultsProblem(value: unknown, path = 'groups'): string | null {
  return problem(() => fields(value, path, { batch: nullable(batch), global: nullable(globalFit), comparison: nullable(globalComparison), mixed: optional(nullable(mixedOutcome)) }));
}

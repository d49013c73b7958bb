/**
 * FitSpec ↔ the JSON written into a link. The wire object has FitSpec's own field names (a decoded
 * link is readable as it is) with one change: an infinite bound is `null` (JSON has no Infinity),
 * −∞ for min and +∞ for max; a finite bound is its number. Fields are written in one fixed order and
 * inline columns in specDataColumns order, so one spec always gives one link.
 */
import { specDataColumns } from './odeSpec';
import type { JsonValue } from './jsonText';
import { allRows } from './readRows';
import type { AssaySettings, FitSpec, GroupSpec, ParameterRow, SolverSettings } from './types';

/** The JSON value of a bound: null for ±∞ (the reader restores the sign from min/max). */
function bound(v: number): number | null {
  return v === Infinity || v === -Infinity ? null : v;
}

function parameter(p: ParameterRow): JsonValue {
  return { name: p.name, value: p.value, min: bound(p.min), max: bound(p.max), fixed: p.fixed };
}

function data(spec: FitSpec): JsonValue {
  const d = spec.data;
  if (d === null) return null;
  if (d.kind === 'fingerprint') return { kind: 'fingerprint', fileName: d.fileName, rows: d.rows, hash: d.hash };
  const own = (name: string) => (Object.prototype.hasOwnProperty.call(d.columns, name) ? d.columns[name] : null);
  return {
    kind: 'inline',
    fileName: d.fileName,
    columns: Object.fromEntries(specDataColumns(spec).names.map((name) => [name, own(name)])),
    // Group keys travel only with groups (a link without groups is as before issue 9).
    ...(spec.groups && d.groupKeys ? { groupKeys: [...d.groupKeys] } : {}),
  };
}

/** The solver settings as JSON, keys in a fixed order (links, sessions and the results export). */
export function settingsToWire(s: SolverSettings): { [key: string]: JsonValue } {
  return {
    loss: s.loss,
    fScale: s.fScale,
    ftol: s.ftol,
    xtol: s.xtol,
    gtol: s.gtol,
    maxNfev: s.maxNfev,
    xScale: s.xScale,
    method: s.method,
    backend: s.backend,
    absoluteSigma: s.absoluteSigma,
    ...(s.varpro ? { varpro: true } : {}),
    ...(s.weights && s.weights !== 'sigma' ? { weights: s.weights } : {}),
    ...(s.objective === 'poisson' ? { objective: 'poisson' } : {}),
  };
}

function groupsToWire(g: GroupSpec): JsonValue {
  return { column: g.column, mode: g.mode, shared: [...g.shared], ...(g.pick ? { pick: [...g.pick] } : {}), ...(g.mixed ? { mixed: { random: [...g.mixed.random], cov: g.mixed.cov, method: g.mixed.method } } : {}) };
}

/** Errors in x (issue 24): written only when some x has a σ column, in x order. */
/** The assay settings; `interval` only when not percentile, so that links from before it read the same. */
function assayToWire(a: AssaySettings): JsonValue {
  const { interval, ...rest } = a;
  return { ...rest, keep: [...a.keep], ...(interval !== 'percentile' ? { interval } : {}) };
}

function sigmaXToWire(c: FitSpec['columns']): { sigmaX?: JsonValue } {
  const sx = c.sigmaX;
  if (!sx) return {};
  const entries = c.x.filter((x) => Object.prototype.hasOwnProperty.call(sx, x)).map((x) => [x, sx[x]] as const);
  return entries.length > 0 ? { sigmaX: Object.fromEntries(entries) } : {};
}

export function specToWire(spec: FitSpec): JsonValue {
  const s = spec.settings;
  return {
    version: spec.version,
    model: spec.model,
    libraryId: spec.libraryId,
    columns: { x: [...spec.columns.x], y: spec.columns.y, sigma: spec.columns.sigma, ...sigmaXToWire(spec.columns) },
    parameters: spec.parameters.map(parameter),
    settings: settingsToWire(s),
    data: data(spec),
    ...(spec.rows && !allRows(spec.rows) ? { rows: { where: [...spec.rows.where], exclude: [...spec.rows.exclude] } } : {}),
    ...(spec.groups ? { groups: groupsToWire(spec.groups) } : {}),
    ...(spec.derived && spec.derived.length > 0 ? { derived: spec.derived.map((d) => ({ name: d.name, expression: d.expression })) } : {}),
    ...(spec.compare ? { compare: { model: spec.compare.model, fixed: spec.compare.fixed } } : {}),
    ...(spec.ties && spec.ties.length > 0 ? { ties: spec.ties.map((t) => ({ name: t.name, expression: t.expression })) } : {}),
    ...(spec.ode ? { ode: { method: spec.ode.method, rtol: spec.ode.rtol, atol: spec.ode.atol } } : {}),
    // The assay switches (issue 26): readAssay (assay.ts) reads them back field by field.
    ...(spec.assay ? { assay: assayToWire(spec.assay) } : {}),
  };
}

/**
 * The page as a portable FitSpec (src/share/types.ts) that links, sessions and exports use:
 * `currentSpec` reads it off the state (actions/applySpec.ts restores a page from one).
 *
 * The spec's data: inline data that came in with a spec travel on; otherwise `data` is null and
 * the caller (links, sessions) decides whether to inline the columns, which the worker hands out
 * with `getClient().exportColumns()`, or to fingerprint them.
 */
import { parseDerivedSpec } from '../../fit/derived';
import { SPEC_VERSION, type ColumnMapping, type DerivedRow, type FitSpec, type GroupSpec } from '../../share/types';
import { derivedEntries } from '../derivedQuantities';
import { assayChanged } from '../../share/assay';
import type { Mapping } from '../slices/data';
import type { AppState } from '../store';
import { effectiveRandom, effectiveShared } from './groupFits';

/** The page's mapping for a spec: its columns and its rows (filters, excluded lines). */
export function specMapping(spec: FitSpec): Mapping {
  return { x: [...spec.columns.x], y: spec.columns.y, sigma: spec.columns.sigma, ...(spec.columns.sigmaX ? { sigmaX: { ...spec.columns.sigmaX } } : {}), ...(spec.rows ? { rows: { where: [...spec.rows.where], exclude: [...spec.rows.exclude] } } : {}) };
}

export function currentSpec(state: AppState): FitSpec {
  return {
    version: SPEC_VERSION,
    model: state.modelText,
    libraryId: state.libraryId,
    columns: state.modelInfo.ode ? odeColumns(state) : { x: [...state.mapping.x], y: state.mapping.y, sigma: state.mapping.sigma, ...sigmaXOf(state) },
    parameters: state.params.map(({ name, value, min, max, fixed }) => ({ name, value, min, max, fixed })),
    settings: { ...state.settings },
    data: state.inline,
    ...(state.mapping.rows && (state.mapping.rows.where.length > 0 || state.mapping.rows.exclude.length > 0) ? { rows: state.mapping.rows } : {}),
    ...(state.groupBy !== null ? { groups: groupSpec(state, state.groupBy) } : {}),
    ...derivedSpec(state.derivedText),
    ...(state.compareDraft.model.trim() !== '' ? { compare: { model: state.compareDraft.model, fixed: state.compareDraft.fixed } } : {}),
    ...tiesSpec(state),
    ...(state.modelInfo.ode ? { ode: { ...state.ode } } : {}),
    ...(assayChanged(state.assay) ? { assay: { ...state.assay, keep: [...state.assay.keep] } } : {}),
  };
}

/** Errors in x (issue 24): the σ column of each picked x that has one (none: the key is left out). */
function sigmaXOf(state: AppState): Pick<ColumnMapping, 'sigmaX'> {
  const sx = state.mapping.sigmaX;
  if (!sx) return {};
  const kept = state.mapping.x.filter((x) => Object.prototype.hasOwnProperty.call(sx, x)).map((x) => [x, sx[x]] as const);
  return kept.length > 0 ? { sigmaX: Object.fromEntries(kept) } : {};
}

/**
 * An ODE model's columns as a spec holds them (src/share/odeSpec.ts): the time column (the x the
 * page picked) alone, and y and σ the first `~` line's column and σ (without a `~` line, the y and
 * σ pickers: the column observed as the one state).
 */
function odeColumns(state: AppState): ColumnMapping {
  const ode = state.modelInfo.ode;
  const time = state.mapping.x.slice(0, 1);
  if (!ode || ode.observed.length === 0) return { x: time, y: state.mapping.y, sigma: state.mapping.sigma };
  return { x: time, y: ode.observed[0], sigma: ode.sigma[0] ?? null };
}

/** The ties of the model's parameters (one waiting for a parameter the model lacks stays behind). */
function tiesSpec(state: AppState): { ties?: DerivedRow[] } {
  const names = new Set(state.params.map((p) => p.name));
  const ties = state.ties.filter((t) => names.has(t.name)).map(({ name, expression }) => ({ name, expression }));
  return ties.length > 0 ? { ties } : {};
}

/** The derived quantities as they travel: the entries typed as name = expression (others are left out). */
function derivedSpec(text: string): { derived?: DerivedRow[] } {
  const derived = derivedEntries(text).flatMap((entry) => parseDerivedSpec(entry) ?? []);
  return derived.length > 0 ? { derived } : {};
}

/** The groups as they travel (issue 9): column, mode, the shared marks a global fit takes (free
 *  parameters of the model only), the picked keys when not every group is picked, and a mixed
 *  fit's random marks, Ψ and method (issue 25). */
function groupSpec(state: AppState, column: string): GroupSpec {
  // Mixed mode carries its random marks (free parameters of the model only), Ψ and the method;
  // with none marked it travels as "each group" (a link must read back: readGroups asks for one).
  const random = effectiveRandom(state);
  const mixed = state.groupMode === 'mixed' && random.length > 0 ? { mixed: { random, cov: state.randomCov, method: state.mixedMethod } } : null;
  const mode = state.groupMode === 'mixed' && !mixed ? 'each' : state.groupMode;
  return { column, mode, shared: effectiveShared(state), ...(state.groupPick !== null ? { pick: [...state.groupPick] } : {}), ...(mixed ?? {}) };
}

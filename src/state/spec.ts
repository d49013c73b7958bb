/**
 * The bridge between the page and the portable FitSpec (src/share/types.ts) that links, sessions
 * and exports use: `currentSpec` reads it off the state; `applySpec` restores a page from it.
 *
 * The spec's data: inline data that came in with a spec travel on; otherwise `data` is null and
 * the caller (links, sessions) decides whether to inline the columns, which the worker hands out
 * with `getClient().exportColumns()`, or to fingerprint them.
 */
import { getClient } from '../client/worker';
import { parseDerivedSpec } from '../fit/derived';
import { SPEC_VERSION, type DerivedRow, type FitSpec, type GroupSpec } from '../share/types';
import { derivedEntries } from './derivedQuantities';
import { effectiveShared } from './actions/global';
import { setGroupBy } from './actions/groups';
import { refreshCurve } from './actions/curve';
import { adoptTable, followModelColumns, setMapping } from './actions/data';
import type { Mapping } from './slices/data';
import { LINKED_DATA } from './dataFile';
import { setModelText } from './actions/model';
import { makeRow, NO_PARAM_ERRORS, NO_TIES } from './slices/params';
import { DEFAULT_SETTINGS } from './slices/settings';
import { getState, setState, type AppState } from './store';

/** The page's mapping for a spec: its columns and its rows (filters, excluded lines). */
export function specMapping(spec: FitSpec): Mapping {
  return { x: [...spec.columns.x], y: spec.columns.y, sigma: spec.columns.sigma, ...(spec.rows ? { rows: { where: [...spec.rows.where], exclude: [...spec.rows.exclude] } } : {}) };
}

export function currentSpec(state: AppState): FitSpec {
  return {
    version: SPEC_VERSION,
    model: state.modelText,
    libraryId: state.libraryId,
    columns: { x: [...state.mapping.x], y: state.mapping.y, sigma: state.mapping.sigma },
    parameters: state.params.map(({ name, value, min, max, fixed }) => ({ name, value, min, max, fixed })),
    settings: { ...state.settings },
    data: state.inline,
    ...(state.mapping.rows && (state.mapping.rows.where.length > 0 || state.mapping.rows.exclude.length > 0) ? { rows: state.mapping.rows } : {}),
    ...(state.groupBy !== null ? { groups: groupSpec(state, state.groupBy) } : {}),
    ...derivedSpec(state.derivedText),
    ...(state.compareDraft.model.trim() !== '' ? { compare: { model: state.compareDraft.model, fixed: state.compareDraft.fixed } } : {}),
    ...tiesSpec(state),
  };
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
 *  parameters of the model only), and the picked keys when not every group is picked. */
function groupSpec(state: AppState, column: string): GroupSpec {
  return { column, mode: state.groupMode, shared: effectiveShared(state), ...(state.groupPick !== null ? { pick: [...state.groupPick] } : {}) };
}

/** Restores the group column, its picked groups, the mode and the shared marks. A column the
 *  data lack is reported by the group picker (the worker's message), like one chosen by hand. */
async function applyGroups(groups: GroupSpec | undefined): Promise<void> {
  if (!groups) return;
  await setGroupBy(groups.column);
  const list = getState().groupList;
  const keys = new Set(list?.groups.map((g) => g.key) ?? []);
  setState({
    groupMode: groups.mode,
    sharedParams: [...groups.shared],
    ...(groups.pick && list ? { groupPick: groups.pick.filter((k) => keys.has(k)) } : {}),
  });
}

/** Restores model, parameter table, column mapping and settings; inline data are loaded into the
 *  worker as a table. A fingerprint keeps the data already loaded (the caller checks it). */
export async function applySpec(spec: FitSpec): Promise<void> {
  const mapping = specMapping(spec);
  setState({ settings: { ...DEFAULT_SETTINGS, ...spec.settings }, outcome: null, fittedSignature: null, fitStatus: 'idle', fitCancelled: false, fitError: null });
  if (spec.data?.kind === 'inline') {
    const name = spec.data.fileName ?? LINKED_DATA;
    setState({ loading: { name, fraction: null, rows: 0 }, loadError: null });
    // Object.fromEntries: a column named "__proto__" is an own property, not the prototype.
    const keys = spec.groups && spec.data.groupKeys ? Object.fromEntries([[spec.groups.column, spec.data.groupKeys]]) : null;
    const status = await getClient().loadColumns(spec.data.columns, name, keys);
    if (await adoptTable(status, { kind: 'link', name, sampleId: null }, mapping)) setState({ inline: spec.data });
  } else if (getState().table) {
    await setMapping(mapping);
  } else {
    setState({ mapping });
  }
  setState({ ties: spec.ties ? spec.ties.map(({ name, expression }) => ({ name, expression })) : NO_TIES });
  setModelText(spec.model, spec.libraryId);
  setState({ derivedText: (spec.derived ?? []).map((d) => `${d.name} = ${d.expression}`).join('\n'), compareDraft: spec.compare ?? { model: '', fixed: '' } });
  const rows = new Map(spec.parameters.map((p) => [p.name, p]));
  const s = getState();
  setState({
    params: s.params.map((r) => {
      const p = rows.get(r.name);
      return p ? makeRow(r.name, { value: p.value, min: p.min ?? -Infinity, max: p.max ?? Infinity, fixed: p.fixed, positive: r.positive }) : r;
    }),
    paramErrors: NO_PARAM_ERRORS,
  });
  if (getState().table) await applyGroups(spec.groups);
  // The spec's model decides which columns are variables: not the model on the page before it.
  await followModelColumns();
  refreshCurve();
}

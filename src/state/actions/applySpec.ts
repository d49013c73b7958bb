/**
 * A page restored from a portable FitSpec (src/share/types.ts): links and sessions open one with
 * `applySpec` (selectors/spec.ts reads one off the page).
 */
import { getClient } from '../../client/worker';
import type { FitSpec, GroupSpec } from '../../share/types';
import { LINKED_DATA } from '../dataFile';
import { specMapping } from '../selectors/spec';
import { makeRow, NO_PARAM_ERRORS, NO_TIES } from '../slices/params';
import { DEFAULT_SETTINGS } from '../slices/settings';
import { ODE_DEFAULTS } from '../../fit/ode/odeDefaults';
import { DEFAULT_ASSAY } from '../../share/assay';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';
import { adoptTable, followModelColumns, setMapping } from './data';
import { setGroupBy } from './groups';
import { setModelText } from './model';

/** Restores the group column, its picked groups, the mode, the shared marks and a mixed fit's random marks, Ψ and method. A column the
 *  data lack is reported by the group picker (the worker's message), like one chosen by hand. */
async function applyGroups(groups: GroupSpec | undefined): Promise<void> {
  if (!groups) return;
  await setGroupBy(groups.column);
  const list = getState().groupList;
  const keys = new Set(list?.groups.map((g) => g.key) ?? []);
  setState({
    groupMode: groups.mode,
    sharedParams: [...groups.shared],
    ...(groups.mixed ? { randomParams: [...groups.mixed.random], randomCov: groups.mixed.cov, mixedMethod: groups.mixed.method } : {}),
    ...(groups.pick && list ? { groupPick: groups.pick.filter((k) => keys.has(k)) } : {}),
  });
}

/** Restores model, parameter table, column mapping and settings; inline data are loaded into the
 *  worker as a table. A fingerprint keeps the data already loaded (the caller checks it). */
export async function applySpec(spec: FitSpec): Promise<void> {
  const mapping = specMapping(spec);
  setState({ settings: { ...DEFAULT_SETTINGS, ...spec.settings }, ode: spec.ode ?? ODE_DEFAULTS, assay: spec.assay ?? DEFAULT_ASSAY, outcome: null, fittedSignature: null, fitStatus: 'idle', fitCancelled: false, fitError: null });
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

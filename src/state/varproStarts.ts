/**
 * With the VarPro solver option on, the parameters it eliminates (linear, free, without finite
 * bounds: the same rule as src/start/varpro.ts) need no start value: VarPro solves them at every
 * step. Fit then searches only when some other start value is empty (issue 11).
 */
import { parse } from '../model/index';
import { linearParameters } from '../start/linearity';
import { modelColumns } from './selectors/modelColumns';
import { tiedModel } from './ties';
import type { AppState } from './store';

/** The names of the parameters VarPro would solve for this page (empty when it is off). */
export function solvedByVarpro(s: AppState): Set<string> {
  if (!s.settings.varpro || s.settings.loss !== 'linear') return new Set();
  // The model the fit is given: with the ties written in (state/ties.ts).
  const tied = tiedModel(s);
  const parsed = parse(tied.text, modelColumns(s));
  if (!parsed.ok) return new Set();
  const names = parsed.value.params;
  const rows = new Map(tied.params.map((r) => [r.name, r]));
  const held = new Set<number>();
  names.forEach((name, i) => {
    const r = rows.get(name);
    if (!r || r.fixed || Number.isFinite(r.min) || Number.isFinite(r.max)) held.add(i);
  });
  return new Set(linearParameters(parsed.value.ast, names, held).map((i) => names[i]));
}

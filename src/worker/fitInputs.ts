/**
 * What every run on the selected rows checks first, in this order: the columns are selected (and
 * the rows chosen), the model compiles against them, and the rows × free parameters are within
 * the worker's work limit (limits.ts). Shared by the fit and the start search.
 */
import type { FitData } from '../data/selectColumns';
import type { CompiledModel } from '../model/index';
import type { ParameterRow } from '../share/types';
import type { DataMapping, Status } from './api';
import { workLimit } from '../job/browser/limits';
import { compiled } from '../job/browser/pageModels';
import { ensureSelection } from './select';

export function fitInputs(request: { readonly model: string; readonly mapping: DataMapping; readonly parameters: readonly ParameterRow[] }): Status<{ data: FitData; model: CompiledModel }> {
  const picked = ensureSelection(request.mapping);
  if (!picked.ok) return picked;
  const data = picked.value;
  const model = compiled(request.model, request.mapping.x);
  if (!model.ok) return model;
  const fixed = new Set(request.parameters.filter((p) => p.fixed).map((p) => p.name));
  const tooMuch = workLimit(data.rows, model.value.params.filter((name) => !fixed.has(name)).length);
  if (tooMuch) return { ok: false, error: tooMuch };
  return { ok: true, value: { data, model: model.value } };
}

/** The model at the slider's parameters, for interactive tuning. */
import type { Curve, CurveRequest, Status } from './api';
import { withDeviance, withWeights } from '../plot/curve';
import { evaluateCurve } from './curve';
import { compiled } from './modelCache';
import { ensureSelection } from './select';

export function previewCurve(request: CurveRequest): Status<Curve> {
  const picked = ensureSelection(request.mapping);
  if (!picked.ok) return picked;
  const model = compiled(request.model, request.mapping.x);
  if (!model.ok) return model;
  if (request.params.length !== model.value.params.length) {
    return { ok: false, error: { code: 'stale', message: 'The parameters do not match the model.', field: 'parameter' } };
  }
  const drawn = evaluateCurve(model.value, withWeights(picked.value, request.weights), request.params, request);
  return { ok: true, value: withDeviance(drawn, picked.value.y, request.objective) };
}


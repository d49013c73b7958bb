/** The model at the slider's parameters, for interactive tuning. */
import type { Curve, CurveRequest, Status } from './api';
import { withDeviance, withWeights } from '../plot/curve';
import { evaluateCurve } from './curve';
import { compiled } from '../job/browser/pageModels';
import { ensureSelection } from './select';
import { isEquationModel, isOdeModel } from '../model/modelKind';
import { implicitCurve } from '../plot/implicitCurve';
import { compiledEquation } from '../job/browser/pageModels';
import { equationColumns } from './odrFit';
import { variableSigmas } from '../job/protocol/sigmaX';
import { session } from './session';
import { odeCurve } from '../plot/odeCurve';
import { odeProblem } from './odeProblem';
import { odeDrawing } from './odeFit';

/** An ODE model (issue 23): integrated at the slider's parameters over the data's times. */
function odePreview(request: CurveRequest): Status<Curve> {
  const problem = odeProblem(request.model, request.mapping);
  if (!problem.ok) return problem;
  if (request.params.length !== problem.value.model.spec.params.length) {
    return { ok: false, error: { code: 'stale', message: 'The parameters do not match the model.', field: 'parameter' } };
  }
  const { integration, fit } = odeDrawing(request.model, request.params);
  return { ok: true, value: odeCurve(problem.value, request.params, request, integration, fit) };
}

/** An implicit model (issue 24): the zero contour of g at the slider's parameters. */
function implicitPreview(request: CurveRequest): Status<Curve> {
  const picked = ensureSelection(request.mapping);
  if (!picked.ok) return picked;
  const model = compiledEquation(request.model, equationColumns(request.mapping));
  if (!model.ok) return model;
  if (request.params.length !== model.value.params.length) {
    return { ok: false, error: { code: 'stale', message: 'The parameters do not match the model.', field: 'parameter' } };
  }
  const sigmas = variableSigmas(session.table!, picked.value, request.mapping, model.value.variables);
  if (!sigmas.ok) return sigmas;
  return { ok: true, value: implicitCurve(model.value, picked.value, (v) => sigmas.value[v], request.params, request) };
}

export function previewCurve(request: CurveRequest): Status<Curve> {
  if (isOdeModel(request.model)) return odePreview(request);
  if (isEquationModel(request.model)) return implicitPreview(request);
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


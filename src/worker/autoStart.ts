/**
 * "Auto start" in the worker (issue 11): starting values for any model, typed or from the
 * library, found on the selected rows by src/start's search (variable projection over Sobol
 * candidates, the best few refined by TRF). The page gets the best refined parameters, how many
 * refinements reached that minimum and the other minima seen, so it can say how sure the search
 * is. Cancel (cancelFit) stops the search; what was refined so far is kept.
 */
import type { FitOptions } from '../fit/defaults';
import { autoStart } from '../start/index';
import type { AutoStartOutcome, AutoStartRequest, AutoStartStep, Status } from './api';
import { modelVars } from './curve';
import { toWorkerError } from './errors';
import { fitInputs } from './fitInputs';
import { endRun, startRun } from './session';
import { throttle } from './throttle';
import { isOdeModel } from '../model/modelKind';
import { clashMessage } from '../job/validate';

export async function findStarts(request: AutoStartRequest, onProgress?: (p: AutoStartStep) => void): Promise<Status<AutoStartOutcome>> {
  // The job's own refusal, until src/start searches ODE models (issue 23).
  if (isOdeModel(request.model)) return { ok: false, error: { code: 'ode-start-search', message: clashMessage('ode-start-search'), field: 'parameter' } };
  const inputs = fitInputs(request);
  if (!inputs.ok) return inputs;
  const { data, model: m } = inputs.value;

  const flag = startRun();
  const report = throttle<AutoStartStep>((p) => onProgress?.(p), 100);
  const { backend: _backend, ...fit } = request.settings;
  try {
    // Auto start: the values on screen are placeholders (often 1), only fixed ones and bounds bind
    // the search. Fit with empty values (keepGiven): the given ones are one extra candidate.
    const specs = request.parameters.map((p) => ({ name: p.name, value: p.fixed || request.keepGiven ? p.value : undefined, min: p.min, max: p.max, fixed: p.fixed }));
    const found = await autoStart(
      m,
      { vars: modelVars(m, data), y: data.y, sigma: data.sigma },
      specs,
      { fit: fit as FitOptions, signal: flag, seed: request.seed ?? 0, onProgress: (p) => report.push(p) },
    );
    report.flush();
    return {
      ok: true,
      value: {
        values: found.fit.parameters.map((p) => ({ name: p.name, value: p.value })),
        cost: found.fit.cost,
        candidates: found.candidates,
        evaluated: found.evaluated,
        refined: found.refined,
        sameMinimum: found.sameMinimum,
        scoredRows: found.scoredRows,
        rows: found.fit.stats.points,
        others: found.others,
        linear: found.linear,
        searched: found.searched,
        cancelled: flag.aborted,
        start: Object.entries(found.start).map(([name, value]) => ({ name, value })),
      },
    };
  } catch (error) {
    if (flag.aborted) return { ok: false, error: { code: 'cancelled', message: 'The search for starting values was cancelled.' } };
    return { ok: false, error: toWorkerError(error, m.params) };
  } finally {
    endRun(flag);
  }
}

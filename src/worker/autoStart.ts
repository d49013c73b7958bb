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
import { modelVars } from '../plot/curve';
import { toWorkerError } from '../job/protocol/status';
import { fitInputs } from './fitInputs';
import { endRun, startRun } from './session';
import { throttle } from '../job/browser/throttle';
import { isEquationModel, isOdeModel } from '../model/modelKind';
import { clashMessage } from '../job/validate';
import type { ParameterSpec } from '../fit/parameters';
import type { AutoStartOptions, AutoStartResult } from '../start/multistart';
import { odeAutoStart } from '../start/ode/odeAutoStart';
import { odeProblem } from './odeProblem';

/** What the page shows of a search (the closed-form one or the ODE one: the same result shape). */
function outcomeOf(found: AutoStartResult, cancelled: boolean): AutoStartOutcome {
  return {
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
    cancelled,
    start: Object.entries(found.start).map(([name, value]) => ({ name, value })),
  };
}

/**
 * One search on the page: the values on screen are placeholders (often 1), so only fixed ones and
 * bounds bind it; with keepGiven (Fit with some values empty) the given ones are one extra
 * candidate. Progress at most 10 times a second; Cancel (cancelFit) stops it.
 */
async function runSearch(
  request: AutoStartRequest,
  params: readonly string[],
  onProgress: ((p: AutoStartStep) => void) | undefined,
  search: (specs: ParameterSpec[], options: Pick<AutoStartOptions, 'fit' | 'signal' | 'seed' | 'onProgress'>) => Promise<AutoStartResult>,
): Promise<Status<AutoStartOutcome>> {
  const flag = startRun();
  const report = throttle<AutoStartStep>((p) => onProgress?.(p), 100);
  const { backend: _backend, ...fit } = request.settings;
  try {
    const specs = request.parameters.map((p) => ({ name: p.name, value: p.fixed || request.keepGiven ? p.value : undefined, min: p.min, max: p.max, fixed: p.fixed }));
    const found = await search(specs, { fit: fit as FitOptions, signal: flag, seed: request.seed ?? 0, onProgress: (p) => report.push(p) });
    report.flush();
    return { ok: true, value: outcomeOf(found, flag.aborted) };
  } catch (error) {
    if (flag.aborted) return { ok: false, error: { code: 'cancelled', message: 'The search for starting values was cancelled.' } };
    return { ok: false, error: toWorkerError(error, params) };
  } finally {
    endRun(flag);
  }
}

export async function findStarts(request: AutoStartRequest, onProgress?: (p: AutoStartStep) => void): Promise<Status<AutoStartOutcome>> {
  if (isOdeModel(request.model)) {
    // An ODE model's search (src/start/ode, issue 23): the same outcome.
    const problem = odeProblem(request.model, request.mapping);
    if (!problem.ok) return problem;
    const { model, data } = problem.value;
    return runSearch(request, model.spec.params, onProgress, (specs, options) => odeAutoStart(model, data, specs, options));
  }
  // An implicit model has no ordinary fit to search starts with (the job's odr-implicit-starts).
  if (isEquationModel(request.model)) return { ok: false, error: { code: 'odr-implicit-starts', message: clashMessage('odr-implicit-starts'), field: 'parameter' } };
  const inputs = fitInputs(request);
  if (!inputs.ok) return inputs;
  const { data, model: m } = inputs.value;
  return runSearch(request, m.params, onProgress, (specs, options) => autoStart(m, { vars: modelVars(m, data), y: data.y, sigma: data.sigma }, specs, options));
}

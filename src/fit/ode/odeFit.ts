/**
 * A least-squares fit of an ODE model (issue 23) as a script of named steps, on the one
 * trust-region loop (solver/trf.ts, the dense QR variant) like curveFit:
 *
 * 1. prepare: the parameter table, the observations stacked over their sorted distinct times
 *    (observations.ts), the loss, and the evaluator (odeEvaluator.ts: one integration per cost,
 *    one with forward sensitivities per linearization);
 * 2. fit: TRF with bounds, loss and the usual options; a failed integration is a rejected step,
 *    one at the start values is an error that names the time and the state;
 * 3. statistics: the model's values at the solution, the residual statistics (odeStatistics.ts)
 *    and summarize.ts's summarizeFit for the covariance, the intervals and the rest, exactly as a
 *    closed-form fit reports them; each response's RSS and R² beside them.
 */
import type { CompiledOde } from '../../model/odeCompile';
import type { OdeStatus } from '../../ode/types';
import type { AbortSignalLike } from '../../solver/evaluator';
import { makeLoss } from '../../solver/loss';
import { SolverInputError } from '../../solver/options';
import type { IterationSummary } from '../../solver/summary';
import { trf } from '../../solver/trf';
import { now } from '../../solver/clock';
import { DEFAULTS, defaultMaxNfev, fScaleProblem, type FitOptions } from '../defaults';
import { FitInputError, resolveParameters, type ParameterSpec } from '../parameters';
import { summarizeFit } from '../summarize';
import type { FitResult } from '../types';
import { describeWeighting } from '../weights';
import { integrationFailureText } from './integrationFailure';
import { ODE_DEFAULTS, type OdeIntegration } from './odeDefaults';
import { odeEvaluator, type IntegrationCounts } from './odeEvaluator';
import { odeResidualSummary, responseStatistics, type ResponseStatistics } from './odeStatistics';
import { stackObservations, type OdeFitData } from './observations';

/** The model's observed columns, checked against the data's (same columns, same order). */
export function observedColumns(model: CompiledOde, data: OdeFitData): string[] {
  const columns = model.spec.observations.map((o) => o.column);
  if (data.observed.length !== columns.length || data.observed.some((o, c) => o.column !== columns[c])) {
    throw new FitInputError('variables', `The ODE model observes ${columns.join(', ')} but the data give ${data.observed.map((o) => o.column).join(', ') || 'no column'}.`);
  }
  return columns;
}

export interface OdeFitInput {
  readonly model: CompiledOde;
  readonly data: OdeFitData;
  readonly parameters: readonly ParameterSpec[];
  readonly options?: FitOptions;
  readonly integration?: Partial<OdeIntegration>;
  readonly signal?: AbortSignalLike;
  readonly onIteration?: (summary: IterationSummary) => void;
}

/** What an ODE fit adds to its FitResult (the JSON's `ode` object). */
export interface OdeFacts extends IntegrationCounts, OdeIntegration {
  /** Distinct observation times: the points one integration stops at. */
  readonly times: number;
  readonly responses: readonly ResponseStatistics[];
}

export interface OdeFitResult {
  readonly result: FitResult;
  readonly ode: OdeFacts;
}

export async function odeFit(input: OdeFitInput): Promise<OdeFitResult> {
  const started = now();
  const { model } = input;
  const opts = { ...DEFAULTS, ...input.options };
  const integration: OdeIntegration = { ...ODE_DEFAULTS, ...input.integration };
  // prepare
  const columns = observedColumns(model, input.data);
  const params = resolveParameters(model.spec.params, input.parameters);
  const k = params.free.length;
  if (k === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');
  const rows = stackObservations(input.data);
  if (rows.m < k) throw new FitInputError('too-few-rows', `${rows.m} observation${rows.m === 1 ? '' : 's'} for ${k} free parameters: a fit needs at least as many as free parameters. Fix some parameters or add data.`);
  const fScale = fScaleProblem(opts.fScale);
  if (fScale) throw fScale;
  const loss = makeLoss(opts.loss, opts.fScale);
  const evaluator = odeEvaluator({ model, rows, base: params.base, free: params.free, loss, integration: { ...integration, signal: input.signal } });
  const x0 = Float64Array.from(params.free, (i) => params.base[i]);
  // fit
  const history: FitResult['history'] = [];
  const t0 = now();
  const result = await trf(evaluator, x0, {
    lb: params.lb,
    ub: params.ub,
    ftol: opts.ftol,
    xtol: opts.xtol,
    gtol: opts.gtol,
    maxNfev: opts.maxNfev ?? defaultMaxNfev(k),
    xScale: opts.xScale,
    signal: input.signal,
    onIteration: (s: IterationSummary) => {
      history.push({ ...s, phase: 0 });
      input.onIteration?.(s);
    },
  }).catch((error: unknown) => {
    if (input.signal?.aborted) throw cancelled(evaluator.lastFailure);
    const failure = evaluator.lastFailure;
    if (error instanceof SolverInputError && error.code.startsWith('nonfinite') && failure) {
      throw new FitInputError('ode-integration', integrationFailureText(model, failure, 'at the start values'));
    }
    throw error;
  });
  // Cancel inside an integration leaves no model values to summarize: the fit stops here, at once
  // (the page keeps the last accepted parameters its progress reported).
  if (input.signal?.aborted) throw cancelled(evaluator.lastFailure);
  const phases = [{ role: 'fit' as const, backend: 'cpu' as const, linearization: 'dense' as const, nfev: result.nfev, njev: result.njev, nit: result.nit, status: result.status, message: result.message, ms: now() - t0 }];
  const warnings = [...result.warnings];
  const rejected = evaluator.counts.failures;
  if (rejected > 0 && evaluator.lastFailure) {
    warnings.push(`${rejected} trial step${rejected === 1 ? ' was' : 's were'} rejected because the integration failed there (the last: ${integrationFailureText(model, evaluator.lastFailure, 'at a trial point')})`);
  }
  // statistics
  const full = Float64Array.from(params.base);
  params.free.forEach((idx, j) => (full[idx] = result.x[j]));
  const values = evaluator.values(full);
  const weighted = input.data.observed.some((o) => o.sigma !== null);
  const fit = summarizeFit(
    {
      parameters: input.parameters,
      params,
      result,
      m: rows.m,
      absoluteSigma: opts.absoluteSigma,
      confidenceLevel: opts.confidenceLevel,
      phases,
      history,
      warnings,
      loss,
      started,
      weightingText: describeWeighting('sigma', weighted),
    },
    odeResidualSummary(rows, values, k),
  );
  const { integrations, failures, steps, fevals } = evaluator.counts;
  return {
    result: fit,
    ode: { ...integration, integrations, failures, steps, fevals, times: rows.times.length, responses: responseStatistics(rows, values, columns, k) },
  };
}

/** The error of a cancelled fit (code 'cancelled', as the page's Cancel reads it). */
function cancelled(failure: OdeStatus | null): FitInputError {
  const where = failure && !failure.ok && failure.code === 'aborted' ? ` (the integration stopped at t = ${failure.t})` : '';
  return new FitInputError('cancelled', `The ODE fit was cancelled${where}.`);
}

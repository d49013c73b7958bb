/**
 * Confidence and prediction bands of a fitted ODE model (issue 23), by the delta method through
 * the forward sensitivities: for each observation g_c(t) = g(X(t; p), p),
 *
 *     ∂g_c/∂p = ∂g/∂X · S(t) + ∂g/∂p,   S = ∂X/∂p (with ∂X/∂X(t0) for the initial values),
 *
 * integrated with the states under the fit's error control (src/ode/observe.ts), so the gradient
 * is as accurate as the integration. Var ĝ_c(t) ≈ ∇gᵀ C ∇g with C the fit's covariance; the
 * half-widths are t·√(∇gᵀ C ∇g) (confidence) and t·√(∇gᵀ C ∇g + σ²_c(t)) (prediction), as for a
 * closed-form curve (src/stats/bands.ts; Seber & Wild 1989, §5.1).
 *
 * The variance of a new observation of response c is s² = 2·cost/ν (the covariance's scale; 1
 * with absolute σ) times σ²_c(t): that response's σ² binned by time (src/stats/sigmaOnGrid.ts)
 * when its `~` line has a σ column, else 1 (its unit weight in the fit).
 */
import type { CompiledOde } from '../../model/odeCompile';
import { observeSolution } from '../../ode/observe';
import { solveOde } from '../../ode/integrate';
import type { OdeOptions } from '../../ode/types';
import { bandAround, bandHalfWidths, type Band } from '../../stats/bands';
import { covarianceScale } from '../../stats/covariance';
import { profileAt, sigmaProfile } from '../../stats/sigmaOnGrid';
import type { FitResult } from '../types';
import type { ObservedColumn } from './observations';

export interface OdeResponseBands {
  readonly column: string;
  /** g_c at each of the times. */
  readonly values: Float64Array;
  readonly confidence: Band;
  readonly prediction: Band;
}

export interface OdeBands {
  readonly responses: OdeResponseBands[];
  /** Why the integration stopped early (null: it reached every time); the bands are NaN past it. */
  readonly failure: string | null;
}

export interface OdeBandsInput {
  readonly model: CompiledOde;
  readonly result: Pick<FitResult, 'parameters' | 'free' | 'pcov' | 'tValue' | 'cost' | 'stats'>;
  /** Any times (unsorted, repeated, before t0). */
  readonly times: Float64Array;
  readonly integration: OdeOptions;
  /** The fit's observations (their σ give σ²_c(t)); absent: every response unweighted. */
  readonly observed?: readonly Pick<ObservedColumn, 'time' | 'sigma'>[];
  readonly absoluteSigma?: boolean;
}

export function odeBands({ model, result, times, integration, observed, absoluteSigma = false }: OdeBandsInput): OdeBands {
  const names = model.spec.params;
  const np = names.length;
  const p = Float64Array.from(names, (name) => result.parameters.find((q) => q.name === name)?.value ?? NaN);
  const free = result.free.map((name) => names.indexOf(name));
  const k = free.length;
  const nt = times.length;
  const nObs = model.spec.observations.length;
  const sys = model.bind(p);
  const sol = solveOde(sys, model.spec.t0, sys.x0, times, integration, sys.sens);
  const values = new Float64Array(nObs * nt);
  const jac = new Float64Array(nObs * nt * np);
  observeSolution(model, p, sol, values, jac);
  const scale = absoluteSigma ? 1 : covarianceScale(result.cost, result.stats.dof);
  const responses = model.spec.observations.map((o, c): OdeResponseBands => {
    const g = values.slice(c * nt, (c + 1) * nt);
    const J = new Float64Array(nt * k);
    for (let r = 0; r < nt; r++) for (let j = 0; j < k; j++) J[r * k + j] = jac[(c * nt + r) * np + free[j]];
    const sigma = observed?.[c]?.sigma ?? null;
    // σ² of a new observation: binned σ² of this response by time, or 1 (its weight in the fit).
    const noise = sigma ? profileAt(sigmaProfile(observed![c].time, sigma), times).map((s2) => scale * s2) : scale;
    return {
      column: o.column,
      values: g,
      confidence: bandAround(g, bandHalfWidths(J, nt, result.pcov, k, result.tValue, 0)),
      prediction: bandAround(g, bandHalfWidths(J, nt, result.pcov, k, result.tValue, noise)),
    };
  });
  return { responses, failure: sol.status.ok ? null : sol.status.message };
}

/**
 * What the page hears while a single fit runs: the last state (iteration, cost, the accepted
 * parameters, the pass and chunk inside a long pass) at most every 100 ms, with the costs of the
 * iterations since the last message (the page's cost trace misses none).
 */
import type { CurveFitInput } from '../../fit/curveFit';
import type { FitProgress } from '../protocol/fitOutcome';
import { throttle } from './throttle';

export interface FitProgressFeed {
  /** Sends the state as it is (subject to the rate limit). */
  push(): void;
  /** A pass's chunk; sent when `send` (a pass of one chunk says nothing new). */
  chunk(chunk: FitProgress['chunk'], send: boolean): void;
  readonly iteration: NonNullable<CurveFitInput['onIteration']>;
  /** The bootstrap's resamples done of B (issue 26): sent at the rate limit, the last at once. */
  bootstrap(done: number, total: number): void;
  /** Sends what is still pending (the fit is over). */
  flush(): void;
}

/** `freeNames`: the free parameters in the model's order, as the solver's x holds them (fit/parameters.ts). */
export function fitProgress(freeNames: readonly string[], onProgress?: (p: FitProgress) => void): FitProgressFeed {
  let state: FitProgress = { iteration: 0, nfev: 0, cost: NaN, optimality: NaN, stepNorm: NaN, elapsedMs: 0, phase: 'start', backend: 'cpu', chunk: null, costs: [], accepted: null };
  let costs: number[] = [];
  const report = throttle<FitProgress>((p) => {
    onProgress?.({ ...p, costs });
    costs = [];
  }, 100);
  return {
    push: () => report.push(state),
    chunk: (chunk, send) => {
      state = { ...state, chunk };
      if (send) report.push(state);
    },
    iteration: (s, phase) => {
      costs.push(s.cost);
      state = { ...state, iteration: s.iteration, nfev: s.nfev, cost: s.cost, optimality: s.optimality, stepNorm: s.stepNorm, elapsedMs: s.elapsedMs, phase: phase.role, backend: phase.backend, accepted: s.x.length === freeNames.length ? { names: freeNames, values: Array.from(s.x) } : state.accepted };
      report.push(state);
    },
    bootstrap: (done, total) => {
      state = { ...state, bootstrap: { done, total } };
      report.push(state);
    },
    flush: () => report.flush(),
  };
}

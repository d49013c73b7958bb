/**
 * The one place that decides where a fit's main phase runs. The CPU path is the float64 evaluator
 * wrapped so that cancel calls get through (yielding.ts). When src/gpu provides a WebGPU
 * evaluator, this module is where it plugs in: acquire the device once, let `chooseBackend` weigh
 * the row count against the request, and hand curveFit the GPU `primary` hook.
 */
import { cpuEvaluator, type ChunkProgress } from '../fit/cpuEvaluator';
import type { CurveFitInput } from '../fit/curveFit';
import { chooseLinearization, type Method } from '../fit/defaults';
import type { BackendReport } from './api';
import { yielding } from './yielding';

export type Requested = 'auto' | 'cpu' | 'gpu';

export interface BackendChoice {
  readonly report: BackendReport;
  readonly primary: NonNullable<CurveFitInput['primary']>;
}

export interface BackendHooks {
  readonly method: Method;
  readonly onChunk: (progress: ChunkProgress) => void;
}

function cpuPrimary(hooks: BackendHooks): BackendChoice['primary'] {
  return (bound) => {
    const linearization = chooseLinearization(hooks.method, bound.rows);
    return { backend: 'cpu', linearization, evaluator: yielding(cpuEvaluator(bound, linearization, { onChunk: hooks.onChunk })) };
  };
}

export async function chooseFitBackend(rows: number, requested: Requested, hooks: BackendHooks): Promise<BackendChoice> {
  const reason =
    requested === 'cpu'
      ? 'CPU requested.'
      : `This build has no WebGPU evaluator; the fit of ${rows} rows ran on the CPU in float64.`;
  return { report: { requested, used: 'cpu', reason }, primary: cpuPrimary(hooks) };
}

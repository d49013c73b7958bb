/**
 * The curveFit `primary` hook (src/fit/curveFit.ts): run the main TRF phase on the GPU evaluator;
 * curveFit then polishes in float64 on the CPU and computes every reported number there, and on
 * EvaluatorLostError continues on the CPU from the last accepted iterate.
 *
 * The hook is synchronous, so it only decides and builds; the evaluator sets itself up on its first
 * call. It declines (returns null, and says why through onFallback) when the context is lost or
 * the model has a constant that f32 cannot hold (emitWgslLiteral.ts), and the fit runs on the CPU
 * from the start. Each call releases the previous fit's device memory; release() frees the last.
 */
import type { BoundModel } from '../fit/cpuEvaluator';
import type { PrimaryPhase } from '../fit/curveFit';
import { tapeIsF32Faithful } from '../model/emitWgsl';
import type { CompiledModel } from '../model/index';
import type { GpuContext } from './device';
import { createGpuEvaluator, type GpuEvaluator, type GpuEvaluatorOptions } from './gpuEvaluator';

export interface GpuPrimaryOptions extends GpuEvaluatorOptions {
  /** The compiled model being fitted (its tape supplies the kernels). */
  readonly model: CompiledModel;
  /** Told why the GPU is not used for a fit. */
  readonly onFallback?: (reason: string) => void;
}

export interface GpuPrimaryHook {
  (bound: BoundModel): PrimaryPhase | null;
  /** The evaluator of the latest fit (null before the first or after a decline). */
  readonly evaluator: GpuEvaluator | null;
  /** Frees the latest fit's device memory. */
  release(): void;
}

export function gpuPrimary(ctx: GpuContext, options: GpuPrimaryOptions): GpuPrimaryHook {
  let current: GpuEvaluator | null = null;
  const release = (): void => {
    current?.release();
    current = null;
  };
  const hook = (bound: BoundModel): PrimaryPhase | null => {
    release();
    if (ctx.lost) {
      options.onFallback?.(`The GPU is not available (${ctx.lost}); the fit runs on the CPU.`);
      return null;
    }
    const tape = options.model.tape(bound.free);
    if (!tapeIsF32Faithful(tape)) {
      options.onFallback?.('The model has a constant outside the float32 range of the GPU; the fit runs on the CPU.');
      return null;
    }
    current = createGpuEvaluator(ctx, { tape, data: bound.data, rows: bound.rows, base: bound.base, free: bound.free, loss: bound.loss }, options);
    return { backend: 'gpu', linearization: 'normal', evaluator: current };
  };
  return Object.defineProperties(hook, {
    evaluator: { get: () => current },
    release: { value: release },
  }) as GpuPrimaryHook;
}

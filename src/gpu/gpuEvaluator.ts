/**
 * The WebGPU evaluator behind the solver's Evaluator interface (label 'gpu-normal'): the normal-
 * equation linearization (JᵀJ, Jᵀf, ½Σρ) and the cost, from f32 kernels generated for the model,
 * finished in float64 on the host (reduction.ts).
 *
 * Set-up is lazy (the curveFit `primary` hook is synchronous): the first call plans the chunks,
 * compiles the two pipelines (cached per device), uploads the data once and allocates every
 * buffer; no call allocates after that. Any failure — device lost, out of memory, a validation
 * error — throws EvaluatorLostError, and curveFit continues on the CPU.
 *
 * Parameters reach the kernels rounded to f32; trial points that round to the last evaluated
 * vector are answered without a pass (f32Memo.ts). Calls must not overlap (they share the
 * staging buffer); the TRF loop awaits each.
 */
import { unpackNormal, type ChunkProgress } from '../fit/cpuEvaluator';
import { NormalLinearModel } from '../solver/linearModel';
import type { GpuContext } from './device';
import type { GpuEvaluator, GpuEvaluatorOptions, GpuFitInput, NormalSums } from './evaluatorTypes';
import { F32Memo } from './f32Memo';
import { gpuSetup, type GpuSetup } from './gpuSetup';
import { runReduction } from './reduction';
import { packEval } from './uniforms';

export type { GpuEvaluator, GpuEvaluatorOptions, GpuFitInput, NormalSums } from './evaluatorTypes';

export function createGpuEvaluator(ctx: GpuContext, input: GpuFitInput, options: GpuEvaluatorOptions = {}): GpuEvaluator {
  const m = input.rows;
  const n = input.free.length;
  const c2 = input.loss.fScale * input.loss.fScale;
  let setup: Promise<GpuSetup> | null = null;
  let submits = 0;
  let evalScratch: Float32Array<ArrayBuffer> | null = null;

  /** The full parameter vector: fixed values from `base`, free ones from x. */
  const full = (x: Float64Array): Float64Array => {
    const p = Float64Array.from(input.base);
    input.free.forEach((index, j) => (p[index] = x[j]));
    return p;
  };

  const ready = (): Promise<GpuSetup> => (setup ??= gpuSetup(ctx, input, options));

  /** The f32 Eval uniform for x (reused buffer). */
  function evalUniform(x: Float64Array): Float32Array<ArrayBuffer> {
    evalScratch = packEval(full(x), c2, evalScratch ?? undefined);
    return evalScratch;
  }

  async function pass(kind: ChunkProgress['pass'], x: Float64Array): Promise<Float64Array> {
    const s = await ready();
    const uniform = evalUniform(x);
    const kernel = kind === 'linearize' ? s.linearize : s.cost;
    submits += 1;
    return runReduction(ctx, {
      kernel,
      plan: s.plan,
      sums: kind === 'linearize' ? s.linearizeSums.names.length : s.costSums.names.length,
      target: s.target,
      before: () => ctx.device.queue.writeBuffer(s.evalBuffer, 0, uniform),
      afterSubmit: options.onSubmit ? () => options.onSubmit?.(kind) : undefined,
      onChunk: options.onChunk ? (chunk, chunks) => options.onChunk?.({ pass: kind, chunk, chunks }) : undefined,
    });
  }

  async function normalSums(x: Float64Array): Promise<NormalSums> {
    const s = await ready();
    const total = await pass('linearize', x);
    const layout = s.linearizeSums;
    return {
      normal: total.slice(0, layout.normalLength),
      nonfiniteResiduals: total[layout.nonfiniteResidual],
      nonfiniteJacobianRows: total[layout.nonfiniteJacobian],
    };
  }

  async function linearizeAt(x: Float64Array): Promise<NormalLinearModel> {
    const sums = await normalSums(x);
    const { JtJ, g, sumRho } = unpackNormal(sums.normal, n);
    // The counts are integers decided on the bits (prelude.wgsl fb_nonfinite), so a device that
    // assumes finite math cannot hide a NaN: the linear model says so the way the CPU's would.
    if (sums.nonfiniteJacobianRows > 0) JtJ.fill(NaN);
    const cost = sums.nonfiniteResiduals > 0 ? NaN : 0.5 * sumRho;
    return new NormalLinearModel(n, m, JtJ, g, cost);
  }

  async function costAt(x: Float64Array): Promise<number> {
    const total = await pass('cost', x);
    return total[1] > 0 ? NaN : 0.5 * total[0];
  }

  // Results by the f32 parameters the kernels see (f32Memo.ts).
  const linearMemo = new F32Memo<NormalLinearModel>();
  const costMemo = new F32Memo<number>();

  async function linearize(x: Float64Array): Promise<NormalLinearModel> {
    const p = full(x);
    const known = linearMemo.get(p);
    if (known) return known;
    const linear = await linearizeAt(x);
    linearMemo.set(p, linear);
    costMemo.set(p, linear.cost);
    return linear;
  }

  async function cost(x: Float64Array): Promise<number> {
    const p = full(x);
    const known = costMemo.get(p);
    if (known !== undefined) return known;
    if (options.trialPoints === 'linearize') return (await linearize(x)).cost;
    const value = await costAt(x);
    costMemo.set(p, value);
    return value;
  }

  return {
    m,
    n,
    label: 'gpu-normal',
    cost,
    linearize,
    ready,
    normalSums,
    get submits() {
      return submits;
    },
    release() {
      const s = setup;
      setup = null;
      void s?.then((done) => done.release()).catch(() => undefined);
    },
  };
}

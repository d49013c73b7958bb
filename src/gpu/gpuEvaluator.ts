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
 * Parameters reach the kernels rounded to f32, so two parameter vectors with the same f32
 * rounding give bit-identical results (the kernels are deterministic: fixed dispatch, fixed
 * reduction tree). Near convergence the trust region shrinks below f32 resolution and many trial
 * points round to the last one: those are answered from a one-entry cache keyed on the f32
 * parameters, without a GPU pass.
 */
import { unpackNormal, type BoundModel, type ChunkProgress } from '../fit/cpuEvaluator';
import type { Tape } from '../model/tape';
import type { Evaluator } from '../solver/evaluator';
import { NormalLinearModel } from '../solver/linearModel';
import type { GpuContext } from './device';
import { gpuSetup, type GpuSetup } from './gpuSetup';
import { runReduction } from './reduction';
import { packEval } from './uniforms';

export interface GpuEvaluatorOptions {
  /** Force chunks of at most this many rows (tests of the chunked path; default: the binding limit). */
  readonly chunkRows?: number;
  /** Rows each thread adds in f32 before the tree reduction (default 32; see plan.ts). */
  readonly targetRowsPerThread?: number;
  /** Cap on the partials read back per evaluation, in floats (default 2¹⁸). */
  readonly maxPartialFloats?: number;
  /** Threads per workgroup (default: the context's). */
  readonly workgroupSize?: number;
  /** Per-chunk progress, "chunk k of K", reported as the partials are added after the read-back. */
  readonly onChunk?: (progress: ChunkProgress) => void;
  /** Called right after each submit: tests destroy the device here to lose it mid-pass. */
  readonly onSubmit?: (pass: ChunkProgress['pass']) => void;
  /**
   * What a trial point costs: 'cost' runs the cost kernel (default); 'linearize' runs the
   * linearize kernel at once and keeps it for the linearize() that follows an accepted step
   * (one round trip fewer per accepted step, more work per rejected one).
   */
  readonly trialPoints?: 'cost' | 'linearize';
}

/** What the GPU evaluator needs: the bound model of curveFit plus the tape of its free parameters. */
export interface GpuFitInput extends Pick<BoundModel, 'data' | 'rows' | 'base' | 'free' | 'loss'> {
  /** model.tape(free): the model and its derivatives with respect to the free parameters. */
  readonly tape: Tape;
}

/** Float64 totals of one linearize pass, before they become a linear model. */
export interface NormalSums {
  /** The CPU normal kernel's accumulator layout: packed upper JᵀJ, Jᵀf, Σρ₀. */
  readonly normal: Float64Array;
  readonly nonfiniteResiduals: number;
  readonly nonfiniteJacobianRows: number;
}

export interface GpuEvaluator extends Evaluator {
  /** Plans, compiles and uploads (done by the first evaluation otherwise). */
  ready(): Promise<GpuSetup>;
  /** The raw float64 totals of the linearize pass at x (tests compare them with the CPU kernel). */
  normalSums(x: Float64Array): Promise<NormalSums>;
  /** GPU passes run so far. */
  readonly submits: number;
  /** Frees the device memory of this fit. */
  release(): void;
}

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

  // One-entry caches keyed on the f32 parameters (see the module docblock).
  let lastLinear: { key: Float32Array; linear: NormalLinearModel } | null = null;
  let lastCost: { key: Float32Array; cost: number } | null = null;
  const keyOf = (x: Float64Array): Float32Array => Float32Array.from(full(x));
  const same = (a: Float32Array, b: Float32Array): boolean => a.every((v, i) => Object.is(v, b[i]));

  async function linearize(x: Float64Array): Promise<NormalLinearModel> {
    const key = keyOf(x);
    if (lastLinear && same(lastLinear.key, key)) return lastLinear.linear;
    const linear = await linearizeAt(x);
    lastLinear = { key, linear };
    lastCost = { key, cost: linear.cost };
    return linear;
  }

  async function cost(x: Float64Array): Promise<number> {
    const key = keyOf(x);
    if (lastCost && same(lastCost.key, key)) return lastCost.cost;
    if (options.trialPoints === 'linearize') return (await linearize(x)).cost;
    const value = await costAt(x);
    lastCost = { key, cost: value };
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

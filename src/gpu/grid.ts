/**
 * Model values (and optionally derivatives) on a plot grid, on the GPU: for sliders that move
 * parameters over a dense grid, and for confidence bands (which need ∂model/∂p at each point).
 * f32 throughout: good for pixels; reported numbers come from the float64 CPU kernels.
 *
 * One submit and one read-back per call. Buffers grow to the largest grid seen and are reused;
 * pipelines are cached per device (values-only and with-derivatives variants).
 */
import type { Tape } from '../model/tape';
import { EvaluatorLostError } from '../solver/evaluator';
import type { GpuContext } from './device';
import { gridSource, type KernelSource } from './kernelSources';
import { openScopes, reasonOf, scoped } from './lost';
import { createKernel, type Kernel } from './program';
import { evalUniformBytes, GRID_UNIFORM_BYTES, packEval, packGrid } from './uniforms';

export interface GridValues {
  /** Model value at each point. */
  readonly values: Float64Array;
  /** points × k, row-major: ∂model/∂params[wrt[j]] at each point (null unless asked for). */
  readonly gradients: Float64Array | null;
}

export interface GridEvaluator {
  /**
   * Values at the grid. `params` is the full parameter vector, `vars` one column per model
   * variable (equal lengths; a model without variables takes `points`).
   */
  evaluate(params: ArrayLike<number>, vars: readonly Float64Array[], options?: { gradients?: boolean; points?: number }): Promise<GridValues>;
  release(): void;
}

export interface GridOptions {
  /** model.tape(wrt): derivatives are taken with respect to params[wrt[j]]. */
  readonly tape: Tape;
  readonly workgroupSize?: number;
}

interface Buffers {
  capacity: number;
  grid: GPUBuffer;
  data: GPUBuffer;
  values: GPUBuffer;
  staging: GPUBuffer;
  /** Kernel records bound to these buffers, per variant. */
  kernels: Partial<Record<'plain' | 'grad', Kernel>>;
}

export function gridEvaluator(ctx: GpuContext, options: GridOptions): GridEvaluator {
  const { tape } = options;
  const wg = options.workgroupSize ?? ctx.workgroupSize;
  const k = tape.grads.length;
  const sources: Record<'plain' | 'grad', KernelSource> = { plain: gridSource(tape, false, wg), grad: gridSource(tape, true, wg) };
  const evalBuffer = ctx.pool.acquire('grid Eval uniform', evalUniformBytes(tape.nParams), GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
  let buffers: Buffers | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const releaseBuffers = (): void => {
    if (buffers) ctx.pool.release(buffers.grid, buffers.data, buffers.values, buffers.staging);
    buffers = null;
  };

  /** Buffers for `points` (the widest, with derivatives), grown by doubling. */
  async function ensure(points: number): Promise<Buffers> {
    if (buffers && buffers.capacity >= points) return buffers;
    releaseBuffers();
    const capacity = Math.max(1024, 2 ** Math.ceil(Math.log2(points)));
    const out = capacity * (1 + k) * 4;
    buffers = await scoped(ctx.device, ctx.state, 'Allocating the grid buffers', () => ({
      capacity,
      grid: ctx.pool.acquire('grid uniform', GRID_UNIFORM_BYTES, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST),
      data: ctx.pool.acquire('grid columns', Math.max(4, capacity * tape.nVars * 4), GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST),
      values: ctx.pool.acquire('grid values', out, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC),
      staging: ctx.pool.acquire('grid staging', out, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST),
      kernels: {},
    }));
    return buffers;
  }

  async function run(params: ArrayLike<number>, vars: readonly Float64Array[], gradients: boolean, pointsIn?: number): Promise<GridValues> {
    ctx.state.check();
    if (vars.length !== tape.nVars) throw new RangeError(`the model has ${tape.nVars} variables, ${vars.length} columns were given`);
    const points = vars[0]?.length ?? pointsIn ?? 0;
    if (points === 0) return { values: new Float64Array(0), gradients: gradients ? new Float64Array(0) : null };
    const groups = Math.ceil(points / wg);
    if (groups > ctx.limits.maxComputeWorkgroupsPerDimension) throw new RangeError(`${points} grid points exceed one dispatch`);
    const b = await ensure(points);
    const variant = gradients ? 'grad' : 'plain';
    const stride = 1 + (gradients ? k : 0);
    const kernel = (b.kernels[variant] ??= await createKernel(ctx, sources[variant], [{
      label: 'grid',
      dispatchUniform: { buffer: b.grid, size: GRID_UNIFORM_BYTES },
      evalUniform: { buffer: evalBuffer },
      data: { buffer: b.data },
      output: { buffer: b.values },
    }]));
    const columns = new Float32Array(Math.max(1, points * tape.nVars));
    vars.forEach((v, c) => columns.set(v.subarray(0, points), c * points));
    const bytes = points * stride * 4;
    const { device } = ctx;
    const scopes = openScopes(device);
    device.queue.writeBuffer(b.grid, 0, packGrid(points, points));
    device.queue.writeBuffer(evalBuffer, 0, packEval(params, 0));
    device.queue.writeBuffer(b.data, 0, columns);
    const encoder = device.createCommandEncoder({ label: 'grid encoder' });
    const pass = encoder.beginComputePass({ label: 'grid pass' });
    pass.setPipeline(kernel.pipeline);
    pass.setBindGroup(0, kernel.bindGroups[0]);
    pass.dispatchWorkgroups(groups);
    pass.end();
    encoder.copyBufferToBuffer(b.values, 0, b.staging, 0, bytes);
    device.queue.submit([encoder.finish({ label: 'grid commands' })]);
    const [scopeResult, mapped] = await Promise.allSettled([scopes.close(), b.staging.mapAsync(GPUMapMode.READ, 0, bytes)]);
    ctx.state.check();
    const error = scopeResult.status === 'fulfilled' ? scopeResult.value : null;
    if (error || mapped.status === 'rejected') {
      if (mapped.status === 'fulfilled') b.staging.unmap();
      throw new EvaluatorLostError(error ? reasonOf(error) : 'device-lost', `The grid evaluation failed on the GPU${error ? `: ${error.message}` : ''}.`);
    }
    const raw = new Float32Array(b.staging.getMappedRange(0, bytes));
    const values = new Float64Array(points);
    const grads = gradients ? new Float64Array(points * k) : null;
    for (let i = 0; i < points; i++) {
      values[i] = raw[i * stride];
      if (grads) for (let j = 0; j < k; j++) grads[i * k + j] = raw[i * stride + 1 + j];
    }
    b.staging.unmap();
    return { values, gradients: grads };
  }

  return {
    evaluate(params, vars, opts = {}) {
      // Calls are serialized: they share the staging buffer.
      const result = queue.then(() => run(params, vars, opts.gradients === true, opts.points));
      queue = result.catch(() => undefined);
      return result;
    },
    release() {
      releaseBuffers();
      ctx.pool.release(evalBuffer);
    },
  };
}

/**
 * Everything a GPU fit allocates, made once before its first evaluation: the chunk plan, the
 * linearize and cost kernels (pipelines from the per-device cache, one bind group per chunk), the
 * data upload, and the uniform, partials and staging buffers (from the context's pool).
 *
 * Buffers and bindings (shaders/README.md):
 * - chunk uniforms: one 256-byte slot per chunk in one buffer (minUniformBufferOffsetAlignment is
 *   at most 256, W3C WebGPU §3.6.2), written once;
 * - Eval: one buffer, rewritten before each pass;
 * - partials: plan.groups × sums f32, shared by both kernels (cost uses the first 2 per group);
 * - staging: the same size, MAP_READ.
 */
import { EvaluatorLostError } from '../solver/evaluator';
import type { GpuContext } from './device';
import type { GpuEvaluatorOptions, GpuFitInput } from './evaluatorTypes';
import { costSource, linearizeSource } from './kernelSources';
import { scoped } from './lost';
import { planChunks, type ChunkPlan } from './plan';
import { createKernel, pipelineFor, type DispatchBindings, type Kernel } from './program';
import type { ReductionTarget } from './reduction';
import { dataColumns, uploadData, type ResidentData } from './residentData';
import type { SumLayout } from './sums';
import { CHUNK_UNIFORM_BYTES, evalUniformBytes, packChunk } from './uniforms';

/** Offset between per-chunk uniform slots. */
const UNIFORM_SLOT = 256;

export interface GpuSetup {
  readonly plan: ChunkPlan;
  readonly linearize: Kernel;
  readonly cost: Kernel;
  readonly linearizeSums: SumLayout;
  readonly costSums: SumLayout;
  readonly evalBuffer: GPUBuffer;
  readonly target: ReductionTarget;
  readonly data: ResidentData;
  release(): void;
}

export async function gpuSetup(ctx: GpuContext, input: GpuFitInput, options: GpuEvaluatorOptions): Promise<GpuSetup> {
  ctx.state.check();
  const { tape, data, loss } = input;
  const weighted = data.w !== null;
  const workgroupSize = options.workgroupSize ?? ctx.workgroupSize;
  const linSource = linearizeSource(tape, loss.name, { workgroupSize, weighted });
  const costSrc = costSource(tape, loss.name, { workgroupSize, weighted });
  if (!linSource.f32Faithful) {
    throw new EvaluatorLostError('unavailable', 'The model has a constant outside the float32 range; it runs on the CPU.');
  }
  const linearizeSums = linSource.sums;
  const costSums = costSrc.sums;
  if (!linearizeSums || !costSums) throw new Error('internal: reduction kernels without sums');
  const plan = planChunks({
    rows: input.rows,
    columns: dataColumns(tape.nVars, weighted),
    sums: linearizeSums.names.length,
    workgroupSize,
    maxBindingBytes: Math.min(ctx.limits.maxStorageBufferBindingSize, ctx.limits.maxBufferSize),
    maxWorkgroupsPerDimension: ctx.limits.maxComputeWorkgroupsPerDimension,
    chunkRows: options.chunkRows,
    targetRowsPerThread: options.targetRowsPerThread,
    maxPartialFloats: options.maxPartialFloats,
  });

  // Compile while the data upload runs (awaited below; the catch only silences an early failure).
  const pipelinesReady = Promise.all([pipelineFor(ctx, linSource), pipelineFor(ctx, costSrc)]);
  pipelinesReady.catch(() => undefined);
  const resident = await uploadData(ctx, data, plan, 'fit');
  const pool = ctx.pool;
  const partialBytes = plan.groups * linearizeSums.names.length * 4;
  const { U, S, C, M } = {
    U: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
    S: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
    C: GPUBufferUsage.COPY_DST,
    M: GPUBufferUsage.MAP_READ,
  };
  const owned: GPUBuffer[] = [];
  const release = (): void => {
    pool.release(...owned);
    owned.length = 0;
    resident.release();
  };
  try {
    const buffers = await scoped(ctx.device, ctx.state, 'Allocating the fit buffers', () => {
      const chunkUniforms = pool.acquire('fit chunk uniforms', plan.chunks.length * UNIFORM_SLOT, U);
      const evalBuffer = pool.acquire('fit Eval uniform', evalUniformBytes(tape.nParams), U);
      const partials = pool.acquire('fit partials', partialBytes, S);
      const staging = pool.acquire('fit staging', partialBytes, M | C);
      owned.push(chunkUniforms, evalBuffer, partials, staging);
      plan.chunks.forEach((chunk, k) => {
        ctx.device.queue.writeBuffer(chunkUniforms, k * UNIFORM_SLOT, packChunk(chunk.rows, chunk.stride, chunk.partialBase));
      });
      return { chunkUniforms, evalBuffer, partials, staging };
    });
    await pipelinesReady;
    const dispatches: DispatchBindings[] = resident.chunks.map((chunk, k) => ({
      label: `chunk ${k + 1}/${plan.chunks.length}`,
      dispatchUniform: { buffer: buffers.chunkUniforms, offset: k * UNIFORM_SLOT, size: CHUNK_UNIFORM_BYTES },
      evalUniform: { buffer: buffers.evalBuffer },
      data: { buffer: chunk.buffer, offset: 0, size: chunk.bytes },
      output: { buffer: buffers.partials, offset: 0, size: partialBytes },
    }));
    const [linearize, cost] = await scoped(ctx.device, ctx.state, 'Binding the fit buffers', () =>
      Promise.all([createKernel(ctx, linSource, dispatches), createKernel(ctx, costSrc, dispatches)]),
    );
    return {
      plan,
      linearize,
      cost,
      linearizeSums,
      costSums,
      evalBuffer: buffers.evalBuffer,
      target: { partials: buffers.partials, staging: buffers.staging },
      data: resident,
      release,
    };
  } catch (e) {
    release();
    throw e;
  }
}

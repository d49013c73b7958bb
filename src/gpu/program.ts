/**
 * A kernel is a small record (the onnxruntime-web habit): its name, cache key and WGSL source,
 * the compiled pipeline, and the bind groups of its dispatches. Pipelines are compiled once per
 * device and cache key (kernelSources.ts: name + source hash + loss + workgroup size) with
 * createComputePipelineAsync (W3C WebGPU §10.1.1), which reports WGSL errors as a rejected
 * GPUPipelineError rather than an uncaptured error; shader compilation messages are attached.
 *
 * Every kernel binds the same four slots (shaders/README.md): 0 the per-dispatch uniform (Chunk or
 * Grid), 1 Eval (parameters, f_scale²), 2 the read-only data, 3 the read-write output.
 */
import { EvaluatorLostError } from '../solver/evaluator';
import type { GpuContext } from './device';
import type { KernelSource } from './kernelSources';

export interface Kernel {
  readonly name: string;
  readonly cacheKey: string;
  readonly source: string;
  readonly workgroupSize: number;
  readonly pipeline: GPUComputePipeline;
  /** One per dispatch (chunk), in dispatch order. */
  readonly bindGroups: GPUBindGroup[];
}

/** The bindings of one dispatch. */
export interface DispatchBindings {
  readonly label: string;
  readonly dispatchUniform: GPUBufferBinding;
  readonly evalUniform: GPUBufferBinding;
  readonly data: GPUBufferBinding;
  readonly output: GPUBufferBinding;
}

const layouts = new WeakMap<GPUDevice, GPUBindGroupLayout>();

/** The one bind group layout of every kernel (explicit, so no binding is dropped as unused). */
function bindGroupLayout(ctx: GpuContext): GPUBindGroupLayout {
  const known = layouts.get(ctx.device);
  if (known) return known;
  const visibility = GPUShaderStage.COMPUTE;
  const layout = ctx.device.createBindGroupLayout({
    label: 'fitbench kernel bindings',
    entries: [
      { binding: 0, visibility, buffer: { type: 'uniform' } },
      { binding: 1, visibility, buffer: { type: 'uniform' } },
      { binding: 2, visibility, buffer: { type: 'read-only-storage' } },
      { binding: 3, visibility, buffer: { type: 'storage' } },
    ],
  });
  layouts.set(ctx.device, layout);
  return layout;
}

/**
 * Compiles one kernel. A WGSL or pipeline error fails this fit's GPU phase (EvaluatorLostError
 * 'validation', with the compiler's messages) but leaves the context usable for other models.
 */
async function compile(ctx: GpuContext, source: KernelSource): Promise<GPUComputePipeline> {
  const { device } = ctx;
  ctx.state.check();
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ label: `${source.cacheKey} module`, code: source.source });
  const layout = device.createPipelineLayout({ label: `${source.name} layout`, bindGroupLayouts: [bindGroupLayout(ctx)] });
  let pipeline: GPUComputePipeline | null = null;
  let why = '';
  try {
    pipeline = await device.createComputePipelineAsync({
      label: `${source.cacheKey} pipeline`,
      layout,
      compute: { module, entryPoint: source.entryPoint },
    });
  } catch (e) {
    why = e instanceof Error ? e.message : String(e);
  }
  const scopeError = await device.popErrorScope();
  if (pipeline && !scopeError) return pipeline;
  ctx.state.check(); // a lost device explains the failure better
  const info = await module.getCompilationInfo();
  const messages = info.messages
    .filter((m) => m.type === 'error')
    .map((m) => `${m.lineNum}:${m.linePos} ${m.message}`)
    .join('; ');
  const text = [why, scopeError?.message, messages].filter((t) => t).join('; ');
  throw new EvaluatorLostError('validation', `The ${source.name} kernel did not compile: ${text}`);
}

/** The cached pipeline of a kernel source (compiled on first use). */
export function pipelineFor(ctx: GpuContext, source: KernelSource): Promise<GPUComputePipeline> {
  let pipeline = ctx.pipelines.get(source.cacheKey);
  if (!pipeline) {
    pipeline = compile(ctx, source);
    ctx.pipelines.set(source.cacheKey, pipeline);
    // A failed compile is not cached: the next fit may run on a new device.
    pipeline.catch(() => ctx.pipelines.delete(source.cacheKey));
  }
  return pipeline;
}

/** A kernel record with one bind group per dispatch. */
export async function createKernel(ctx: GpuContext, source: KernelSource, dispatches: readonly DispatchBindings[]): Promise<Kernel> {
  const pipeline = await pipelineFor(ctx, source);
  const layout = bindGroupLayout(ctx);
  const bindGroups = dispatches.map((d) =>
    ctx.device.createBindGroup({
      label: `${source.name} ${d.label}`,
      layout,
      entries: [
        { binding: 0, resource: d.dispatchUniform },
        { binding: 1, resource: d.evalUniform },
        { binding: 2, resource: d.data },
        { binding: 3, resource: d.output },
      ],
    }),
  );
  return { name: source.name, cacheKey: source.cacheKey, source: source.source, workgroupSize: source.workgroupSize, pipeline, bindGroups };
}

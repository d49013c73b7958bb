/**
 * Runs the batch-fit kernel (batchSource.ts) on a GPU context: the BatchDevice of
 * src/fit/batch/acceleratedBatch.ts. Per pack: upload data, offsets, starts and bounds
 * (writeBuffer), one dispatch of ⌈G/64⌉ workgroups (folded into a second dimension past 65 535,
 * W3C WebGPU §3.6.2 maxComputeWorkgroupsPerDimension), copy the results to a mappable buffer and
 * read them back. Pipelines are compiled once per device and source (cache key from
 * batchSource.ts) with createComputePipelineAsync; WGSL errors come back with the compiler's
 * messages. Buffers live for one pack and are destroyed after it.
 */
import type { BatchDevice } from '../fit/batch/acceleratedBatch';
import type { PackedBatch } from '../fit/batch/packBatch';
import type { Tape } from '../model/tape';
import { BATCH_MAX_FREE, BATCH_WORKGROUP, batchFitSource, type BatchKernelSource } from './batchSource';
import type { GpuContext } from './device';

const layouts = new WeakMap<GPUDevice, GPUBindGroupLayout>();

function layoutFor(device: GPUDevice): GPUBindGroupLayout {
  const known = layouts.get(device);
  if (known) return known;
  const visibility = GPUShaderStage.COMPUTE;
  const storage = (type: GPUBufferBindingType) => ({ visibility, buffer: { type } });
  const layout = device.createBindGroupLayout({
    label: 'batch fit bindings',
    entries: [
      { binding: 0, visibility, buffer: { type: 'uniform' } },
      { binding: 1, ...storage('read-only-storage') },
      { binding: 2, ...storage('read-only-storage') },
      { binding: 3, ...storage('read-only-storage') },
      { binding: 4, ...storage('read-only-storage') },
      { binding: 5, ...storage('storage') },
    ],
  });
  layouts.set(device, layout);
  return layout;
}

async function compile(ctx: GpuContext, source: BatchKernelSource): Promise<GPUComputePipeline> {
  const { device } = ctx;
  ctx.state.check();
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ label: source.cacheKey, code: source.source });
  let pipeline: GPUComputePipeline | null = null;
  let why = '';
  try {
    pipeline = await device.createComputePipelineAsync({
      label: source.cacheKey,
      layout: device.createPipelineLayout({ bindGroupLayouts: [layoutFor(device)] }),
      compute: { module, entryPoint: source.entryPoint },
    });
  } catch (e) {
    why = e instanceof Error ? e.message : String(e);
  }
  const scopeError = await device.popErrorScope();
  if (pipeline && !scopeError) return pipeline;
  const info = await module.getCompilationInfo();
  const messages = info.messages.filter((m) => m.type === 'error').map((m) => `${m.lineNum}:${m.linePos} ${m.message}`);
  throw new Error(`The batch-fit kernel did not compile: ${[why, scopeError?.message, ...messages].filter(Boolean).join('; ')}`);
}

function pipelineFor(ctx: GpuContext, source: BatchKernelSource): Promise<GPUComputePipeline> {
  let p = ctx.pipelines.get(source.cacheKey);
  if (!p) {
    p = compile(ctx, source);
    ctx.pipelines.set(source.cacheKey, p);
    p.catch(() => ctx.pipelines.delete(source.cacheKey));
  }
  return p;
}

/** Bytes rounded up to 4 and at least 4 (WebGPU buffer sizes for writeBuffer and bindings). */
const size = (bytes: number): number => Math.max(16, Math.ceil(bytes / 16) * 16);

function upload(device: GPUDevice, label: string, data: ArrayBufferView<ArrayBuffer>, usage: number): GPUBuffer {
  const buffer = device.createBuffer({ label, size: size(data.byteLength), usage: usage | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(buffer, 0, data.buffer, data.byteOffset, data.byteLength);
  return buffer;
}

/** Runs one pack and returns OUT f32 per group. */
export async function runBatchPack(ctx: GpuContext, source: BatchKernelSource, pack: PackedBatch): Promise<Float32Array> {
  const { device } = ctx;
  const pipeline = await pipelineFor(ctx, source);
  ctx.state.check();
  const S = GPUBufferUsage.STORAGE;
  const uniform = upload(device, 'batch uniform', new Uint32Array([pack.groups, pack.stride, pack.maxIter, 0]), GPUBufferUsage.UNIFORM);
  const data = upload(device, 'batch data', pack.data, S);
  const offsets = upload(device, 'batch offsets', pack.offsets, S);
  const starts = upload(device, 'batch starts', pack.starts, S);
  const bounds = upload(device, 'batch bounds', pack.bounds, S);
  const outBytes = pack.groups * source.outStride * 4;
  const results = device.createBuffer({ label: 'batch results', size: size(outBytes), usage: S | GPUBufferUsage.COPY_SRC });
  const readback = device.createBuffer({ label: 'batch readback', size: size(outBytes), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const buffers = [uniform, data, offsets, starts, bounds, results, readback];
  try {
    const bindGroup = device.createBindGroup({
      label: 'batch fit',
      layout: layoutFor(device),
      entries: [uniform, data, offsets, starts, bounds, results].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    const workgroups = Math.ceil(pack.groups / BATCH_WORKGROUP);
    const maxX = ctx.limits.maxComputeWorkgroupsPerDimension;
    const x = Math.min(workgroups, maxX);
    const y = Math.ceil(workgroups / x);
    const encoder = device.createCommandEncoder({ label: 'batch fit' });
    const passEncoder = encoder.beginComputePass({ label: 'batch fit' });
    passEncoder.setPipeline(pipeline);
    passEncoder.setBindGroup(0, bindGroup);
    passEncoder.dispatchWorkgroups(x, y);
    passEncoder.end();
    encoder.copyBufferToBuffer(results, 0, readback, 0, size(outBytes));
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    const out = new Float32Array(readback.getMappedRange().slice(0, outBytes));
    readback.unmap();
    return out;
  } finally {
    for (const b of buffers) b.destroy();
  }
}

/** The batch device of a GPU context (`maxBytes`: the largest storage binding, capped at 256 MiB). */
export function gpuBatchDevice(ctx: GpuContext): BatchDevice {
  const name = [ctx.adapter.vendor, ctx.adapter.architecture, ctx.adapter.device, ctx.adapter.description].filter(Boolean).join(' ') || 'WebGPU adapter';
  // Sources per tape (a model compiles one tape per set of free parameters) and weighting.
  const sources = new WeakMap<Tape, Map<boolean, BatchKernelSource>>();
  return {
    name,
    maxFree: BATCH_MAX_FREE,
    maxBytes: Math.min(ctx.limits.maxStorageBufferBindingSize, 256 * 1024 * 1024),
    run(tape: Tape, weighted: boolean, pack: PackedBatch) {
      let byWeight = sources.get(tape);
      if (!byWeight) sources.set(tape, (byWeight = new Map()));
      let source = byWeight.get(weighted);
      if (!source) byWeight.set(weighted, (source = batchFitSource(tape, weighted)));
      return runBatchPack(ctx, source, pack);
    },
  };
}

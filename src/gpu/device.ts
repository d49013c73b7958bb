/**
 * Acquiring the GPU: adapter (requestAdapter with powerPreference 'high-performance', W3C WebGPU
 * §4.2), device with the limits a fit needs, and the context every GPU object of Fitbench hangs
 * from (device, limits, buffer pool, pipeline cache, lost state).
 *
 * Limits: a fit wants its data in as few storage bindings as possible, so the device asks for the
 * adapter's own maxStorageBufferBindingSize and maxBufferSize (requiredLimits may not exceed the
 * adapter's, §4.3 requestDevice); everything else stays at the defaults every device has
 * (256 invocations and 16 KiB of workgroup storage per workgroup, 65535 workgroups per dimension).
 *
 * Expected failures (no navigator.gpu, no adapter, a refused device) come back as a status with
 * a reason, not as exceptions.
 */
import { BufferPool } from './bufferPool';
import { LostState, watchDevice } from './lost';

export interface GpuLimits {
  readonly maxStorageBufferBindingSize: number;
  readonly maxBufferSize: number;
  readonly maxComputeWorkgroupsPerDimension: number;
  readonly maxComputeInvocationsPerWorkgroup: number;
  readonly maxComputeWorkgroupStorageSize: number;
}

export interface GpuAdapterSummary {
  readonly vendor: string;
  readonly architecture: string;
  readonly device: string;
  readonly description: string;
  /** A CPU implementation (SwiftShader, llvmpipe, WARP) or a fallback adapter. */
  readonly software: boolean;
}

export interface GpuContext {
  readonly device: GPUDevice;
  readonly adapter: GpuAdapterSummary;
  readonly limits: GpuLimits;
  /** Threads per workgroup for the reduction kernels: 64 on software adapters (SwiftShader ran
   *  256-wide groups ~10× slower), 256 on GPUs. */
  readonly workgroupSize: number;
  readonly pool: BufferPool;
  /** Compiled pipelines by cache key (program.ts). */
  readonly pipelines: Map<string, Promise<GPUComputePipeline>>;
  readonly state: LostState;
  /** null while usable; why not, once lost. */
  readonly lost: string | null;
  /**
   * The GPU instance and adapter the device came from, held for as long as the context lives:
   * Dawn in Node tears the native instance down when its JS object is collected, and a device
   * outliving it aborted the process (std::system_error from a futex) at its next pipeline.
   */
  readonly handles: { readonly gpu: GPU; readonly adapter: GPUAdapter };
  /** Destroys the device (tests use it to lose the device in the middle of a fit). */
  destroy(): void;
}

export type GpuProbe = { readonly ok: true; readonly context: GpuContext } | { readonly ok: false; readonly reason: string };

export interface AcquireOptions {
  /** The GPU object: navigator.gpu by default; Node passes nodeGpu()'s. */
  readonly gpu?: GPU | null;
  readonly powerPreference?: GPUPowerPreference;
  /** Override the workgroup size (a power of two ≤ 256). */
  readonly workgroupSize?: number;
}

const SOFTWARE = /swiftshader|llvmpipe|lavapipe|microsoft basic render|software/i;

function summarize(adapter: GPUAdapter): GpuAdapterSummary {
  const info = adapter.info;
  const text = [info.vendor, info.architecture, info.device, info.description].join(' ');
  const fallback = (info as GPUAdapterInfo & { isFallbackAdapter?: boolean }).isFallbackAdapter === true;
  return {
    vendor: info.vendor,
    architecture: info.architecture,
    device: info.device,
    description: info.description,
    software: fallback || SOFTWARE.test(text),
  };
}

function defaultGpu(): GPU | null {
  const nav = (globalThis as { navigator?: { gpu?: GPU } }).navigator;
  return nav?.gpu ?? null;
}

/** The adapter and device, or why there are none. */
export async function probeGpu(options: AcquireOptions = {}): Promise<GpuProbe> {
  const gpu = options.gpu === undefined ? defaultGpu() : options.gpu;
  if (!gpu) return { ok: false, reason: 'WebGPU is not available here (no navigator.gpu): the fit runs on the CPU.' };
  let adapter: GPUAdapter | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: options.powerPreference ?? 'high-performance' });
  } catch (e) {
    return { ok: false, reason: `requestAdapter failed (${String(e)}): the fit runs on the CPU.` };
  }
  if (!adapter) return { ok: false, reason: 'WebGPU is present but offers no adapter (GPU blocklisted or disabled): the fit runs on the CPU.' };
  const a = adapter.limits;
  let device: GPUDevice;
  try {
    device = await adapter.requestDevice({
      label: 'fitbench',
      requiredLimits: { maxStorageBufferBindingSize: a.maxStorageBufferBindingSize, maxBufferSize: a.maxBufferSize },
    });
  } catch (e) {
    return { ok: false, reason: `The GPU refused a device (${String(e)}): the fit runs on the CPU.` };
  }
  const summary = summarize(adapter);
  const d = device.limits;
  const limits: GpuLimits = {
    maxStorageBufferBindingSize: d.maxStorageBufferBindingSize,
    maxBufferSize: d.maxBufferSize,
    maxComputeWorkgroupsPerDimension: d.maxComputeWorkgroupsPerDimension,
    maxComputeInvocationsPerWorkgroup: d.maxComputeInvocationsPerWorkgroup,
    maxComputeWorkgroupStorageSize: d.maxComputeWorkgroupStorageSize,
  };
  const state = new LostState();
  watchDevice(device, state);
  const workgroupSize = options.workgroupSize ?? (summary.software ? 64 : Math.min(256, limits.maxComputeInvocationsPerWorkgroup));
  const context: GpuContext = {
    device,
    adapter: summary,
    limits,
    workgroupSize,
    pool: new BufferPool(device),
    pipelines: new Map(),
    state,
    handles: { gpu, adapter },
    get lost() {
      return state.current?.message ?? null;
    },
    destroy() {
      state.record('device-lost', 'The GPU device was destroyed.');
      device.destroy();
    },
  };
  return { ok: true, context };
}

/** probeGpu without the reason: the context, or null when there is no usable GPU. */
export async function acquireGpu(options: AcquireOptions = {}): Promise<GpuContext | null> {
  const probe = await probeGpu(options);
  return probe.ok ? probe.context : null;
}

/**
 * Public API of the WebGPU path (src/gpu), for the worker and the CLI. Plain functions and plain
 * data; expected failures are statuses or null with a reason, and a GPU that goes away mid-fit
 * surfaces as the solver's EvaluatorLostError, which curveFit turns into a CPU continuation.
 *
 *   const ctx = await acquireGpu();                       // null: no WebGPU / adapter
 *   const { backend, reason } = chooseBackend(rows, ctx, 'auto');
 *   const primary = backend === 'gpu' && ctx ? gpuPrimary(ctx, { model }) : undefined;
 *   const result = await curveFit({ model, data, parameters, primary });
 *   primary?.release();
 *
 * Node (CLI): `acquireGpu({ gpu: await nodeGpu() })` with nodeGpu from './node' (kept out of this
 * barrel so that the browser bundle never sees the `webgpu` package).
 */
export { acquireGpu, probeGpu, type AcquireOptions, type GpuAdapterSummary, type GpuContext, type GpuLimits, type GpuProbe } from './device';
export { chooseBackend, GPU_CROSSOVER_ROWS, type BackendChoice, type BackendRequest } from './backend';
export { gpuPrimary, type GpuPrimaryHook, type GpuPrimaryOptions } from './primary';
export { createGpuEvaluator, type GpuEvaluator, type GpuEvaluatorOptions, type GpuFitInput, type NormalSums } from './gpuEvaluator';
export { gridEvaluator, type GridEvaluator, type GridOptions, type GridValues } from './grid';
export { costSource, gridSource, linearizeSource, type KernelSource } from './kernelSources';
export { planChunks, type ChunkPlan, type PlannedChunk } from './plan';

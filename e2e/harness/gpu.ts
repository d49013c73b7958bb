/**
 * The GPU test harness page: publishes the entry points of api.ts on window.fitbenchGpu for
 * specs (e2e/gpu*.spec.ts) and the Chromium benchmark (bench/gpu-chromium.ts).
 */
import type { AdapterReport, GpuHarness } from './api';
import { batchCompare, kernelStatuses } from './batchCompare';
import { bench } from './bench';
import { compareChunked } from './compareChunked';
import { compareFit } from './compareFit';
import { compareNormal } from './compareNormal';
import { contextReport } from './context';
import { functions, literals } from './functions';
import { gridCompare } from './gridCompare';

async function adapter(): Promise<AdapterReport> {
  const probe = await contextReport();
  if (!probe.ok) {
    return { available: false, reason: probe.reason, vendor: '', architecture: '', description: '', software: false, maxStorageBufferBindingSize: 0, workgroupSize: 0 };
  }
  const { adapter: a, limits, workgroupSize } = probe.context;
  return {
    available: true,
    reason: '',
    vendor: a.vendor,
    architecture: a.architecture,
    description: a.description,
    software: a.software,
    maxStorageBufferBindingSize: limits.maxStorageBufferBindingSize,
    workgroupSize,
  };
}

const harness: GpuHarness = { adapter, batchCompare, kernelStatuses, compareNormal, compareChunked, compareFit, functions, literals, gridCompare, bench };

declare global {
  interface Window {
    fitbenchGpu?: GpuHarness;
  }
}

window.fitbenchGpu = harness;

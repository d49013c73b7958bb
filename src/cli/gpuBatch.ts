/**
 * `--backend gpu` for per-group batches: the f32 batch-fit kernel on a WebGPU adapter through Dawn
 * (src/gpu/batchRun.ts) with the float64 check and finish on the CPU
 * (src/fit/batch/acceleratedBatch.ts). Without an adapter, or where the kernel does not apply
 * (robust loss, too many free parameters), the batch runs on the CPU (groupBatch.ts) and a note
 * says why. `auto` keeps batches on the CPU: probing Dawn costs 0.5–1 s, more than a CPU batch of
 * a few thousand small fits.
 */
import { fitGroupsAccelerated, type AcceleratedStats } from '../fit/batch/acceleratedBatch';
import type { Answer, CheckSettings, Verdict } from '../fit/batch/checkAnswers';
import type { CheckRunInput } from '../fit/batch/checkTask';
import type { BatchResult } from '../fit/batch/types';
import type { WorkerPool } from '../parallel/pool';
import { createNodePool } from '../parallel/node/nodePool';
import { probeGpuInChild } from './gpuProbe';
import { runGroupBatch, workersFor, type GroupBatchInput } from './groupBatch';

export interface GpuGroupBatchOutput {
  readonly result: BatchResult;
  readonly workers: number;
  /** The device's share of the batch, or null when it all ran on the CPU. */
  readonly accelerated: AcceleratedStats | null;
  readonly notes: string[];
}

async function onCpu(input: GroupBatchInput, note: string): Promise<GpuGroupBatchOutput> {
  const { result, workers } = await runGroupBatch(input);
  return { result, workers, accelerated: null, notes: [`--backend gpu: ${note}`] };
}

export async function runGpuGroupBatch(input: GroupBatchInput): Promise<GpuGroupBatchOutput> {
  // A child asks Dawn first, so that the Vulkan loader's stderr noise stays there (gpuProbe.ts).
  const child = probeGpuInChild();
  if (!child.ok) return onCpu(input, `${child.reason} The batch ran on the CPU.`);
  const [{ probeNodeGpu }, { acquireGpu }, { gpuBatchDevice }] = await Promise.all([import('../gpu/node'), import('../gpu/device'), import('../gpu/batchRun')]);
  const probe = await probeNodeGpu();
  const ctx = probe.ok ? await acquireGpu({ gpu: probe.gpu }) : null;
  if (!ctx) return onCpu(input, `${probe.ok ? 'No WebGPU device could be opened.' : probe.reason} The batch ran on the CPU.`);
  // The float64 check of the f32 answers is per group: on worker threads for large batches.
  const workers = workersFor(input.workers, input.groups.length);
  const pool: CheckPool | null = workers > 0 ? createNodePool<CheckRunInput, Verdict[]>({ module: new URL('../fit/batch/checkTask.ts', import.meta.url), bundledName: 'checkTask', size: workers }) : null;
  pool?.warm();
  try {
    const result = await fitGroupsAccelerated(
      { model: input.model, groups: input.groups, parameters: input.parameters, options: input.options, onProgress: input.onProgress },
      gpuBatchDevice(ctx),
      { checker: pool ? (answers, settings) => checkOnPool(pool, input, answers, settings) : undefined },
    );
    const notes = result.note ? [`--backend gpu: ${result.note}.`] : [];
    if (ctx.adapter.software) notes.push(`--backend gpu: the adapter is a software renderer (${ctx.adapter.description || ctx.adapter.architecture}): correct, not fast.`);
    return { result, workers: pool ? workers : 0, accelerated: result.accelerated, notes };
  } finally {
    ctx.destroy();
    pool?.close();
  }
}

type CheckPool = WorkerPool<CheckRunInput, Verdict[]>;

/** The answers in runs, a few per worker (so that one slow run does not idle the rest), verdicts in order. */
async function checkOnPool(pool: CheckPool, input: GroupBatchInput, answers: readonly Answer[], settings: CheckSettings): Promise<Verdict[]> {
  const runs = Math.max(1, Math.min(answers.length, pool.size * 4));
  const inputs: CheckRunInput[] = Array.from({ length: runs }, (_, r) => ({
    source: input.model.source,
    columns: input.model.variables,
    parameters: input.parameters,
    guessing: false, // the CLI's batches take no library guess: the table is the user's
    answers: answers.slice(Math.floor((r * answers.length) / runs), Math.floor(((r + 1) * answers.length) / runs)),
    settings,
  }));
  const statuses = await pool.map(inputs);
  return statuses.flatMap((status, r) => {
    if (!status.ok) throw new Error(`The float64 check of run ${r + 1} of ${runs} ${status.error.code}: ${status.error.message}`);
    return status.value;
  });
}

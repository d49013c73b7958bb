/**
 * The grouped job's host in Node (the CLI, the API): per-group batches in this process or on
 * worker threads (groupBatch.ts), or on the GPU batch kernel through Dawn with `--backend gpu`
 * (gpuBatch.ts); no cancel flag and no progress (a command runs to its end).
 */
import { now } from '../../solver/clock';
import type { GroupHost } from '../groupHost';
import { runGpuGroupBatch } from './gpuBatch';
import { runGroupBatch } from './groupBatch';

export const nodeGroupHost: GroupHost = {
  now,
  async batch(input, { backend, workers }) {
    if (backend === 'gpu') return runGpuGroupBatch(input, workers);
    const run = await runGroupBatch(input, workers);
    return { ...run, accelerated: null, notes: [] };
  },
};

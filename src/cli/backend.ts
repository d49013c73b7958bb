/**
 * Where the residual passes run. The CPU path is always available; the GPU path needs WebGPU in
 * Node (the optional `webgpu` package, Dawn) and a driver. A request for the GPU that cannot be
 * met falls back to the CPU with a message.
 */
import type { PrimaryPhase } from '../fit/curveFit';
import type { BoundModel } from '../fit/cpuEvaluator';
import type { Backend } from './args';

export interface BackendChoice {
  readonly primary: ((bound: BoundModel) => PrimaryPhase | null) | null;
  readonly notes: string[];
}

export async function selectBackend(requested: Backend, _rows: number): Promise<BackendChoice> {
  if (requested === 'gpu') {
    return { primary: null, notes: ['--backend gpu: no WebGPU support in this build of the CLI; the fit ran on the CPU.'] };
  }
  return { primary: null, notes: [] };
}

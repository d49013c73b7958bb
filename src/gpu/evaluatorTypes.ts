/**
 * The GPU evaluator's options, input and interface (gpuEvaluator.ts implements them; gpuSetup.ts
 * and primary.ts consume them).
 */
import type { BoundModel, ChunkProgress } from '../fit/cpuEvaluator';
import type { Tape } from '../model/tape';
import type { Evaluator } from '../solver/evaluator';
import type { GpuSetup } from './gpuSetup';

export interface GpuEvaluatorOptions {
  /** Force chunks of at most this many rows (tests of the chunked path; default: the binding limit). */
  readonly chunkRows?: number;
  /** Rows each thread adds in f32 before the tree reduction (default 32; see plan.ts). */
  readonly targetRowsPerThread?: number;
  /** Cap on the partials read back per evaluation, in floats (default 2¹⁸). */
  readonly maxPartialFloats?: number;
  /** Threads per workgroup (default: the context's). */
  readonly workgroupSize?: number;
  /** Per-chunk progress, "chunk k of K", reported as the partials are added after the read-back. */
  readonly onChunk?: (progress: ChunkProgress) => void;
  /** Called right after each submit: tests destroy the device here to lose it mid-pass. */
  readonly onSubmit?: (pass: ChunkProgress['pass']) => void;
  /**
   * What a trial point costs: 'cost' runs the cost kernel (default); 'linearize' runs the
   * linearize kernel at once and keeps it for the linearize() that follows an accepted step
   * (one round trip fewer per accepted step, more work per rejected one).
   */
  readonly trialPoints?: 'cost' | 'linearize';
}

/** What the GPU evaluator needs: the bound model of curveFit plus the tape of its free parameters. */
export interface GpuFitInput extends Pick<BoundModel, 'data' | 'rows' | 'base' | 'free' | 'loss'> {
  /** model.tape(free): the model and its derivatives with respect to the free parameters. */
  readonly tape: Tape;
}

/** Float64 totals of one linearize pass, before they become a linear model. */
export interface NormalSums {
  /** The CPU normal kernel's accumulator layout: packed upper JᵀJ, Jᵀf, Σρ₀. */
  readonly normal: Float64Array;
  readonly nonfiniteResiduals: number;
  readonly nonfiniteJacobianRows: number;
}

export interface GpuEvaluator extends Evaluator {
  /** Plans, compiles and uploads (done by the first evaluation otherwise). */
  ready(): Promise<GpuSetup>;
  /** The raw float64 totals of the linearize pass at x (tests compare them with the CPU kernel). */
  normalSums(x: Float64Array): Promise<NormalSums>;
  /** GPU passes run so far. */
  readonly submits: number;
  /** Frees the device memory of this fit. */
  release(): void;
}

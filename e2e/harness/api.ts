/**
 * The entry points the GPU harness page (gpu.html) publishes on window.fitbenchGpu, and their
 * plain-data cases and results: specs call them through page.evaluate, so everything here is
 * JSON. Data are generated inside the page from seeds; only small results cross.
 */
import type { LossName } from '../../src/solver/loss';

export type StandardModel = 'gaussian' | 'decay' | 'logistic4' | 'dampedSine' | 'lorentzian';

export interface AdapterReport {
  readonly available: boolean;
  readonly reason: string;
  readonly vendor: string;
  readonly architecture: string;
  readonly description: string;
  readonly software: boolean;
  readonly maxStorageBufferBindingSize: number;
  readonly workgroupSize: number;
}

export interface NormalCase {
  readonly seed: number;
  /** Number of parameters of the random model. */
  readonly p: number;
  readonly loss: LossName;
  readonly rows: number;
  readonly weighted: boolean;
  readonly depth?: number;
  readonly chunkRows?: number;
}

export interface NormalComparison {
  readonly model: string;
  /** ‖ΔJᵀJ‖_F/‖JᵀJ‖_F, ‖ΔJᵀf‖/‖Jᵀf‖, |Δcost|/cost (GPU against the float64 CPU normal kernel). */
  readonly relJtJ: number;
  readonly relG: number;
  readonly relCost: number;
  readonly cpuCost: number;
  readonly gpuCost: number;
  readonly nonfinite: number;
  readonly chunks: number;
  readonly ms: number;
}

export interface ChunkComparison {
  readonly chunks: number;
  readonly unchunkedChunks: number;
  /** max over sums of |chunked − unchunked| / max(|unchunked|) (norm-wise). */
  readonly rel: number;
  readonly progress: string[];
}

export interface FitCase {
  readonly model: StandardModel;
  readonly rows: number;
  readonly seed: number;
  readonly loss?: LossName;
  /** Destroy the device after this many accepted GPU iterations (the lost-device test). */
  readonly destroyAfter?: number;
  /** Destroy it right after a submit instead (a pass in flight). */
  readonly destroyInFlight?: boolean;
  /** Make the first submit after this many accepted GPU iterations fail GPU validation (a real
   *  GPUValidationError inside the pass's error scopes, as an out-of-memory would be). */
  readonly invalidAfter?: number;
  /** Skip the CPU-only reference fit. */
  readonly gpuOnly?: boolean;
}

export interface PhaseReport {
  readonly role: string;
  readonly backend: string;
  readonly linearization: string;
  readonly nfev: number;
  readonly nit: number;
  readonly status: number;
  readonly lost: boolean;
  readonly ms: number;
}

export interface FitComparison {
  readonly names: string[];
  readonly cpu: number[];
  readonly gpu: number[];
  /** max_i |gpu_i − cpu_i| / |cpu_i| */
  readonly maxRel: number;
  readonly phases: PhaseReport[];
  readonly warnings: string[];
  readonly success: boolean;
  readonly gpuSubmits: number;
  /** The context's lost record after the fit (null: still usable). */
  readonly contextLost: string | null;
  readonly cpuMs: number;
  readonly gpuMs: number;
}

export interface FunctionAccuracy {
  readonly name: string;
  /** max relative error against the float64 function (over points where it is normal in f32). */
  readonly maxRel: number;
  readonly maxAbs: number;
  readonly worstX: number;
}

export interface BenchCase {
  readonly rows: number;
  readonly model: StandardModel;
  readonly fit: boolean;
  /** Timed repetitions of one linearization. */
  readonly repeats: number;
}

export interface BenchResult {
  readonly rows: number;
  readonly cpuLinearizeMs: number;
  readonly gpuLinearizeMs: number;
  readonly gpuCostMs: number;
  readonly gpuSetupMs: number;
  readonly cpuFitMs: number | null;
  readonly gpuFitMs: number | null;
  readonly fitAgreement: number | null;
}

export interface BatchCase {
  readonly model: 'pl4' | 'mm';
  readonly groups: number;
  readonly seed: number;
  readonly weighted?: boolean;
  /** Append groups that cannot be fitted or lose rows: one row, all NaN, two NaN rows. */
  readonly bad?: boolean;
}

export interface BatchComparison {
  readonly adapter: string;
  readonly note: string | null;
  readonly groups: number;
  readonly deviceFits: number;
  /** f32 answers kept after the float64 check. */
  readonly agreed: number;
  /** f32 answers finished by one float64 Gauss–Newton step. */
  readonly polished: number;
  /** Groups fitted or finished on the CPU. */
  readonly cpuFits: number;
  /** Largest Gauss–Newton step / standard error among the kept f32 answers (the check's measure). */
  readonly worstAgreedRatio: number;
  /** Largest |GPU batch − CPU batch| / CPU standard error over every parameter of every group. */
  readonly worstRatio: number;
  /** Largest relative difference of the standard errors. */
  readonly worstStderr: number;
  /** Groups whose key, success, code or row count differ between the two. */
  readonly successMismatch: number;
  readonly cpuFailed: number;
  readonly gpuFailed: number;
  readonly statuses: Record<string, { success: boolean; code: string | null; rows: number; skippedRows: number }>;
  readonly gpuMs: number;
  readonly cpuMs: number;
  readonly deviceMs: number;
}

export interface KernelStatuses {
  /** Per group: parameters, χ², status, iterations. */
  readonly rows: number[][];
  readonly codes: Readonly<Record<string, number>>;
}

export interface GpuHarness {
  batchCompare(c: BatchCase): Promise<BatchComparison>;
  kernelStatuses(): Promise<KernelStatuses>;
  adapter(): Promise<AdapterReport>;
  compareNormal(c: NormalCase): Promise<NormalComparison>;
  compareChunked(rows: number, chunkRows: number, seed: number): Promise<ChunkComparison>;
  compareFit(c: FitCase): Promise<FitComparison>;
  functions(): Promise<FunctionAccuracy[]>;
  literals(values: number[]): Promise<number[]>;
  gridCompare(points: number): Promise<{ values: number; gradients: number; k: number }>;
  bench(c: BenchCase): Promise<BenchResult>;
}

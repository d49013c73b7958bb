/**
 * The sums a kernel accumulates per thread and reduces per workgroup, their order in a partial,
 * and the WGSL that declares and reduces them.
 *
 * Linearize (k free parameters): the packed upper triangle of JᵀJ row by row ((0,0), (0,1) …
 * (0,k−1), (1,1) …), then Jᵀf (k), then Σρ₀ — exactly the CPU `normal` kernel's accumulator
 * (src/model/kernels.ts), so src/fit/cpuEvaluator.unpackNormal reads both — then two counts:
 * rows whose residual is not finite, rows whose Jacobian row is not finite. Cost: Σρ₀ and the
 * non-finite residual count. k = 16 gives 136 + 16 + 1 + 2 = 155 sums.
 *
 * The reduction passes the registers through the workgroup array LANES at a time
 * (shaders/reduce.wgsl): with WG threads, LANES = ⌊16 KiB / (4·WG)⌋ (64 at WG = 64, 16 at
 * WG = 256), capped at the number of sums.
 */
import { codeIdentifier } from '../model/codeNames';

/** Default workgroup storage every device offers (W3C WebGPU §3.6.2, maxComputeWorkgroupStorageSize). */
export const WORKGROUP_STORAGE_BYTES = 16384;

export interface SumLayout {
  /** WGSL names of the per-thread registers, in partial order. */
  readonly names: readonly string[];
  /** Entries of the CPU normal accumulator (k(k+1)/2 + k + 1 for linearize, 1 for cost). */
  readonly normalLength: number;
  /** Index of the non-finite residual count. */
  readonly nonfiniteResidual: number;
  /** Index of the non-finite Jacobian count, or −1 (cost). */
  readonly nonfiniteJacobian: number;
}

export function linearizeSums(k: number): SumLayout {
  const names: string[] = [];
  for (let j = 0; j < k; j++) for (let l = j; l < k; l++) names.push(`a${j}_${l}`);
  for (let j = 0; j < k; j++) names.push(`b${j}`);
  names.push('q');
  const normalLength = names.length;
  names.push('nr', 'nj');
  return { names, normalLength, nonfiniteResidual: normalLength, nonfiniteJacobian: normalLength + 1 };
}

export function costSums(): SumLayout {
  return { names: ['q', 'nr'], normalLength: 1, nonfiniteResidual: 1, nonfiniteJacobian: -1 };
}

/** Components per reduction round for a workgroup of `workgroupSize` threads. */
export function lanesFor(workgroupSize: number, sums: number): number {
  const fit = Math.floor(WORKGROUP_STORAGE_BYTES / (4 * workgroupSize));
  if (fit < 1) throw new RangeError(`workgroup size ${workgroupSize} leaves no room in workgroup storage`);
  return Math.max(1, Math.min(fit, sums));
}

/** `var a0_0 = 0.0f;` … one register per sum. */
export function declareSums(layout: SumLayout): string {
  return layout.names.map((n) => `  var ${codeIdentifier(n)} = 0.0f;`).join('\n');
}

/**
 * The reduction rounds: each stores LANES registers into `lanes`, tree-reduces them and lets
 * thread 0 write them into this workgroup's partial (`slot`).
 */
export function reduceSums(layout: SumLayout, lanes: number): string {
  const out: string[] = [];
  for (let first = 0; first < layout.names.length; first += lanes) {
    const round = layout.names.slice(first, first + lanes);
    out.push(round.map((n, j) => `  lanes[${j}u * WG + lid] = ${n};`).join('\n'));
    out.push(`  reduce_lanes(lid, ${round.length}u);`);
    out.push(`  write_partial(lid, slot, ${first}u, ${round.length}u);`);
  }
  return out.join('\n');
}

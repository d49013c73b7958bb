/**
 * The WGSL batch-fit kernel for one model (shaders/batchFit.wgsl): many small least-squares fits
 * in one dispatch, generated from the model's tape by the same emitter as the large-data kernels
 * (src/model/emitWgsl.ts) and the same row update (rowUpdate.ts).
 *
 * Design (after Gpufit: A. Przybylski, B. Thiel, J. Keller-Findeisen, B. Stock, M. Bates,
 * "Gpufit: An open-source toolkit for GPU-accelerated curve fitting", Sci. Rep. 7, 15722 (2017)).
 * Gpufit runs each fit in a CUDA block, a thread per data point, with shared-memory reductions of
 * χ², gradient and Hessian, and solves the damped system per fit by Gauss–Jordan. Our fits are
 * small (a 12-point 4PL, a 10-point Michaelis–Menten: n ≈ 10, k ≤ 5), so a workgroup per fit would
 * leave most of its threads idle during the k×k solve and pay a barrier per reduction step for a
 * dozen rows. Here one invocation owns one fit: its rows, JᵀJ, Jᵀr and the Cholesky factor all
 * live in private memory (K² + 4K + NP floats: 40 for k = 4), there is no barrier and no shared
 * memory, and a dispatch of ⌈G/64⌉ workgroups of 64 keeps every lane busy with its own fit. Lanes of
 * a workgroup diverge when their fits take different numbers of iterations; that costs the
 * difference, not a barrier. A workgroup per fit would pay off for fits of hundreds of rows; those
 * are not this kernel's job (the large-data passes are).
 *
 * Per fit (f32; Levenberg–Marquardt as Marquardt 1963 with Gpufit's λ schedule):
 *   1. P ← start values, free parameters projected into [lb, ub].
 *   2. A = JᵀJ, g = Jᵀr, χ² = Σr² (weighted rows: r = w(model − y), J scaled by w).
 *   3. Solve (A + λ·diag A)·d = −g by Cholesky in Marquardt's scaling (unit diagonal, so the f32
 *      factor sees a well-scaled matrix); P_trial = clip(P + d) — box bounds by projection (Gpufit
 *      1.2's constraints do the same), not scipy's reflective TRF: the float64 finish below runs
 *      the real TRF whenever the projected answer is not the CPU's.
 *   4. χ²(P_trial) ≤ χ² → accept, λ ← max(λ/10, 1e-7), relinearize; converged when the largest
 *      relative step ≤ 1e-6 (f32's resolution). Otherwise reject, λ ← 10λ; a rejected step below
 *      1e-6 relative is also convergence (nothing left to gain in f32). No test on the decrease
 *      of χ² (Gpufit's): near the minimum χ² changes by (δ/se)²/(m − k) relative, so a 1e-6 test
 *      stopped fits 3e-3 standard errors short — measured — and an f32 χ² cannot resolve less.
 *   5. Stop at the iteration cap (a uniform), or λ > 1e10 (stalled), or a failed factor.
 *
 * Output per fit (OUT = NP + 3 f32): the full parameter vector, χ², status, iterations.
 * Statuses (BATCH_STATUS): 1 converged, 2 stalled (no decrease at f32 resolution), 0 iteration
 * cap, −1 non-finite residuals or Jacobian (at the start when iterations = 0), −2 the damped
 * system could not be factored, −3 fewer rows than free parameters.
 *
 * Only the linear loss (plain χ²); robust losses stay on the CPU. Everything spliced in is
 * generated model code, fixed text, integer literals and names from rowUpdate/sums (as
 * kernelSources.ts).
 */
import { codeIdentifier } from '../model/codeNames';
import { emitWgslCode, type WgslReaders } from '../model/emitWgsl';
import { wgslU32 } from '../model/emitWgslLiteral';
import type { Tape } from '../model/tape';
import { hash53 } from './hash';
import { residual, linearizeUpdate } from './rowUpdate';
import { SHADERS } from './shaderSources';
import { declareSums, linearizeSums } from './sums';
import { fillTemplate } from './template';

/** Free parameters above which a fit's private state (K² floats twice) is too big for one thread. */
export const BATCH_MAX_FREE = 12;

/** Invocations per workgroup: one fit each. */
export const BATCH_WORKGROUP = 64;

export const BATCH_STATUS = {
  converged: 1,
  stalled: 2,
  maxIterations: 0,
  nonfinite: -1,
  singular: -2,
  tooFewRows: -3,
} as const;

export interface BatchKernelSource {
  readonly source: string;
  readonly cacheKey: string;
  readonly entryPoint: 'batchFit';
  /** Full parameter vector length. */
  readonly nParams: number;
  /** Free parameters (tape.wrt). */
  readonly k: number;
  /** f32 per fit in the results buffer: NP params, χ², status, iterations. */
  readonly outStride: number;
  /** Columns of the data buffer: variables, y, and w when weighted. */
  readonly columns: number;
  readonly weighted: boolean;
  readonly f32Faithful: boolean;
}

const indent = (code: string, spaces: number): string =>
  code === '' ? '' : code.split('\n').map((line) => ' '.repeat(spaces) + line).join('\n');

const constant = (name: string, type: 'u32' | 'f32', value: number): string =>
  `const ${codeIdentifier(name)}: ${type} = ${type === 'u32' ? wgslU32(value) : `${Number.isInteger(value) ? value.toFixed(1) : String(value)}f`};`;

/** The batch kernel for a tape whose gradients are taken w.r.t. the free parameters (tape.wrt). */
export function batchFitSource(tape: Tape, weighted: boolean): BatchKernelSource {
  const k = tape.grads.length;
  if (k < 1 || k > BATCH_MAX_FREE) throw new RangeError(`the batch kernel fits 1 … ${BATCH_MAX_FREE} free parameters, not ${k}`);
  const np = tape.nParams;
  const col = (c: number): string => `data[${wgslU32(c)} * batch.stride + i]`;
  const read: WgslReaders = { param: (i) => `P[${wgslU32(i)}]`, variable: col };
  const withJ = emitWgslCode(tape, [tape.value, ...tape.grads], read, { domainPow: true });
  const valueOnly = emitWgslCode(tape, [tape.value], read, { domainPow: true });
  const sums = linearizeSums(k);
  const store: string[] = [];
  for (let j = 0; j < k; j++) {
    for (let l = j; l < k; l++) {
      store.push(`A[${wgslU32(j * k + l)}] = a${j}_${l};`);
      if (l !== j) store.push(`A[${wgslU32(l * k + j)}] = a${j}_${l};`);
    }
    store.push(`g[${wgslU32(j)}] = b${j};`);
  }
  const free = tape.wrt;
  const p = (j: number): string => `P[${wgslU32(free[j])}]`;
  const lb = (j: number): string => `bounds[${wgslU32(j)}]`;
  const ub = (j: number): string => `bounds[${wgslU32(k + j)}]`;
  const each = (f: (j: number) => string): string => indent(free.map((_, j) => f(j)).join('\n'), 2);
  const statuses = Object.entries(BATCH_STATUS).map(([name, v]) => constant(`STATUS_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`, 'f32', v));
  const constants = [
    SHADERS.prelude,
    constant('NP', 'u32', np),
    constant('K', 'u32', k),
    constant('KK', 'u32', k * k),
    constant('OUT', 'u32', np + 3),
    constant('WG', 'u32', BATCH_WORKGROUP),
    ...statuses,
  ].join('\n');
  const source = fillTemplate(SHADERS.batchFit, {
    CONSTANTS: constants,
    HOISTED_J: indent(withJ.hoisted, 2),
    DECLARE: declareSums(sums),
    ROW_J: indent(withJ.row, 4),
    ACCUMULATE: linearizeUpdate(tape, 'linear', weighted, col),
    STORE: indent(store.join('\n'), 2),
    HOISTED_F: indent(valueOnly.hoisted, 2),
    ROW_F: indent(valueOnly.row, 4),
    RESIDUAL: indent(residual(tape, weighted, col).join('\n'), 4),
    CLIP: each((j) => `${p(j)} = clamp(${p(j)}, ${lb(j)}, ${ub(j)});`),
    SAVE: each((j) => `S[${wgslU32(j)}] = ${p(j)};`),
    RESTORE: each((j) => `${p(j)} = S[${wgslU32(j)}];`),
    STEP: each((j) => `${p(j)} = clamp(S[${wgslU32(j)}] + d[${wgslU32(j)}], ${lb(j)}, ${ub(j)});\nrel = max(rel, abs(${p(j)} - S[${wgslU32(j)}]) / (abs(S[${wgslU32(j)}]) + XTOL));`),
  });
  return {
    source,
    cacheKey: `batchFit:${hash53(source)}:wg${BATCH_WORKGROUP}`,
    entryPoint: 'batchFit',
    nParams: np,
    k,
    outStride: np + 3,
    columns: tape.nVars + (weighted ? 2 : 1),
    weighted,
    f32Faithful: withJ.f32Faithful && valueOnly.f32Faithful,
  };
}

/**
 * Source of the `normal` kernel: one pass over the rows accumulating the packed upper triangle of
 * JᵀJ, then Jᵀf, then Σρ₀ (layout in kernels.ts). Accumulators are locals, one per entry, added
 * into the caller's array once after the loop.
 *
 * Robust losses follow scipy's scale_for_robust_loss_function (least_squares.py): with
 * s² = max(ρ₁ + 2ρ₂f², EPS), JᵀJ += s²·JᵢJᵢᵀ, Jᵀf += ρ₁fᵢ·Jᵢ, Σ += ρ₀. The loss is inlined
 * (jsLoss.ts); the linear loss takes the plain sums. NaN and ∞ propagate into the sums (Math.max
 * keeps NaN), never skipped.
 *
 * The row code is swept (rowCode.ts): the calls of each block of 256 rows are evaluated first,
 * so the k(k+1)/2 + k + 1 live accumulators are not spilled around every call into C. Measured on
 * the 4-parameter Gaussian at 1e6 rows: ~27 M rows/s swept against ~19 M rows/s fused (V8, x86-64).
 */
import { EPS, type LossName } from '../solver/loss';
import { lossName } from './codeNames';
import { header, jacobianRow, loops, range, residual, t } from './kernelParts';
import { jsIndex, jsNumber } from './jsLiteral';
import { normalLength } from './kernelLayout';
import { jsRobustLoss } from './jsLoss';
import { emitTapeCode } from './rowCode';
import type { Tape } from './tape';

/** Up to this many derivative columns the accumulators are locals and the updates unrolled;
 *  beyond it (k(k+1)/2 locals would blow the stack frame: k = 800 did), an array and two loops. */
export const UNROLL_MAX_K = 24;

/** Declarations, per-row update and final flush of the accumulators. */
interface Accumulation {
  readonly scratch: string;
  readonly init: string;
  readonly update: string;
  readonly flush: string;
}

/** One local per entry, updates unrolled. For robust losses h<j> = s²·j<j>, so that each pair
 *  costs one multiply-add either way. */
function unrolled(k: number, robust: boolean): Accumulation {
  const pairs: [number, number][] = [];
  for (let j = 0; j < k; j++) for (let l = j; l < k; l++) pairs.push([j, l]);
  const h = (j: number): string => (robust ? `h${j}` : `j${j}`);
  const names = [...pairs.map(([j, l]) => `a${j}_${l}`), ...range(k).map((j) => `b${j}`), 'q'];
  return {
    scratch: '',
    init: `let ${names.map((n) => `${n} = 0`).join(', ')};`,
    update: [
      robust ? range(k).map((j) => `const h${j} = l_s2 * j${j};`).join(' ') : '',
      pairs.map(([j, l]) => `a${j}_${l} += ${h(j)} * j${l};`).join(' '),
      range(k).map((j) => `b${j} += ${robust ? 'l_u' : 'r'} * j${j};`).join(' '),
      robust ? 'q += rho0;' : 'q += r * r;',
    ].join('\n'),
    flush: names.map((n, idx) => `acc[${idx}] += ${n};`).join(' '),
  };
}

/** The same sums, in the same order, in an array filled by loops over the Jacobian row. */
function looped(k: number, robust: boolean): Accumulation {
  const n = jsIndex(normalLength(k));
  const K = jsIndex(k);
  return {
    scratch: `const l_jr = new Float64Array(${K});`,
    init: `const l_acc = new Float64Array(${n});`,
    update: `${range(k).map((j) => `l_jr[${j}] = j${j};`).join(' ')}
let l_p = 0;
for (let l_a = 0; l_a < ${K}; l_a++) { const l_h = ${robust ? 'l_s2 * ' : ''}l_jr[l_a]; for (let l_b = l_a; l_b < ${K}; l_b++) l_acc[l_p++] += l_h * l_jr[l_b]; }
for (let l_a = 0; l_a < ${K}; l_a++) l_acc[l_p++] += ${robust ? 'l_u' : 'r'} * l_jr[l_a];
l_acc[l_p] += ${robust ? 'rho0' : 'r * r'};`,
    flush: `for (let l_i = 0; l_i < ${n}; l_i++) acc[l_i] += l_acc[l_i];`,
  };
}

/**
 * withValues: the variant that also stores each row's model value, values[i] = model(row i) (the
 * same tape slot `evaluate` returns, so the same number), for a pass whose values the reported
 * statistics then reuse instead of evaluating the model again (fit/gpuFinish.ts).
 */
export function normalSource(tape: Tape, name: LossName, withValues = false): string {
  const loss = lossName(name);
  const code = emitTapeCode(tape, [tape.value, ...tape.grads], true);
  const k = tape.grads.length;
  const robust = loss !== 'linear';
  const acc = k <= UNROLL_MAX_K ? unrolled(k, robust) : looped(k, robust);
  const scale = robust
    ? `${jsRobustLoss(loss, true)}\nconst l_s2 = Math.max(rho1 + 2 * rho2 * r * r, ${jsNumber(EPS)});\nconst l_u = rho1 * r;`
    : '';
  const store = withValues ? `values[i] = ${t(tape.value)};\n` : '';
  const args = withValues ? 'params, data, loss, acc, start, end, values' : 'params, data, loss, acc, start, end';
  return `${header(`normal_${loss}${withValues ? '_values' : ''}`, args, code, acc.scratch)}const vars = data.vars, y = data.y, w = data.w;
const c2 = loss.fScale * loss.fScale;
${code.hoisted}\n${acc.init}
${loops(code, (wt) => `${store}${residual(tape, wt)}\n${jacobianRow(tape, wt)}\n${scale}\n${acc.update}`)}
${acc.flush}\n};`;
}

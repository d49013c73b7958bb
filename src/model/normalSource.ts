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
import { header, jacobianRow, loops, range, residual } from './kernelParts';
import { jsNumber } from './jsLiteral';
import { jsRobustLoss } from './jsLoss';
import { emitTapeCode } from './rowCode';
import type { Tape } from './tape';

export function normalSource(tape: Tape, loss: LossName): string {
  const code = emitTapeCode(tape, [tape.value, ...tape.grads], true);
  const k = tape.grads.length;
  const pairs: [number, number][] = [];
  for (let j = 0; j < k; j++) for (let l = j; l < k; l++) pairs.push([j, l]);
  const robust = loss !== 'linear';
  // h<j> = s²·j<j> for robust losses, so that each pair costs one multiply-add either way
  const h = (j: number): string => (robust ? `h${j}` : `j${j}`);
  const update = [
    robust
      ? `${jsRobustLoss(loss, true)}\nconst l_s2 = Math.max(rho1 + 2 * rho2 * r * r, ${jsNumber(EPS)});\nconst l_u = rho1 * r;\n` +
        range(k).map((j) => `const h${j} = l_s2 * j${j};`).join(' ')
      : '',
    pairs.map(([j, l]) => `a${j}_${l} += ${h(j)} * j${l};`).join(' '),
    range(k).map((j) => `b${j} += ${robust ? 'l_u' : 'r'} * j${j};`).join(' '),
    robust ? 'q += rho0;' : 'q += r * r;',
  ].join('\n');
  const locals = [...pairs.map(([j, l]) => `a${j}_${l} = 0`), ...range(k).map((j) => `b${j} = 0`), 'q = 0'];
  const flush = [...pairs.map(([j, l]) => `a${j}_${l}`), ...range(k).map((j) => `b${j}`), 'q']
    .map((name, idx) => `acc[${idx}] += ${name};`).join(' ');
  return `${header(`normal_${loss}`, 'params, data, loss, acc, start, end', code)}const vars = data.vars, y = data.y, w = data.w;
const c2 = loss.fScale * loss.fScale;
${code.hoisted}\nlet ${locals.join(', ')};
${loops(code, (wt) => `${residual(tape, wt)}\n${jacobianRow(tape, wt)}\n${update}`)}
${flush}\n};`;
}

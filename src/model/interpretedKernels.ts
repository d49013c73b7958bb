/**
 * The float64 kernels without code generation: the tape interpreted (tapeProgram.ts) behind the
 * JsKernels interface, for pages whose Content-Security-Policy forbids `new Function` (no
 * 'unsafe-eval'). Same contracts as kernels.ts; evaluate, residuals and residualsJacobian give
 * the generated kernels' values bit for bit (same operations in the same order), cost and normal
 * agree to rounding (their sums are grouped differently). Several times slower than the generated
 * code, which is why it is the fallback and not the rule.
 *
 * normal() works through blocks of rows: residuals and Jacobian rows into scratch, scipy's robust
 * scaling (loss.ts scaleForRobustLoss), then the packed JᵀJ, Jᵀf and Σρ₀ of the block.
 */
import { lossCost, scaleForRobustLoss } from '../solver/loss';
import { runRow, tapeProgram } from './tapeProgram';
import { normalLength } from './kernelLayout';
import type { JsKernels, ModelData } from './kernels';
import type { Tape } from './tape';

const BLOCK = 256;

export function createInterpretedKernels(tape: Tape): JsKernels {
  const k = tape.grads.length;
  const prog = tapeProgram(tape);
  const regs = new Float64Array(tape.instrs.length);
  const fBlock = new Float64Array(BLOCK);
  const jBlock = new Float64Array(BLOCK * k);
  const last = normalLength(k) - 1;
  // Sums of one call, added into acc at its end (as the generated kernels do, so that calling
  // twice adds exactly twice the sums).
  const local = new Float64Array(last + 1);

  /** f[i] (and J's row i when J is given) for rows [start, end), written at index i − offset;
   *  the model's value at row i into values[i] when values are asked for. */
  const rows = (params: Float64Array, data: ModelData, f: Float64Array, J: Float64Array | null, start: number, end: number, offset: number, values: Float64Array | null = null): void => {
    const { vars, y, w } = data;
    for (let i = start; i < end; i++) {
      runRow(prog, params, vars, i, regs);
      if (values !== null) values[i] = regs[tape.value];
      const o = i - offset;
      const wi = w === null ? 1 : w[i];
      const diff = regs[tape.value] - y[i];
      f[o] = w === null ? diff : wi * diff;
      if (J === null) continue;
      for (let l = 0; l < k; l++) J[o * k + l] = w === null ? regs[tape.grads[l]] : wi * regs[tape.grads[l]];
    }
  };

  return {
    k,
    kind: 'interpreted',
    evaluate(params, vars, out, start, end) {
      for (let i = start; i < end; i++) {
        runRow(prog, params, vars, i, regs);
        out[i] = regs[tape.value];
      }
    },
    residuals(params, data, f, start, end) {
      rows(params, data, f, null, start, end, 0);
    },
    residualsJacobian(params, data, f, J, start, end) {
      rows(params, data, f, J, start, end, 0);
    },
    cost(params, data, loss, start, end) {
      let sum = 0;
      for (let b = start; b < end; b += BLOCK) {
        const e = Math.min(end, b + BLOCK);
        const f = fBlock.subarray(0, e - b);
        rows(params, data, f, null, b, e, b);
        sum += 2 * lossCost(loss, f);
      }
      return sum;
    },
    normal(params, data, loss, acc, start, end, values = null) {
      local.fill(0);
      for (let b = start; b < end; b += BLOCK) {
        const e = Math.min(end, b + BLOCK);
        const m = e - b;
        const f = fBlock.subarray(0, m);
        const J = jBlock.subarray(0, m * k);
        rows(params, data, f, J, b, e, b, values);
        const cost = scaleForRobustLoss(loss, f, J, k);
        for (let i = 0; i < m; i++) {
          let p = 0;
          for (let a = 0; a < k; a++) {
            const ja = J[i * k + a];
            for (let c = a; c < k; c++) local[p++] += ja * J[i * k + c];
          }
          for (let a = 0; a < k; a++) local[p++] += J[i * k + a] * f[i];
        }
        local[last] += 2 * cost;
      }
      for (let j = 0; j <= last; j++) acc[j] += local[j];
    },
  };
}

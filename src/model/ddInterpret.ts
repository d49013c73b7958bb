/**
 * A double-double tape interpreter for the reported residuals of near-exact fits.
 *
 * Why: for NIST Lanczos1 the residual sum of squares is ≈1.4e-25, so each residual (≈1e-13) is
 * below the float64 rounding of the data and of the model value (≈1e-16 relative): computed in
 * float64, RSS is noise. With data held as hi + lo (decimal text converted to double-double) and
 * the model evaluated with ~32-digit intermediates, the residuals are right to their last digit.
 *
 * add, sub, mul, div, neg, powi, sqrt, exp, log and pow (= exp(b·log a) for a > 0) run in
 * double-double; abs, sign, min, max and selectLe are exact selections; every other function runs
 * in float64 on the high part (its low part is 0). Parameters are doubles.
 */
import { ddDiv, ddMul, ddMulD, ddNeg, ddAdd, ddSub, type DD } from './doubleDouble';
import { ddExp, ddLog, ddPow, ddPowi, ddSqrt } from './ddMath';
import type { Tape } from './tape';
import { TAPE_FN_IMPL } from './tapeFns';

/** a ≤ b in double-double (lexicographic on normalised pairs). */
const le = (a: DD, b: DD): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);

function callDD(fn: string, x: DD[], plain: () => number): DD {
  switch (fn) {
    case 'sqrt':
      return ddSqrt(x[0]);
    case 'exp':
      return ddExp(x[0]);
    case 'log':
      return ddLog(x[0]);
    case 'abs':
      return x[0][0] < 0 || (x[0][0] === 0 && x[0][1] < 0) ? ddNeg(x[0]) : x[0];
    case 'min':
      return Number.isNaN(x[0][0]) || Number.isNaN(x[1][0]) ? [NaN, 0] : le(x[0], x[1]) ? x[0] : x[1];
    case 'max':
      return Number.isNaN(x[0][0]) || Number.isNaN(x[1][0]) ? [NaN, 0] : le(x[1], x[0]) ? x[0] : x[1];
    case 'selectLe':
      return le(x[0], x[1]) ? x[2] : x[3];
    default:
      return [plain(), 0];
  }
}

/** w_i·(model_i − y_i) in double-double, for data row i. */
function residualDD(
  tape: Tape, params: Float64Array, varsHi: readonly Float64Array[], varsLo: readonly Float64Array[],
  yHi: Float64Array, yLo: Float64Array, w: Float64Array | null, i: number, regs: DD[],
): DD {
  const instrs = tape.instrs;
  for (let s = 0; s < instrs.length; s++) {
    const ins = instrs[s];
    let v: DD;
    switch (ins.op) {
      case 'const': v = [ins.value, 0]; break;
      case 'var': v = [varsHi[ins.index][i], varsLo[ins.index][i]]; break;
      case 'param': v = [params[ins.index], 0]; break;
      case 'add': v = ddAdd(regs[ins.a], regs[ins.b]); break;
      case 'sub': v = ddSub(regs[ins.a], regs[ins.b]); break;
      case 'mul': v = ddMul(regs[ins.a], regs[ins.b]); break;
      case 'div': v = ddDiv(regs[ins.a], regs[ins.b]); break;
      case 'neg': v = ddNeg(regs[ins.a]); break;
      case 'powi': v = ddPowi(regs[ins.a], ins.n); break;
      case 'pow': v = ddPow(regs[ins.a], regs[ins.b]); break;
      case 'call': {
        const args = ins.args.map((a) => regs[a]);
        v = callDD(ins.fn, args, () => TAPE_FN_IMPL[ins.fn](...args.map((x) => x[0])));
        break;
      }
    }
    regs[s] = v;
  }
  const r = ddSub(regs[tape.value], [yHi[i], yLo[i]]);
  return w === null ? r : ddMulD(r, w[i]);
}

/** out[i] = w_i·(model_i − y_i) for every row, evaluated in double-double and rounded to double. */
export function residualsDD(
  tape: Tape, params: Float64Array, varsHi: readonly Float64Array[], varsLo: readonly Float64Array[],
  yHi: Float64Array, yLo: Float64Array, w: Float64Array | null, out: Float64Array,
): void {
  const regs: DD[] = new Array<DD>(tape.instrs.length);
  for (let i = 0; i < yHi.length; i++) {
    const r = residualDD(tape, params, varsHi, varsLo, yHi, yLo, w, i, regs);
    out[i] = r[0] + r[1];
  }
}

/** Σ (w_i·(model_i − y_i))², residuals and sum both in double-double, rounded to double. */
export function rssDD(
  tape: Tape, params: Float64Array, varsHi: readonly Float64Array[], varsLo: readonly Float64Array[],
  yHi: Float64Array, yLo: Float64Array, w: Float64Array | null,
): number {
  const regs: DD[] = new Array<DD>(tape.instrs.length);
  let sum: DD = [0, 0];
  for (let i = 0; i < yHi.length; i++) {
    const r = residualDD(tape, params, varsHi, varsLo, yHi, yLo, w, i, regs);
    sum = ddAdd(sum, ddMul(r, r));
  }
  return sum[0] + sum[1];
}

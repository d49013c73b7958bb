/**
 * A plain tape interpreter in float64: one `switch` per instruction, no code generation. It is the
 * independent reference the emitted kernels are tested against (and a fallback where `new
 * Function` is forbidden by a content security policy).
 */
import type { Tape } from './tape';
import { TAPE_FN_IMPL, powiValue } from './tapeFns';

/** Evaluates every instruction for data row `row` into regs[0 .. instrs.length). */
export function interpretRow(
  tape: Tape,
  params: ArrayLike<number>,
  vars: readonly ArrayLike<number>[],
  row: number,
  regs: Float64Array,
): void {
  const instrs = tape.instrs;
  for (let i = 0; i < instrs.length; i++) {
    const ins = instrs[i];
    let v: number;
    switch (ins.op) {
      case 'const':
        v = ins.value;
        break;
      case 'var':
        v = vars[ins.index][row];
        break;
      case 'param':
        v = params[ins.index];
        break;
      case 'add':
        v = regs[ins.a] + regs[ins.b];
        break;
      case 'sub':
        v = regs[ins.a] - regs[ins.b];
        break;
      case 'mul':
        v = regs[ins.a] * regs[ins.b];
        break;
      case 'div':
        v = regs[ins.a] / regs[ins.b];
        break;
      case 'pow':
        v = Math.pow(regs[ins.a], regs[ins.b]);
        break;
      case 'neg':
        v = -regs[ins.a];
        break;
      case 'powi':
        v = powiValue(regs[ins.a], ins.n);
        break;
      case 'call': {
        // By arity, without an argument array per row (this loop is the CSP fallback's hot path).
        const f = TAPE_FN_IMPL[ins.fn];
        const g = ins.args;
        v = g.length === 1 ? f(regs[g[0]]) : g.length === 2 ? f(regs[g[0]], regs[g[1]]) : f(...g.map((a) => regs[a]));
        break;
      }
    }
    regs[i] = v;
  }
}

/** The model value and its gradient (one entry per tape.wrt) at one row. */
export function interpretPoint(
  tape: Tape,
  params: ArrayLike<number>,
  vars: readonly ArrayLike<number>[],
  row: number,
): { value: number; grads: number[] } {
  const regs = new Float64Array(tape.instrs.length);
  interpretRow(tape, params, vars, row, regs);
  return { value: regs[tape.value], grads: tape.grads.map((g) => regs[g]) };
}

/**
 * The tape as flat typed arrays with numeric opcodes, for the interpreted kernels (the CSP
 * fallback, interpretedKernels.ts): one integer switch per instruction and no object or string
 * look-up in the row loop. Same operations as interpret.ts (its reference), so the same bits.
 */
import type { Tape, TapeFn } from './tape';
import { TAPE_FN_IMPL, powiValue } from './tapeFns';

const enum Op {
  Const,
  Var,
  Param,
  Add,
  Sub,
  Mul,
  Div,
  Pow,
  Neg,
  Powi,
  Call1,
  Call2,
  Select,
}

const BINARY: Record<string, Op> = { add: Op.Add, sub: Op.Sub, mul: Op.Mul, div: Op.Div, pow: Op.Pow };

export interface TapeProgram {
  readonly op: Uint8Array;
  /** Operands (instruction indices), or the column / parameter index, or powi's exponent. */
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly c: Int32Array;
  readonly d: Int32Array;
  readonly value: Float64Array;
  readonly fn: readonly ((...x: number[]) => number)[];
}

export function tapeProgram(tape: Tape): TapeProgram {
  const n = tape.instrs.length;
  const p = { op: new Uint8Array(n), a: new Int32Array(n), b: new Int32Array(n), c: new Int32Array(n), d: new Int32Array(n), value: new Float64Array(n), fn: new Array<(...x: number[]) => number>(n) };
  tape.instrs.forEach((ins, i) => {
    switch (ins.op) {
      case 'const':
        p.op[i] = Op.Const;
        p.value[i] = ins.value;
        break;
      case 'var':
      case 'param':
        p.op[i] = ins.op === 'var' ? Op.Var : Op.Param;
        p.a[i] = ins.index;
        break;
      case 'neg':
        p.op[i] = Op.Neg;
        p.a[i] = ins.a;
        break;
      case 'powi':
        p.op[i] = Op.Powi;
        p.a[i] = ins.a;
        p.b[i] = ins.n;
        break;
      case 'call': {
        const g = ins.args;
        const fn: TapeFn = ins.fn;
        p.op[i] = fn === 'selectLe' ? Op.Select : g.length === 1 ? Op.Call1 : Op.Call2;
        [p.a[i], p.b[i], p.c[i], p.d[i]] = [g[0] ?? 0, g[1] ?? 0, g[2] ?? 0, g[3] ?? 0];
        p.fn[i] = TAPE_FN_IMPL[fn];
        break;
      }
      default:
        p.op[i] = BINARY[ins.op];
        p.a[i] = ins.a;
        p.b[i] = ins.b;
    }
  });
  return p;
}

/** Every instruction of `prog` for data row `row` into regs. */
export function runRow(prog: TapeProgram, params: ArrayLike<number>, vars: readonly ArrayLike<number>[], row: number, regs: Float64Array): void {
  const { op, a, b, c, d, value, fn } = prog;
  for (let i = 0; i < op.length; i++) {
    switch (op[i]) {
      case Op.Const:
        regs[i] = value[i];
        break;
      case Op.Var:
        regs[i] = vars[a[i]][row];
        break;
      case Op.Param:
        regs[i] = params[a[i]];
        break;
      case Op.Add:
        regs[i] = regs[a[i]] + regs[b[i]];
        break;
      case Op.Sub:
        regs[i] = regs[a[i]] - regs[b[i]];
        break;
      case Op.Mul:
        regs[i] = regs[a[i]] * regs[b[i]];
        break;
      case Op.Div:
        regs[i] = regs[a[i]] / regs[b[i]];
        break;
      case Op.Pow:
        regs[i] = Math.pow(regs[a[i]], regs[b[i]]);
        break;
      case Op.Neg:
        regs[i] = -regs[a[i]];
        break;
      case Op.Powi:
        regs[i] = powiValue(regs[a[i]], b[i]);
        break;
      case Op.Call1:
        regs[i] = fn[i](regs[a[i]]);
        break;
      case Op.Call2:
        regs[i] = fn[i](regs[a[i]], regs[b[i]]);
        break;
      case Op.Select:
        regs[i] = regs[a[i]] <= regs[b[i]] ? regs[c[i]] : regs[d[i]];
        break;
    }
  }
}

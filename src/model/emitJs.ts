/**
 * JavaScript source for the float64 CPU kernels, generated from a Tape and nothing else.
 *
 * Security: the model text never reaches generated code. The source is assembled from fixed
 * template text, slot names made of a letter and digits (`t12`, `s0_3`), integer indices
 * (jsIndex), numeric literals from the round-trip-exact formatter (jsNumber, which rejects
 * anything but digits, a point and an exponent), and names from the fixed tables below (`Math.exp`,
 * and `erf`/`erfc`, which are passed in as arguments). User identifiers only ever become indices
 * into the parameter vector and the column list, so a model cannot inject code even when
 * instantiated with `new Function` (kernels.ts).
 *
 * Shape of every kernel: parameters and everything that depends only on parameters and constants
 * (invariantMask) are computed once before the row loop; inside, one `const` per live
 * row-dependent instruction, in tape order. powi is unrolled into the very multiplications
 * tapeFns.powiValue performs, so emitted code, interpreter and constant folding agree bit for bit.
 */
import { invariantMask, liveMask, operands, type Instr, type Tape, type TapeFn } from './tape';
import { jsIndex, jsNumber } from './jsLiteral';

const JS_FN: Readonly<Record<Exclude<TapeFn, 'selectLe'>, string>> = {
  exp: 'Math.exp', log: 'Math.log', log10: 'Math.log10', sqrt: 'Math.sqrt', abs: 'Math.abs',
  sign: 'Math.sign', sin: 'Math.sin', cos: 'Math.cos', tan: 'Math.tan', asin: 'Math.asin',
  acos: 'Math.acos', atan: 'Math.atan', atan2: 'Math.atan2', sinh: 'Math.sinh',
  cosh: 'Math.cosh', tanh: 'Math.tanh', erf: 'erf', erfc: 'erfc', min: 'Math.min', max: 'Math.max',
};

/** The generated name of tape slot i. */
export const slot = (i: number): string => `t${jsIndex(i)}`;

/** Statements computing x^n the way powiValue does, the last one defining `name`. */
function powiStatements(name: string, x: string, n: number): string {
  const defs: [string, string][] = [];
  let m = Math.abs(n);
  let base = x;
  let result: string | undefined;
  for (let k = 0; m > 0; k++) {
    if (m & 1) {
      if (result === undefined) {
        result = base;
      } else {
        defs.push([`${name}_r${k}`, `${result} * ${base}`]);
        result = `${name}_r${k}`;
      }
    }
    m = Math.floor(m / 2);
    if (m > 0) {
      defs.push([`${name}_b${k}`, `${base} * ${base}`]);
      base = `${name}_b${k}`;
    }
  }
  const last = defs[defs.length - 1];
  if (n > 0 && last !== undefined && last[0] === result) {
    last[0] = name; // the final product defines the slot itself
  } else {
    defs.push([name, n < 0 ? `1 / ${result ?? '1'}` : result ?? '1']);
  }
  return defs.map(([v, e]) => `const ${v} = ${e};`).join(' ');
}

/** One statement defining slot i; `var` reads the column array hoisted as v<index>. */
function statement(ins: Instr, i: number): string {
  const name = slot(i);
  switch (ins.op) {
    case 'const':
      return `const ${name} = ${jsNumber(ins.value)};`;
    case 'var':
      return `const ${name} = v${jsIndex(ins.index)}[i];`;
    case 'param':
      return `const ${name} = params[${jsIndex(ins.index)}];`;
    case 'add':
      return `const ${name} = ${slot(ins.a)} + ${slot(ins.b)};`;
    case 'sub':
      return `const ${name} = ${slot(ins.a)} - ${slot(ins.b)};`;
    case 'mul':
      return `const ${name} = ${slot(ins.a)} * ${slot(ins.b)};`;
    case 'div':
      return `const ${name} = ${slot(ins.a)} / ${slot(ins.b)};`;
    case 'pow':
      return `const ${name} = Math.pow(${slot(ins.a)}, ${slot(ins.b)});`;
    case 'neg':
      return `const ${name} = -${slot(ins.a)};`;
    case 'powi':
      if (!Number.isSafeInteger(ins.n)) throw new Error('internal: powi exponent');
      return powiStatements(name, slot(ins.a), ins.n);
    case 'call': {
      const args = ins.args.map(slot);
      if (ins.fn === 'selectLe') return `const ${name} = ${args[0]} <= ${args[1]} ? ${args[2]} : ${args[3]};`;
      return `const ${name} = ${JS_FN[ins.fn]}(${args.join(', ')});`;
    }
  }
}

/**
 * Calls that V8 compiles to a call into C (or into a JS function that makes one). On x86-64 every
 * SSE register is caller-saved, so each such call spills and reloads whatever is live across it,
 * including every loop-carried accumulator of the normal-equation loop. (sqrt, abs, sign, min and
 * max become single machine instructions and are not listed.)
 */
const CALLS = new Set<TapeFn>(['exp', 'log', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'erf', 'erfc']);

const isCall = (ins: Instr): boolean => ins.op === 'pow' || (ins.op === 'call' && CALLS.has(ins.fn));

/** Rows per block of the call sweep; scratch stays in L1 (8 bytes × BLOCK per stored slot). */
export const BLOCK = 256;

/**
 * Code of a kernel body around its row loop. Unswept: `row` computes every live row-dependent slot.
 * Swept (a model with calls, in a kernel with many accumulators): per block of rows, `sweep` first
 * computes the calls and their arguments and stores the slots that `row` needs in scratch arrays
 * (`sw<slot>`, indexed by o = i − i0); `row` then loads them and computes the rest. Each slot is
 * computed once either way, so results are bit-identical; only the spilling differs.
 */
export interface TapeCode {
  /** Factory-level declarations of the scratch arrays ('' when unswept). */
  readonly scratch: string;
  /** Column arrays and loop-invariant slots, before the loop. */
  readonly hoisted: string;
  /** First pass over a block: calls and what they need ('' when unswept). */
  readonly sweep: string;
  /** Row-dependent slots, inside the loop (row index `i`, and `o` when swept). */
  readonly row: string;
}

/** The statements computing `roots` (slot indices) for one kernel. */
export function emitTapeCode(tape: Tape, roots: readonly number[], allowSweep = false): TapeCode {
  const live = liveMask(tape, roots);
  const inv = invariantMask(tape);
  const rowDep = tape.instrs.map((_, i) => live[i] && !inv[i]);
  // early[i]: a call, or an operand (transitively) of one: computed in the sweep
  const early = tape.instrs.map((ins, i) => allowSweep && rowDep[i] && isCall(ins));
  for (let i = tape.instrs.length - 1; i >= 0; i--) {
    if (early[i]) for (const o of operands(tape.instrs[i])) if (rowDep[o]) early[o] = true;
  }
  const swept = early.some(Boolean);
  // stored[i]: computed in the sweep, needed after it
  const stored = early.map(() => false);
  tape.instrs.forEach((ins, i) => {
    if (rowDep[i] && !early[i]) for (const o of operands(ins)) if (early[o]) stored[o] = true;
  });
  for (const r of roots) if (early[r]) stored[r] = true;

  const hoisted: string[] = [];
  const sweep: string[] = [];
  const row: string[] = [];
  const scratch: string[] = [];
  const columns = new Set<number>();
  tape.instrs.forEach((ins, i) => {
    if (!live[i]) return;
    if (ins.op === 'var') columns.add(ins.index);
    if (inv[i]) {
      hoisted.push(statement(ins, i));
    } else if (early[i]) {
      sweep.push(statement(ins, i));
      if (stored[i]) {
        scratch.push(`const sw${jsIndex(i)} = new Float64Array(${BLOCK});`);
        sweep.push(`sw${jsIndex(i)}[o] = ${slot(i)};`);
        row.push(`const ${slot(i)} = sw${jsIndex(i)}[o];`);
      }
    } else {
      row.push(statement(ins, i));
    }
  });
  const arrays = [...columns].map((c) => `const v${jsIndex(c)} = vars[${jsIndex(c)}];`);
  return {
    scratch: scratch.join('\n'),
    hoisted: [...arrays, ...hoisted].join('\n'),
    sweep: swept ? sweep.join('\n') : '',
    row: row.join('\n'),
  };
}

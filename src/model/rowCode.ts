/**
 * The statements of a kernel body arranged around its row loop: parameters and everything that
 * depends only on parameters and constants (invariantMask) are computed once before the loop;
 * inside it, one `const` per live row-dependent instruction, in tape order. Optionally the calls
 * are swept out into a first pass over each block of rows (see TapeCode).
 */
import { jsIndex } from './jsLiteral';
import { slot, statement } from './emitJs';
import { invariantMask, liveMask, operands, type Instr, type Tape, type TapeFn } from './tape';

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

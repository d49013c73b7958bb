/**
 * The Tape: a model and its derivatives as one straight-line SSA program, the single input of
 * every emitter (JS float64 here, WGSL elsewhere) and of the reference interpreters.
 *
 * Instructions are in evaluation order; every operand is the index of an earlier instruction.
 * `value` is the index of the model value, `grads[j]` of ∂model/∂params[wrt[j]]. The tape is
 * dead-code eliminated: every instruction is reachable from `value` or a gradient.
 *
 * Instruction kinds are few and chosen so that each maps onto one WGSL expression:
 * - `powi` keeps integer exponents apart from `pow`, so an emitter can write x*x and never call
 *   pow() on a negative base (WGSL's pow is undefined for x < 0).
 * - `selectLe(a, b, t, f)` = a ≤ b ? t : f is the one comparison, needed by the derivatives of
 *   min and max; WGSL writes it `select(f, t, a <= b)`. A NaN operand selects f.
 * - `sign` appears only in derivatives (of abs).
 */

export const TAPE_FUNCTIONS = [
  'exp', 'log', 'log10', 'sqrt', 'abs', 'sign',
  'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2',
  'sinh', 'cosh', 'tanh', 'erf', 'erfc', 'min', 'max', 'selectLe',
] as const;
export type TapeFn = (typeof TAPE_FUNCTIONS)[number];

/** Number of arguments of each tape function. */
export const TAPE_FN_ARITY: Readonly<Record<TapeFn, number>> = {
  exp: 1, log: 1, log10: 1, sqrt: 1, abs: 1, sign: 1,
  sin: 1, cos: 1, tan: 1, asin: 1, acos: 1, atan: 1, atan2: 2,
  sinh: 1, cosh: 1, tanh: 1, erf: 1, erfc: 1, min: 2, max: 2, selectLe: 4,
};

export type BinaryOp = 'add' | 'sub' | 'mul' | 'div' | 'pow';

/** One instruction; `a`, `b`, `args` are indices of earlier instructions. */
export type Instr =
  | { readonly op: 'const'; readonly value: number }
  | { readonly op: 'var'; readonly index: number } // index into CompiledModel.variables
  | { readonly op: 'param'; readonly index: number } // index into the full parameter vector
  | { readonly op: BinaryOp; readonly a: number; readonly b: number }
  | { readonly op: 'neg'; readonly a: number }
  | { readonly op: 'powi'; readonly a: number; readonly n: number } // n: integer, may be < 0
  | { readonly op: 'call'; readonly fn: TapeFn; readonly args: readonly number[] };

export interface Tape {
  readonly instrs: readonly Instr[];
  /** Index of the model value. */
  readonly value: number;
  /** grads[j] = index of ∂model/∂params[wrt[j]] for j < wrt.length; the entries after those are
   *  slopes in data columns (CompiledModel.tape's wrtVariables), which only fit/odr asks for. */
  readonly grads: readonly number[];
  /** Parameter indices the gradients are taken with respect to. */
  readonly wrt: readonly number[];
  /** Length of the full parameter vector. */
  readonly nParams: number;
  /** Number of data columns (`var` indices are below this). */
  readonly nVars: number;
}

/** The operand indices of an instruction. */
export function operands(ins: Instr): readonly number[] {
  switch (ins.op) {
    case 'const':
    case 'var':
    case 'param':
      return [];
    case 'neg':
    case 'powi':
      return [ins.a];
    case 'call':
      return ins.args;
    default:
      return [ins.a, ins.b];
  }
}

/**
 * Which instructions are needed to compute `roots`: emitters use it to drop the gradient code
 * from value-only kernels.
 */
export function liveMask(tape: Tape, roots: readonly number[]): boolean[] {
  const live = new Array<boolean>(tape.instrs.length).fill(false);
  for (const r of roots) live[r] = true;
  for (let i = tape.instrs.length - 1; i >= 0; i--) {
    if (!live[i]) continue;
    for (const o of operands(tape.instrs[i])) live[o] = true;
  }
  return live;
}

/**
 * Which instructions are loop-invariant, i.e. depend on constants and parameters only: emitters
 * hoist them out of the per-row loop (e.g. 1/(2σ²) of a Gaussian).
 */
export function invariantMask(tape: Tape): boolean[] {
  const inv: boolean[] = [];
  for (const ins of tape.instrs) {
    inv.push(ins.op !== 'var' && operands(ins).every((o) => inv[o]));
  }
  return inv;
}

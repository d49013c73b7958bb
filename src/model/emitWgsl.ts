/**
 * WGSL for a model and its parameter derivatives, generated from the Tape and nothing else (the
 * WGSL twin of emitJs.ts + rowCode.ts). The tape is already CSE'd, so each live instruction becomes
 * exactly one `let` (W3C WGSL §7.3 "let declarations"); shaders/*.wgsl receive the result.
 *
 * Mapping (WGSL §17 "Built-in functions"; f32 accuracy per §15.7.4):
 * - powi(x, n) → the multiplications of tapeFns.powiValue (binary powering); n < 0 → 1.0f / xⁿ.
 * - pow(a, b) → pow(a, b). WGSL's pow is "inherited from exp2(y * log2(x))": undefined for a < 0
 *   (and for a = 0, b ≤ 0). The tape keeps integer exponents as powi precisely so that x^2 never
 *   reaches pow; pow(negative, non-integer) is NaN in float64 too. With { domainPow: true } (the
 *   batch kernel) it becomes prelude.wgsl's fb_pow, which has float64's domain.
 * - selectLe(a, b, t, f) → select(f, t, a <= b) (§17.3.x select: select(f, t, cond)).
 * - log10(x) → log(x) * 0.4342944819032518f (WGSL has no log10).
 * - erf, erfc, sinh, tanh, sin, cos, tan, acos → fb_erf, fb_erfc, … of shaders/prelude.wgsl:
 *   WGSL has no erf; its sinh/tanh need only be as good as the exp formulas (no relative accuracy
 *   near 0), its sin/cos only to an absolute 2⁻¹¹ on [−π, π], its acos to 6.8e-5 absolute —
 *   SwiftShader was measured at those floors, which a Jacobian feels.
 * - sign, atan2, cosh, asin, atan, exp, log, sqrt, min, max, abs → the builtins of the same name
 *   (WGSL's atan2(y, x) takes its arguments in Math.atan2's order).
 *
 * Security as in emitJs.ts: generated text is fixed template text, slot names (`t12`,
 * `t12_r0`), integer literals and f32 literals (emitWgslLiteral.ts); user identifiers only ever
 * become indices, and the caller maps indices to its own buffer reads (WgslReaders).
 */
import { checkArity, tableName, unknownInstruction } from './codeNames';
import { powiChain } from './powiChain';
import { wgslF32, wgslIndex } from './emitWgslLiteral';
import { invariantMask, liveMask, TAPE_FN_ARITY, type Instr, type Tape, type TapeFn } from './tape';

const WGSL_FN: Readonly<Record<Exclude<TapeFn, 'selectLe' | 'log10'>, string>> = {
  exp: 'exp', log: 'log', sqrt: 'sqrt', abs: 'abs', sign: 'sign', sin: 'fb_sin', cos: 'fb_cos',
  tan: 'fb_tan', asin: 'asin', acos: 'fb_acos', atan: 'atan', atan2: 'atan2', sinh: 'fb_sinh',
  cosh: 'cosh', tanh: 'fb_tanh', erf: 'fb_erf', erfc: 'fb_erfc', min: 'min', max: 'max',
};

/** 1/ln(10) rounded to f32; log10(x) = log(x)·(1/ln 10). */
const INV_LN10 = '0.4342944819032518f';

/** How the kernel reads its inputs: WGSL expressions for a parameter and for a data column. */
export interface WgslReaders {
  /** Parameter `index` of the full parameter vector (e.g. a uniform field). */
  param(index: number): string;
  /** Column `index` of the model's variables at the current row. */
  variable(index: number): string;
}

/** The generated name of tape slot i. */
export const wgslSlot = (i: number): string => `t${wgslIndex(i)}`;

/** `let` statements computing x^n as tapeFns.powiValue does, the last one defining `name`. */
function powiStatements(name: string, x: string, n: number): string {
  return powiChain(name, x, n, { one: '1.0f' })
    .map(([v, e]) => `let ${v} = ${e};`)
    .join(' ');
}

/** The WGSL expression of one instruction (everything but powi). */
function expression(ins: Exclude<Instr, { op: 'powi' }>, read: WgslReaders, options: WgslOptions): string {
  const s = wgslSlot;
  switch (ins.op) {
    case 'const':
      return wgslF32(ins.value).text;
    case 'var':
      return read.variable(ins.index);
    case 'param':
      return read.param(ins.index);
    case 'add':
      return `${s(ins.a)} + ${s(ins.b)}`;
    case 'sub':
      return `${s(ins.a)} - ${s(ins.b)}`;
    case 'mul':
      return `${s(ins.a)} * ${s(ins.b)}`;
    case 'div':
      return `${s(ins.a)} / ${s(ins.b)}`;
    case 'pow':
      return `${options.domainPow ? 'fb_pow' : 'pow'}(${s(ins.a)}, ${s(ins.b)})`;
    case 'neg':
      return `-${s(ins.a)}`;
    case 'call': {
      checkArity(ins.fn, ins.args, TAPE_FN_ARITY);
      const args = ins.args.map(s);
      if (ins.fn === 'selectLe') return `select(${args[3]}, ${args[2]}, ${args[0]} <= ${args[1]})`;
      if (ins.fn === 'log10') return `log(${args[0]}) * ${INV_LN10}`;
      return `${tableName(WGSL_FN, ins.fn)}(${args.join(', ')})`;
    }
    default:
      return unknownInstruction(ins);
  }
}

/** Choices of the emitted code. */
export interface WgslOptions {
  /**
   * pow(a, b) as prelude.wgsl's fb_pow, with float64's domain (NaN for a < 0 and non-integer b),
   * instead of WGSL's pow (undefined there). The batch-fit kernel needs it: a fit that wanders
   * must see the NaN the float64 fit would.
   */
  readonly domainPow?: boolean;
}

/** One statement defining slot i. */
export function wgslStatement(ins: Instr, i: number, read: WgslReaders, options: WgslOptions = {}): string {
  if (ins.op === 'powi') {
    if (!Number.isSafeInteger(ins.n)) throw new Error('internal: powi exponent');
    return powiStatements(wgslSlot(i), wgslSlot(ins.a), ins.n);
  }
  return `let ${wgslSlot(i)} = ${expression(ins, read, options)};`;
}

/** Generated statements around a kernel's row loop. */
export interface WgslCode {
  /** Parameters, constants and what depends only on them: once per thread, before the loop. */
  readonly hoisted: string;
  /** Row-dependent slots, inside the loop. */
  readonly row: string;
  /** Every constant is the f32 rounding of the tape's float64 (no saturation, flush or NaN). */
  readonly f32Faithful: boolean;
}

/** The statements computing `roots` (slot indices), split around the row loop. */
export function emitWgslCode(tape: Tape, roots: readonly number[], read: WgslReaders, options: WgslOptions = {}): WgslCode {
  const live = liveMask(tape, roots);
  const inv = invariantMask(tape);
  const hoisted: string[] = [];
  const row: string[] = [];
  let f32Faithful = true;
  tape.instrs.forEach((ins, i) => {
    if (!live[i]) return;
    if (ins.op === 'const' && !wgslF32(ins.value).faithful) f32Faithful = false;
    (inv[i] ? hoisted : row).push(wgslStatement(ins, i, read, options));
  });
  return { hoisted: hoisted.join('\n'), row: row.join('\n'), f32Faithful };
}

/** Whether every constant of the tape survives rounding to f32 (see emitWgslLiteral.ts). */
export function tapeIsF32Faithful(tape: Tape): boolean {
  return tape.instrs.every((ins) => ins.op !== 'const' || wgslF32(ins.value).faithful);
}

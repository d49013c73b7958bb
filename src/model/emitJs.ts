/**
 * JavaScript source for the float64 CPU kernels, generated from a Tape and nothing else.
 *
 * Security: the model text never reaches generated code. The source is assembled from fixed
 * template text, slot names made of letters, digits and "_" (`t12`, `a0_3`, `sw7`), integer indices
 * (jsIndex), numeric literals from the round-trip-exact formatter (jsNumber, which rejects
 * anything but digits, a point and an exponent), and names from the fixed tables below (`Math.exp`,
 * and `erf`/`erfc`, which are passed in as arguments). User identifiers only ever become indices
 * into the parameter vector and the column list, so a model cannot inject code even when
 * instantiated with `new Function` (kernels.ts). Each of these is checked here, where the text is
 * written, not trusted from the caller: table names are own keys only, call arities match, and an
 * unknown instruction throws (codeNames.ts); the loss names of kernelSource.ts and normalSource.ts
 * likewise.
 *
 * This file turns one instruction into one JS statement (`const t7 = t3 * t5;`); rowCode.ts
 * arranges the statements around the row loop, kernelSource.ts and normalSource.ts write the
 * loops. powi is unrolled into the very multiplications tapeFns.powiValue performs, so emitted
 * code, interpreter and constant folding agree bit for bit.
 */
import { checkArity, tableName, unknownInstruction } from './codeNames';
import { powiChain } from './powiChain';
import { TAPE_FN_ARITY, type Instr, type TapeFn } from './tape';
import { jsIndex, jsNumber } from './jsLiteral';

const JS_FN: Readonly<Record<Exclude<TapeFn, 'selectLe'>, string>> = {
  exp: 'Math.exp', log: 'Math.log', log10: 'Math.log10', sqrt: 'Math.sqrt', abs: 'Math.abs',
  sign: 'Math.sign', sin: 'Math.sin', cos: 'Math.cos', tan: 'Math.tan', asin: 'Math.asin',
  acos: 'Math.acos', atan: 'Math.atan', atan2: 'Math.atan2', sinh: 'Math.sinh',
  cosh: 'Math.cosh', tanh: 'Math.tanh', erf: 'erf', erfc: 'erfc', min: 'Math.min', max: 'Math.max',
};

/** The generated name of tape slot i. */
export const slot = (i: number): string => `t${jsIndex(i)}`;

/** `const` statements computing x^n as tapeFns.powiValue does, the last one defining `name`. */
function powiStatements(name: string, x: string, n: number): string {
  return powiChain(name, x, n, { one: '1' })
    .map(([v, e]) => `const ${v} = ${e};`)
    .join(' ');
}

/** One statement defining slot i; `var` reads the column array hoisted as v<index>. */
export function statement(ins: Instr, i: number): string {
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
      checkArity(ins.fn, ins.args, TAPE_FN_ARITY);
      const args = ins.args.map(slot);
      if (ins.fn === 'selectLe') return `const ${name} = ${args[0]} <= ${args[1]} ? ${args[2]} : ${args[3]};`;
      return `const ${name} = ${tableName(JS_FN, ins.fn)}(${args.join(', ')});`;
    }
    default:
      return unknownInstruction(ins);
  }
}

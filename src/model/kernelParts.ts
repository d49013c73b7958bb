/**
 * Building blocks of the kernel sources (kernelSource.ts, normalSource.ts): the row loops, the
 * weighted residual and Jacobian row, the function header.
 *
 * Every row loop is emitted twice, without and with weights, so that the common unweighted case
 * pays neither a multiply nor a branch per row.
 *
 * Names in generated code cannot collide: tape slots are t<n> (powi temporaries t<n>_r<k>,
 * t<n>_b<k>), columns v<n>, sweep scratch sw<n>; the kernels' own locals are a<j>_<l>, b<j>, j<j>,
 * h<j>, q, r, wi, o, ro, c2, rho0–rho2 and l_<name>, none of which has those shapes.
 */
import { codeIdentifier, codeIdentifiers } from './codeNames';
import { BLOCK, type TapeCode } from './rowCode';
import { jsIndex } from './jsLiteral';
import type { Tape } from './tape';

export const t = (i: number): string => `t${jsIndex(i)}`;
export const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** The unweighted and weighted loops around the row code + `body(weighted)`, swept in blocks
 *  when the code has a sweep (rowCode.ts TapeCode). */
export function loops(code: TapeCode, body: (weighted: boolean) => string): string {
  const inner = (weighted: boolean): string => `${code.row}\n${weighted ? 'const wi = w[i];\n' : ''}${body(weighted)}`;
  const loop = (weighted: boolean): string =>
    code.sweep === ''
      ? `for (let i = start; i < end; i++) {\n${inner(weighted)}\n}`
      : `for (let i0 = start; i0 < end; i0 += ${BLOCK}) {
const i1 = end - i0 > ${BLOCK} ? i0 + ${BLOCK} : end;
for (let i = i0, o = 0; i < i1; i++, o++) {\n${code.sweep}\n}
for (let i = i0, o = 0; i < i1; i++, o++) {\n${inner(weighted)}\n}
}`;
  return `if (w === null) {\n${loop(false)}\n} else {\n${loop(true)}\n}`;
}

/** `const r = w_i (model_i − y_i);` */
export function residual(tape: Tape, weighted: boolean): string {
  const diff = `${t(tape.value)} - y[i]`;
  return weighted ? `const r = wi * (${diff});` : `const r = ${diff};`;
}

/** `const j<l> = w_i ∂model_i/∂p_wrt[l];` for every gradient. */
export function jacobianRow(tape: Tape, weighted: boolean): string {
  return tape.grads.map((g, l) => `const j${l} = ${weighted ? `wi * ${t(g)}` : t(g)};`).join(' ');
}

/** Factory-level declarations (scratch arrays, allocated once per kernel), then the function. */
export function header(name: string, args: string, code?: TapeCode, scratch = ''): string {
  return `"use strict";\n${code?.scratch ?? ''}\n${scratch}\nreturn function ${codeIdentifier(name)}(${codeIdentifiers(args)}) {\n`;
}

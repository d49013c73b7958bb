/** Helpers shared by the model tests (a .test.ts file so that the core build never sees it). */
import { expect, it } from 'vitest';
import type { Expr } from './ast';
import { compileModel, type CompiledModel } from './compile';
import { parse } from './parse';

/** A compact S-expression of a tree: (+ a (* b c)), (neg x), (call exp x). */
export function sexpr(e: Expr): string {
  switch (e.kind) {
    case 'number':
      return String(e.value);
    case 'ident':
      return e.role === 'param' ? e.name : `${e.name}:${e.role[0]}`;
    case 'unary':
      return `(${e.op === '-' ? 'neg' : 'pos'} ${sexpr(e.arg)})`;
    case 'binary':
      return `(${e.op} ${sexpr(e.left)} ${sexpr(e.right)})`;
    case 'call':
      return `(${e.name} ${e.args.map(sexpr).join(' ')})`;
  }
}

export function parseOk(text: string, columns: readonly string[] = ['x']): string {
  const r = parse(text, columns);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${r.error.message}`);
  return sexpr(r.value.ast);
}

export function compiled(text: string, columns: readonly string[] = ['x']): CompiledModel {
  const r = compileModel(text, { columns });
  if (!r.ok) throw new Error(`expected ${JSON.stringify(text)} to compile: ${r.error.message}`);
  return r.value;
}

export { rng } from '../../test/random';

it('test helpers load', () => {
  expect(sexpr({ kind: 'number', value: 2, text: '2', start: 0, end: 1 })).toBe('2');
});

import type { Tape } from './tape';

/** Renders slot i of a tape as an expression: p0, v0, 2, add(p0, v0), powi(v0, 2), exp(…). */
export function show(tape: Tape, i: number): string {
  const ins = tape.instrs[i];
  const s = (j: number): string => show(tape, j);
  switch (ins.op) {
    case 'const':
      return String(ins.value);
    case 'var':
      return `v${ins.index}`;
    case 'param':
      return `p${ins.index}`;
    case 'neg':
      return `neg(${s(ins.a)})`;
    case 'powi':
      return `powi(${s(ins.a)}, ${ins.n})`;
    case 'call':
      return `${ins.fn}(${ins.args.map(s).join(', ')})`;
    default:
      return `${ins.op}(${s(ins.a)}, ${s(ins.b)})`;
  }
}

/** How many instructions of a kind (an op, or a call's function name) the tape holds. */
export function count(tape: Tape, kind: string): number {
  return tape.instrs.filter((ins) => ins.op === kind || (ins.op === 'call' && ins.fn === kind)).length;
}

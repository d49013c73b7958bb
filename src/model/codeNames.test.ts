/**
 * Only validated names reach generated code (issue 14, item 4): a loss name that is not one of
 * LOSS_NAMES, a function name outside the emitters' tables, an instruction the emitters do not
 * know or a kernel name that is not an identifier is refused where the code is generated, so no
 * caller (a saved session, a worker request, a test) can splice its own text into a kernel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LOSS_NAMES, type LossName } from '../solver/loss';
import { statement } from './emitJs';
import { wgslStatement } from './emitWgsl';
import { jsRobustLoss, type RobustLossName } from './jsLoss';
import { header } from './kernelParts';
import { createJsKernels, setCodegen } from './kernels';
import { costSource } from './kernelSource';
import { normalSource } from './normalSource';
import type { Instr } from './tape';
import { compiled } from './testUtil.test';

/** A record crafted to run its own code: `normal_${loss}` would close the function header. */
export const CRAFTED_LOSSES = [
  'linear(){};globalThis.pwned=1;function x',
  'x(){} globalThis.pwned = 1; return function y',
  // Ran before this check: the factory returned normal_x, whose first call set globalThis.pwned.
  'x(){ globalThis.pwned = 1 }; return function y',
  'l1',
  'constructor',
  '',
] as const;

const g = globalThis as { pwned?: unknown };
afterEach(() => {
  delete g.pwned;
  setCodegen(null);
});

const tape = compiled('a*exp(-x/b) + c').tape();
const readers = { param: (i: number) => `p${i}`, variable: (c: number) => `v${c}` };

function refusedLoss(run: () => unknown, name: string): void {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error, `loss ${JSON.stringify(name)} must be refused`).toBeInstanceOf(Error);
  expect((error as { code?: string }).code).toBe('loss');
  expect((error as Error).message).toMatch(/Unknown loss .*linear, soft_l1, huber, cauchy, arctan/);
}

describe('loss names at code generation', () => {
  for (const name of CRAFTED_LOSSES) {
    it(`refuses ${JSON.stringify(name)} in every JS emitter`, () => {
      refusedLoss(() => costSource(tape, name as LossName), name);
      refusedLoss(() => normalSource(tape, name as LossName), name);
      refusedLoss(() => jsRobustLoss(name as RobustLossName, true), name);
      expect(g.pwned).toBeUndefined();
    });

    it(`refuses ${JSON.stringify(name)} in the kernels before any code runs`, () => {
      setCodegen(true);
      const k = createJsKernels(tape);
      const data = { vars: [Float64Array.from([0, 1, 2, 3])], y: Float64Array.from([1, 2, 3, 4]), w: null };
      const p = Float64Array.from([1, 1, 0]);
      const loss = { name: name as LossName, fScale: 1 };
      refusedLoss(() => k.cost(p, data, loss, 0, 4), name);
      refusedLoss(() => k.normal(p, data, loss, new Float64Array(10), 0, 4), name);
      expect(g.pwned).toBeUndefined();
    });

    it(`refuses ${JSON.stringify(name)} in the interpreted kernels`, () => {
      setCodegen(false);
      const k = createJsKernels(tape);
      const data = { vars: [Float64Array.from([0, 1, 2, 3])], y: Float64Array.from([1, 2, 3, 4]), w: null };
      const p = Float64Array.from([1, 1, 0]);
      refusedLoss(() => k.normal(p, data, { name: name as LossName, fScale: 1 }, new Float64Array(10), 0, 4), name);
    });
  }

  it('still emits every known loss', () => {
    for (const loss of LOSS_NAMES) {
      expect(costSource(tape, loss)).toContain(`function cost_${loss}(`);
      expect(normalSource(tape, loss)).toContain(`function normal_${loss}(`);
    }
  });
});

describe('names and instructions at code generation', () => {
  it('a kernel name or argument that is not an identifier is refused', () => {
    expect(() => header('f(){};globalThis.pwned=1;function g', 'params')).toThrow(/not an identifier/);
    expect(() => header('evaluate', 'params, x) { globalThis.pwned = 1; } (y')).toThrow(/not an identifier/);
    expect(header('evaluate', 'params, vars')).toContain('return function evaluate(params, vars) {');
  });

  it('a function outside the tables is refused in JS and WGSL, also an Object.prototype name', () => {
    for (const fn of ['constructor', 'toString', '__proto__', 'eval', 'globalThis.pwned=1;Math.exp']) {
      const ins = { op: 'call', fn, args: [0] } as unknown as Instr;
      expect(() => statement(ins, 1), fn).toThrow(/function/);
      expect(() => wgslStatement(ins, 1, readers), fn).toThrow(/function/);
    }
  });

  it('a call with the wrong number of arguments is refused', () => {
    const ins = { op: 'call', fn: 'selectLe', args: [0, 1] } as unknown as Instr;
    expect(() => statement(ins, 2)).toThrow(/arguments/);
    expect(() => wgslStatement(ins, 2, readers)).toThrow(/arguments/);
  });

  it('an unknown instruction is refused instead of emitting "undefined"', () => {
    const ins = { op: 'eval', a: 0 } as unknown as Instr;
    expect(() => statement(ins, 1)).toThrow(/instruction/);
    expect(() => wgslStatement(ins, 1, readers)).toThrow(/instruction/);
  });
});

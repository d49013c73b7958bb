import { describe, expect, it } from 'vitest';
import * as api from './index';
import { compileModel } from './compile';

describe('compileModel', () => {
  it('returns the model with its source, tree, parameters and variables', () => {
    const r = compileModel('A*exp(-t/tau) + B*x', { columns: ['x', 'y', 't'] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const m = r.value;
    expect(m.source).toBe('A*exp(-t/tau) + B*x');
    expect(m.params).toEqual(['A', 'tau', 'B']);
    expect(m.variables).toEqual(['x', 't']);
    expect(m.ast.kind).toBe('binary');
    expect(api.formatExpr(m.ast)).toBe('A*exp(-t/tau) + B*x');
  });

  it('returns errors as values', () => {
    const r = compileModel('a*sn(x)', { columns: ['x'] });
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ code: 'unknown-function', line: 1, column: 3 }) });
  });

  it('caches tapes and kernels per wrt, defaulting to all parameters', () => {
    const r = compileModel('a*x + b*x^2 + c', { columns: ['x'] });
    if (!r.ok) throw new Error();
    const m = r.value;
    expect(m.tape()).toBe(m.tape([0, 1, 2]));
    expect(m.tape([1])).toBe(m.tape([1]));
    expect(m.tape([1])).not.toBe(m.tape([2]));
    expect(m.kernels()).toBe(m.kernels([0, 1, 2]));
    expect(m.kernels([2, 0]).k).toBe(2);
    expect(m.tape().wrt).toEqual([0, 1, 2]);
  });

  it('rejects wrt indices that are not parameters (a caller bug)', () => {
    const r = compileModel('a*x', { columns: ['x'] });
    if (!r.ok) throw new Error();
    expect(() => r.value.tape([1])).toThrow(RangeError);
    expect(() => r.value.kernels([-1])).toThrow(RangeError);
    expect(() => r.value.tape([0.5])).toThrow(RangeError);
  });

  it('compiles a model without parameters or without variables', () => {
    const noParams = compileModel('2*x + 1', { columns: ['x'] });
    expect(noParams.ok && noParams.value.params.length === 0 && noParams.value.kernels().k === 0).toBe(true);
    const noVars = compileModel('a + b', { columns: ['x'] });
    expect(noVars.ok && noVars.value.variables.length === 0).toBe(true);
    if (!noVars.ok) return;
    const out = new Float64Array(3);
    noVars.value.kernels().evaluate(new Float64Array([1, 2]), [], out, 0, 3);
    expect([...out]).toEqual([3, 3, 3]);
  });

  it('exposes the public API from index.ts', () => {
    for (const name of ['compileModel', 'formatExpr', 'parse', 'createJsKernels', 'normalLength', 'interpretRow', 'interpretPoint', 'residualsDD', 'rssDD', 'erf', 'erfc', 'liveMask', 'invariantMask', 'operands']) {
      expect(typeof (api as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(api.TAPE_FUNCTIONS).toContain('selectLe');
    expect(api.MAX_MODEL_LENGTH).toBe(10_000);
  });
});

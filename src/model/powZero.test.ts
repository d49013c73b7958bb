import { describe, expect, it } from 'vitest';
import { compileModel } from './compile';

function jacobianAt(text: string, params: number[], x: number[]) {
  const c = compileModel(text, { columns: ['x'] });
  if (!c.ok) throw new Error(c.error.message);
  const rows = x.length;
  const f = new Float64Array(rows);
  const J = new Float64Array(rows * params.length);
  c.value.kernels().residualsJacobian(Float64Array.from(params), { vars: [Float64Array.from(x)], y: new Float64Array(rows), w: null }, f, J, 0, rows);
  return { f, J };
}

describe('derivatives of u^v where u = 0', () => {
  it('∂(a·x^b)/∂b is 0 at x = 0 (0^b = 0 for every b > 0), not 0·ln 0 = NaN', () => {
    const { f, J } = jacobianAt('a*x^b', [2, 1.5], [0, 1]);
    expect(Array.from(f)).toEqual([0, 2]);
    expect(Array.from(J.subarray(0, 2))).toEqual([0, 0]);
  });

  it('∂(x/λ)^k/∂λ is 0 at x = 0 even for k < 1, where u^(k−1) is infinite', () => {
    const { J } = jacobianAt('A*(1 - exp(-(x/lambda)^k))', [1, 2, 0.5], [0, 1]);
    expect(Array.from(J.subarray(0, 3))).toEqual([0, 0, 0]);
    expect(J.every(Number.isFinite)).toBe(true);
  });

  it('a genuine infinite slope stays infinite: ∂√p/∂p at p = 0', () => {
    const { J } = jacobianAt('p^0.5 + 0*x', [0], [1]);
    expect(J[0]).toBe(Infinity);
  });
});

import { describe, expect, it } from 'vitest';
import { invariantMask, operands } from './tape';
import { compiled, count, show } from './testUtil.test';

const value = (text: string, columns: readonly string[] = ['x']): string => {
  const t = compiled(text, columns).tape();
  return show(t, t.value);
};

describe('algebraic simplification on lowering', () => {
  const cases: [string, string][] = [
    ['2*3 + x', 'add(6, v0)'],
    ['x + 0', 'v0'],
    ['0 + x', 'v0'],
    ['x - 0', 'v0'],
    ['0 - x', 'neg(v0)'],
    ['x*1', 'v0'],
    ['1*x', 'v0'],
    ['x*0 + a', 'p0'],
    ['0/x + a', 'p0'],
    ['x/1', 'v0'],
    ['x*(-1)', 'neg(v0)'],
    ['x^1', 'v0'],
    ['a + x^0', 'add(1, p0)'], // operands of + are ordered by node id, and 1 is interned first
    ['--x', 'v0'],
    ['-(-(-x))', 'neg(v0)'],
    ['a + -x', 'sub(p0, v0)'],
    ['a - -x', 'add(p0, v0)'],
    ['(-a)*(-x)', 'mul(p0, v0)'],
    ['x^2', 'powi(v0, 2)'],
    ['x^-2', 'powi(v0, -2)'],
    ['x^(1+2)', 'powi(v0, 3)'],
    ['(-x)^2', 'powi(v0, 2)'],
    ['(-x)^3', 'neg(powi(v0, 3))'],
    ['pow(x, 2)', 'powi(v0, 2)'],
    ['x^0.5', 'sqrt(v0)'],
    ['x^(1/2)', 'sqrt(v0)'],
    ['x^2.5', 'pow(v0, 2.5)'],
    ['x^2000', 'pow(v0, 2000)'],
    ['x^a', 'pow(v0, p0)'],
    ['exp(0) * x', 'v0'],
    ['sqrt(4) + erf(0) + x', 'add(2, v0)'],
    ['pi*x', `mul(${Math.PI}, v0)`],
    ['e*x', `mul(${Math.E}, v0)`],
    ['min(x, x)', 'v0'],
    ['abs(-x)', 'abs(v0)'],
    ['abs(abs(x))', 'abs(v0)'],
    ['2^3^2', '512'],
    ['-2^2 + x', 'add(-4, v0)'],
  ];
  for (const [text, want] of cases) it(`${text} → ${want}`, () => expect(value(text)).toBe(want));

  it('folds constants with the float64 operations evaluation would use', () => {
    expect(value('0.1 + 0.2 + x')).toBe(`add(${0.1 + 0.2}, v0)`);
    expect(value('1.1^3 + x')).toBe(`add(${1.1 * (1.1 * 1.1)}, v0)`);
  });
});

describe('common subexpressions are one node', () => {
  it('exp(-x/t) + exp(-x/t)*a has one exp', () => {
    const m = compiled('exp(-x/t) + exp(-x/t)*a', ['x']);
    const value = m.tape([]);
    expect(count(value, 'exp')).toBe(1);
    expect(count(value, 'div')).toBe(1);
    expect(count(m.tape(), 'exp')).toBe(1); // and the derivatives reuse it
  });

  it('commuted operands are shared: a*b + b*a has one mul', () => {
    const t = compiled('a*b + b*a').tape([]);
    expect(count(t, 'mul')).toBe(1);
    expect(show(t, t.value)).toBe('add(mul(p0, p1), mul(p0, p1))');
  });

  it('a Gaussian shares its exp between the value and all derivatives', () => {
    const m = compiled('a*exp(-(x-mu)^2/(2*s^2)) + c');
    const t = m.tape();
    expect(count(t, 'exp')).toBe(1);
    expect(count(t, 'powi')).toBe(2); // (x − mu)² and s²
    expect(count(t, 'sub')).toBe(1); // x − mu, once
    const exp = t.instrs.findIndex((ins) => ins.op === 'call' && ins.fn === 'exp');
    expect(t.grads[0]).toBe(exp); // ∂/∂a is the exp itself
    expect(show(t, t.grads[3])).toBe('1'); // ∂/∂c
    expect(t.instrs.length).toBeLessThanOrEqual(26);
  });

  it('the NIST Gauss1 model computes each of its three exps once', () => {
    const t = compiled('b1*exp(-b2*x) + b3*exp(-(x-b4)^2/b5^2) + b6*exp(-(x-b7)^2/b8^2)').tape();
    expect(count(t, 'exp')).toBe(3);
  });
});

describe('tape shape', () => {
  it('is in evaluation order, dead-code free, and marks the loop invariants', () => {
    const m = compiled('a*exp(-b*x) + c*0 + d*x');
    const t = m.tape([1]);
    t.instrs.forEach((ins, i) => operands(ins).forEach((o) => expect(o).toBeLessThan(i)));
    // every instruction is used by a later one or is a root
    const used = new Set([t.value, ...t.grads]);
    t.instrs.forEach((ins) => operands(ins).forEach((o) => used.add(o)));
    t.instrs.forEach((_, i) => expect(used.has(i)).toBe(true));
    expect(m.params).toEqual(['a', 'b', 'c', 'd']);
    expect(t.instrs.some((ins) => ins.op === 'param' && ins.index === 2)).toBe(false); // c*0 is gone
    const inv = invariantMask(t);
    t.instrs.forEach((ins, i) => {
      if (ins.op === 'param' || ins.op === 'const') expect(inv[i]).toBe(true);
      if (ins.op === 'var') expect(inv[i]).toBe(false);
    });
  });

  it('takes gradients for a wrt subset, in the order asked', () => {
    const t = compiled('a*x + b*x^2 + c').tape([2, 0]);
    expect(t.wrt).toEqual([2, 0]);
    expect(show(t, t.grads[0])).toBe('1');
    expect(show(t, t.grads[1])).toBe('v0');
    expect(t.nParams).toBe(3);
    expect(t.nVars).toBe(1);
  });
});

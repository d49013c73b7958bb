import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { linearParameters } from './linearity';

function linearNames(text: string, columns = ['x']): string[] {
  const c = compileModel(text, { columns });
  if (!c.ok) throw new Error(c.error.message);
  return linearParameters(c.value.ast, c.value.params).map((i) => c.value.params[i]);
}

describe('linear-parameter detection', () => {
  const cases: [string, string[]][] = [
    ['Vm*x/(K + x)', ['Vm']],
    ['A1*exp(-k1*x) + A2*exp(-k2*x)', ['A1', 'A2']],
    ['A1*exp(-k1*x) + A2*exp(-k2*x) + c', ['A1', 'A2', 'c']],
    ['a + b*x + c*x^2 + d*x^3', ['a', 'b', 'c', 'd']],
    ['A*cos(w*x) + B*sin(w*x)', ['A', 'B']],
    ['A*cos(w*x + phi)', ['A']],
    ['y0 + A*exp(-(x - x0)^2/(2*s^2))', ['y0', 'A']],
    ['(b1 + b2*x + b3*x^2)/(1 + b5*x + b6*x^2)', ['b1', 'b2', 'b3']],
    ['b1*(1 - exp(-b2*x))', ['b1']],
    ['a*b*x', ['a']],
    ['exp(-k*x)', []],
    ['x/a', []],
    ['a^2*x', []],
    ['a*x + a', ['a']],
    ['-(a*x - 3*c)/2', ['a', 'c']],
    ['(a*x)^1 + c', ['a', 'c']],
    ['sin(a)*x + c', ['c']],
    ['b1*x^b2', ['b1']],
    ['b1 / ((1 + exp(b2 - b3*x))^(1/b4))', ['b1']],
    ['a*pi*x + e', ['a']],
  ];
  for (const [text, expected] of cases) {
    it(`${text} → linear in {${expected.join(', ')}}`, () => expect(linearNames(text)).toEqual(expected));
  }

  it('leaves out excluded (fixed or held) parameters', () => {
    const c = compileModel('a + b*x', { columns: ['x'] });
    if (!c.ok) throw new Error();
    expect(linearParameters(c.value.ast, c.value.params, new Set([0]))).toEqual([1]);
  });
});

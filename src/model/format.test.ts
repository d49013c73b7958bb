import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatExpr } from './format';
import { parse } from './parse';
import { sexpr } from './testUtil.test';

function fmt(text: string): string {
  const r = parse(text, ['x']);
  if (!r.ok) throw new Error(r.error.message);
  return formatExpr(r.value.ast);
}

describe('formatExpr', () => {
  const cases: [string, string][] = [
    ['a*exp(-(x-mu)^2/(2*s^2))+c', 'a*exp(-(x - mu)^2/(2*s^2)) + c'],
    ['(b1/b2)*exp(-0.5*((x - b3)/b2)^2)', 'b1/b2*exp(-0.5*((x - b3)/b2)^2)'],
    ['b1/((1 + exp(b2 - b3*x))^(1/b4))', 'b1/(1 + exp(b2 - b3*x))^(1/b4)'],
    ['a - (b - c)', 'a - (b - c)'],
    ['a - (b + c)', 'a - (b + c)'],
    ['a + (b + c)', 'a + (b + c)'],
    ['a / (b * c)', 'a/(b*c)'],
    ['(a^b)^c', '(a^b)^c'],
    ['a^b^c', 'a^b^c'],
    ['(-a)^2', '(-a)^2'],
    ['-a^2', '-a^2'],
    ['2^-1', '2^-1'],
    ['-(a*b)', '-(a*b)'],
    ['-(-x)', '-(-x)'],
    ['--x', '-(-x)'],
    ['atan2( y ,x )', 'atan2(y, x)'],
    ['1e-3*x + 1.5E+4 + .5 + 5.', '0.001*x + 15000 + 0.5 + 5'],
    ['1e21*x', '1e+21*x'],
  ];
  for (const [text, want] of cases) it(`${text} → ${want}`, () => expect(fmt(text)).toBe(want));
});

/** Random well-formed models (the generator writes generous parentheses; the printer drops them). */
const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('x', 'a', 'b', 'pi', 'e', '2', '0.5', '1e-3', '3.25'),
    fc.tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '^'), tie('e')).map(([l, op, r]) => `(${l})${op}(${r})`),
    fc.tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '^'), tie('e')).map(([l, op, r]) => `${l} ${op} ${r}`),
    tie('e').map((a) => `-${a}`),
    fc.tuple(fc.constantFrom('exp', 'sin', 'log', 'sqrt', 'erf', 'abs'), tie('e')).map(([f, a]) => `${f}(${a})`),
    fc.tuple(fc.constantFrom('atan2', 'pow', 'min', 'max'), tie('e'), tie('e')).map(([f, a, b]) => `${f}(${a}, ${b})`),
  ),
})).e;

describe('formatExpr round trip', () => {
  it('parse(format(tree)) is the same tree', () => {
    fc.assert(fc.property(expr, (text) => {
      const r = parse(text, ['x']);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const printed = formatExpr(r.value.ast);
      const again = parse(printed, ['x']);
      expect(again.ok).toBe(true);
      if (again.ok) expect(sexpr(again.value.ast)).toBe(sexpr(r.value.ast));
    }), { numRuns: 2000 });
  });
});

/**
 * Tied parameters: the model with b tied to 2·a is the model written with 2·a, so its fit is that
 * fit exactly; the tied value and its error come back as derived quantities and match the free fit
 * of the rewritten model by hand (b = 2a, se_b = 2·se_a). Bad ties are refused with a message.
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { curveFit } from './curveFit';
import { deriveQuantities } from './derived';
import { tieParameters } from './ties';

const x = Float64Array.from({ length: 30 }, (_, i) => i / 3);
const y = Float64Array.from(x, (v) => 2 * Math.exp(-v / 3) + 4 * Math.exp(-v) + 0.02 * Math.cos(5 * v));

async function fit(text: string) {
  const compiled = compileModel(text, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return curveFit({ model: compiled.value, data: { vars: [x], y }, parameters: compiled.value.params.map((name) => ({ name, value: 1 })) });
}

describe('tied parameters', () => {
  it('replace the parameter by its expression and report it with its delta-method error', async () => {
    const text = tieParameters('a*exp(-x/t1) + b*exp(-x/t2)', ['x'], [{ name: 'b', expression: '2*a' }]);
    expect(text).toBe('a*exp(-x/t1) + (2*a)*exp(-x/t2)');
    const tied = await fit(text);
    const byHand = await fit('a*exp(-x/t1) + 2*a*exp(-x/t2)');
    expect(tied.parameters.map((p) => p.value)).toEqual(byHand.parameters.map((p) => p.value));
    const [b] = deriveQuantities(tied, [{ name: 'b', expression: '2*a' }]);
    const a = tied.parameters.find((p) => p.name === 'a')!;
    expect(b.value).toBe(2 * a.value);
    expect(Math.abs(b.stderr - 2 * a.stderr)).toBeLessThanOrEqual(1e-15 * b.stderr);
  });

  it('leaves names that only look alike, and refuses ties it cannot make', () => {
    expect(tieParameters('b*x + b2 + bx', ['x', 'bx'], [{ name: 'b', expression: 'b2/2' }])).toBe('(b2/2)*x + b2 + bx');
    expect(() => tieParameters('a*x + b', ['x'], [{ name: 'c', expression: 'a' }])).toThrow(/the model has no parameter "c"/);
    expect(() => tieParameters('a*x + b', ['x'], [{ name: 'b', expression: 'q*2' }])).toThrow(/"q" is not a parameter of the model/);
    expect(() => tieParameters('a*x + b + c', ['x'], [{ name: 'b', expression: 'c' }, { name: 'c', expression: 'a' }])).toThrow(/"c" is tied itself/);
    expect(() => tieParameters('a*x + b', ['x'], [{ name: 'b', expression: 'a*(' }])).toThrow(/--tie b=a\*\(/);
    expect(() => tieParameters('a*x + b', ['x'], [{ name: 'b', expression: '2*b' }])).toThrow(/--tie b: "b" cannot be tied to itself; write it in terms of the other parameters \(a\)/);
  });
});

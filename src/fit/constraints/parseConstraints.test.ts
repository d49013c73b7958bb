import { describe, expect, it } from 'vitest';
import { resolveParameters } from '../parameters';
import { constrainedSpace, feasibleRanges } from './constrainedSpace';
import { parseConstraints, splitConstraints } from './parseConstraints';

const names = ['k1', 'k2', 'a', 'b'];
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return { code: (e as { code: string }).code, message: (e as Error).message };
  }
  return null;
};

describe('parseConstraints', () => {
  it('reads linear forms on both sides, >, >=, <, <=', () => {
    expect(parseConstraints('k1 >= 2*k2, a + b <= 1', names)).toEqual([
      { text: 'k1 >= 2*k2', coefficients: { k1: 1, k2: -2 }, lower: 0, upper: Infinity, strict: false },
      { text: 'a + b <= 1', coefficients: { a: 1, b: 1 }, lower: -Infinity, upper: 1, strict: false },
    ]);
    const [c] = parseConstraints('-(k1 - 3)/2 + log(2)*k2 < 0.5*a - pi', names);
    // −k1/2 + 1.5 + ln2·k2 − 0.5a + π < 0  →  −0.5k1 + ln2·k2 − 0.5a < −1.5 − π
    expect(c.coefficients).toEqual({ k1: -0.5, k2: Math.log(2), a: -0.5 });
    expect(c.upper).toBeCloseTo(-1.5 - Math.PI, 14);
    expect(c.strict).toBe(true);
    expect(splitConstraints('max(a, b) > 1, a < b')).toEqual(['max(a, b) > 1', 'a < b']);
  });

  it('refuses what is not a linear inequality in known parameters, naming it', () => {
    expect(code(() => parseConstraints('k1 * k2 > 1', names))).toEqual({ code: 'constraint-nonlinear', message: expect.stringContaining('"k1 * k2 > 1" is not linear in the parameters (a product of parameters') });
    expect(code(() => parseConstraints('exp(k1) > 1', names))?.message).toContain('a parameter inside exp()');
    expect(code(() => parseConstraints('1/k1 > 1', names))?.code).toBe('constraint-nonlinear');
    expect(code(() => parseConstraints('k1 > kk', names))).toEqual({ code: 'constraint-unknown', message: expect.stringContaining('names "kk", which is not a parameter of the model (its parameters: k1, k2, a, b)') });
    expect(code(() => parseConstraints('k1 = k2', names))?.code).toBe('constraint-syntax');
    expect(code(() => parseConstraints('0 < k1 < k2', names))?.message).toContain('more than one comparison');
    expect(code(() => parseConstraints('k1 - k1 > 0', names))?.code).toBe('constraint-trivial');
    expect(code(() => parseConstraints('k1 > (k2', names))?.code).toBe('constraint-syntax');
  });
});

describe('constrainedSpace', () => {
  const table = (extra: Record<string, { min?: number; max?: number; fixed?: boolean }> = {}) =>
    resolveParameters(names, names.map((name) => ({ name, value: 0.5, ...extra[name] })));

  it('drops a bound the constraints imply (k1 >= k2 >= 0 implies k1 >= 0) and refuses a dependence they do not settle', () => {
    const space = constrainedSpace(parseConstraints('k1 >= k2', names), table({ k1: { min: 0 }, k2: { min: 0 } }));
    expect(space.map.implied).toEqual(['the bounds of k1']);
    expect(feasibleRanges(space)[0]).toEqual([0, Infinity]);
    expect(code(() => constrainedSpace(parseConstraints('a + b <= 1', names), table({ a: { min: 0 }, b: { min: 0 } })))).toEqual({ code: 'constraint-dependent', message: expect.stringContaining('"a + b <= 1", "the bounds of a", "the bounds of b" are linearly dependent') });
    expect(code(() => constrainedSpace(parseConstraints('k1 > k2, k2 > a, a > k1', names), table()))?.code).toBe('constraint-dependent');
  });

  it('merges parallel rows, refuses an empty or an equality set, moves a fixed term into the bound', () => {
    expect(constrainedSpace(parseConstraints('k1 - k2 >= 0, 2*k2 - 2*k1 >= -4', names), table()).map.sources[0]).toEqual(['k1 - k2 >= 0', '2*k2 - 2*k1 >= -4']);
    expect(code(() => constrainedSpace(parseConstraints('k1 >= k2 + 1, k1 <= k2', names), table()))?.code).toBe('constraint-infeasible');
    expect(code(() => constrainedSpace(parseConstraints('k1 >= k2, k1 <= k2', names), table()))?.code).toBe('constraint-equality');
    const fixed = constrainedSpace(parseConstraints('k1 >= 2*k2', names), table({ k2: { fixed: true } }));
    expect(feasibleRanges(fixed)[0]).toEqual([1, Infinity]); // k1 >= 2·0.5
    expect(code(() => constrainedSpace(parseConstraints('k2 >= 1', names), table({ k2: { fixed: true } })))?.code).toBe('constraint-fixed');
  });
});

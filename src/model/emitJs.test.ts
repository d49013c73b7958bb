import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOSS_NAMES } from '../solver/loss';
import { jsNumber } from './jsLiteral';
import { costSource, evaluateSource, jacobianSource, residualsSource } from './kernelSource';
import { normalSource } from './normalSource';
import type { Tape } from './tape';
import { powiValue } from './tapeFns';
import { compiled } from './testUtil.test';

function allSources(tape: Tape): string[] {
  return [
    evaluateSource(tape), residualsSource(tape), jacobianSource(tape),
    ...LOSS_NAMES.flatMap((l) => [costSource(tape, l), normalSource(tape, l)]),
  ];
}

/** Every identifier generated code may contain. */
const FIXED = new Set([
  'use', 'strict', 'return', 'function', 'const', 'let', 'for', 'if', 'else', 'null', 'new',
  'evaluate', 'residuals', 'residualsJacobian', ...LOSS_NAMES.flatMap((l) => [`cost_${l}`, `normal_${l}`]),
  'params', 'vars', 'out', 'start', 'end', 'data', 'y', 'w', 'f', 'J', 'loss', 'acc', 'fScale', 'length',
  'i', 'i0', 'i1', 'o', 'ro', 'r', 'wi', 'q', 'c2', 'rho0', 'rho1', 'rho2', 'Math', 'Float64Array', 'erf', 'erfc',
  'exp', 'log', 'log10', 'log1p', 'sqrt', 'abs', 'sign', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2',
  'sinh', 'cosh', 'tanh', 'min', 'max', 'pow',
]);
const PATTERNS = [/^t\d+(_[rb]\d+)?$/, /^v\d+$/, /^sw\d+$/, /^a\d+_\d+$/, /^[bjh]\d+$/, /^l_[a-z0-9]+$/];

describe('generated JavaScript', () => {
  it('contains no identifier from the model text, only fixed names and slot names', () => {
    const text = 'constructor*x + __proto__*exp(alert) + process^2 + require/eval + Function*globalThis + this*window - document + a1*sin(x*prototype)';
    const model = compiled(text);
    for (const src of allSources(model.tape())) {
      const words = src.match(/(?<![\w$])[A-Za-z_$][\w$]*/g) ?? []; // not the e of 1e-3
      for (const word of words) {
        const allowed = FIXED.has(word) || PATTERNS.some((p) => p.test(word));
        expect(allowed, `unexpected identifier ${word}`).toBe(true);
      }
      for (const name of model.params) if (!FIXED.has(name)) expect(words).not.toContain(name);
    }
  });

  it('instantiates every kernel for every loss for a large model', () => {
    const terms = Array.from({ length: 40 }, (_, i) => `c${i}*exp(-(x - m${i})^2/s${i}^2)`).join(' + ');
    const model = compiled(terms);
    for (const src of allSources(model.tape())) expect(() => new Function('erf', 'erfc', src)).not.toThrow();
  });

  it('writes numeric literals that read back as the same double', () => {
    const readBack = (x: number): number => new Function(`return ${jsNumber(x)};`)() as number;
    fc.assert(fc.property(fc.double(), (x) => {
      expect(Object.is(readBack(x), x)).toBe(true);
    }), { numRuns: 5000 });
    for (const x of [0, -0, NaN, Infinity, -Infinity, 5e-324, -1.7976931348623157e308, 0.1, 1e21, 1e-7]) {
      expect(Object.is(readBack(x), x)).toBe(true);
    }
    expect(jsNumber(-2)).toBe('(-2)');
  });

  it('unrolls powi into exactly the multiplications of powiValue', () => {
    for (let n = -40; n <= 40; n++) {
      const model = compiled(`x^${n < 0 ? `(${n})` : n}`);
      const out = new Float64Array(5);
      const xs = new Float64Array([1.1, -0.7, 3.3e10, -2.5e-7, 0.99999]);
      model.kernels().evaluate(new Float64Array(0), [xs], out, 0, 5);
      xs.forEach((x, i) => expect(Object.is(out[i], n === 0 ? 1 : powiValue(x, n)), `x^${n} at ${x}`).toBe(true));
    }
    expect(powiValue(2, 1000)).toBe(2 ** 1000);
    expect(powiValue(-2, 3)).toBe(-8);
    expect(powiValue(NaN, 0)).toBe(1);
    expect(powiValue(0, -1)).toBe(Infinity);
  });

  it('hoists loop invariants out of the row loop', () => {
    const src = normalSource(compiled('a*exp(-(x-mu)^2/(2*s^2)) + c').tape(), 'linear');
    const loopStart = src.indexOf('for (');
    // 2·s² (and its derivative factor) are computed once, before the loop
    expect(src.indexOf('const t7 = t6 * t6;')).toBeGreaterThan(-1);
    expect(src.indexOf('const t7 = t6 * t6;')).toBeLessThan(loopStart);
    expect((src.match(/Math\.exp\(/g) ?? []).length).toBe(2); // one per loop (unweighted, weighted)
  });
});

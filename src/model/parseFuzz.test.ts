/**
 * Robustness properties: whatever the text, compileModel returns (never throws, never hangs) either
 * a model whose kernels run or an error whose span and line:column point into the text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sweep } from '../../test/sweep';
import { compileModel } from './compile';
import { lineColumn } from './errors';
import { normalLength } from './kernels';
import { LOSS_NAMES } from '../solver/loss';
import { rng } from './testUtil.test';

const COLUMNS = ['x', 't'];

/** Compiles, checks the result's invariants, and (with `run`) runs kernels on it (the loss varies
 *  with the text, so every loss's generated code gets exercised). */
function check(text: string, run = false): void {
  const t0 = performance.now();
  const r = compileModel(text, { columns: COLUMNS });
  // A hang guard, not a speed target: 999 parameters take ~0.8 s quiet (forward-mode derivatives,
  // one pass a parameter: differentiate.ts) and 2 s at a load of 12 on 2 cores.
  expect(performance.now() - t0).toBeLessThan(10_000);
  if (!r.ok) {
    const e = r.error;
    expect(e.code).not.toBe('internal');
    expect(e.message.length).toBeGreaterThan(0);
    expect(0 <= e.start && e.start <= e.end && e.end <= text.length).toBe(true);
    expect(lineColumn(text, e.start)).toEqual({ line: e.line, column: e.column });
    return;
  }
  const m = r.value;
  expect(m.variables.every((v) => COLUMNS.includes(v))).toBe(true);
  if (!run) return;
  const rows = 3;
  const vars = m.variables.map(() => Float64Array.from({ length: rows }, (_, i) => 0.5 + i));
  const params = new Float64Array(m.params.length).fill(0.75);
  const k = m.kernels();
  const out = new Float64Array(rows);
  k.evaluate(params, vars, out, 0, rows);
  const loss = { name: LOSS_NAMES[text.length % LOSS_NAMES.length], fScale: 1 };
  const acc = new Float64Array(normalLength(k.k));
  k.normal(params, { vars, y: new Float64Array(rows), w: null }, loss, acc, 0, rows);
  k.cost(params, { vars, y: new Float64Array(rows), w: new Float64Array(rows).fill(2) }, loss, 0, rows);
}

const SEEDS = [
  'a*exp(-(x-mu)^2/(2*s^2))+c',
  'b1*(x^2 + x*b2)/(x^2 + x*b3 + b4)',
  'b1/((1 + exp(b2 - b3*x))^(1/b4))',
  'b1 - b2*x - atan(b3/(x - b4))/pi',
  'b1*exp(-b2*x) + b3*exp(-(x-b4)^2/b5^2) + b6*exp(-(x-b7)^2/b8^2)',
  '(b1/b2)*exp(-0.5*((x - b3)/b2)^2)',
  'a*sin(w*t + phi)*exp(-t/tau) + min(x, c) - max(abs(x), 1e-3)',
  'atan2(a, x) + pow(x, b) + erf(x/s) - erfc(-x) + sqrt(x^2 + 1) + log10(x + 2)',
];

const TOKENS = ['x', 't', 'a', 'b1', '1', '2.5', '.5', '1e-3', '0', '+', '-', '*', '/', '^', '(', ')', ',', 'exp', 'atan2',
  'pow', 'min', 'sqrt', 'pi', 'e', 'sn', ' ', '\n', '**', '=', '.', 'E', '9e99', '1e999', '😀', '\t'];

describe('the compiler never throws and never hangs', () => {
  it('on random strings (full Unicode)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (s) => check(s)), { numRuns: sweep(3000, 750) });
  });

  it('on random ASCII strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 120 }), (s) => check(s)), { numRuns: sweep(3000, 750) });
  });

  it('on random token soups', () => {
    const soup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((ts) => ts.join(''));
    fc.assert(fc.property(soup, (s) => check(s, true)), { numRuns: sweep(3000, 750) });
  });

  it('on thousands of random mutations of valid models', () => {
    const next = rng(20240601);
    const alphabet = '()+-*/^,. 0123456789eExyabt_';
    let oks = 0;
    for (let n = 0; n < sweep(4000, 1000); n++) {
      let s = SEEDS[n % SEEDS.length];
      const edits = 1 + Math.floor(next() * 3);
      for (let j = 0; j < edits; j++) {
        const at = Math.floor(next() * (s.length + 1));
        const ch = alphabet[Math.floor(next() * alphabet.length)];
        const kind = next();
        if (kind < 0.33) s = s.slice(0, at) + ch + s.slice(at);
        else if (kind < 0.66) s = s.slice(0, at) + s.slice(at + 1);
        else s = s.slice(0, at) + ch + s.slice(at + 1);
      }
      const r = compileModel(s, { columns: COLUMNS });
      if (r.ok) oks++;
      check(s, n % 4 === 0);
    }
    expect(oks).toBeGreaterThan(100); // the mutations do exercise the success path too
  });

  it('on hostile inputs at the length limit', () => {
    const hostile = [
      '('.repeat(10_000), ')'.repeat(10_000), '-'.repeat(9_999) + 'x', 'x^'.repeat(4_999) + 'x',
      '1+'.repeat(4_999) + '1', 'a*'.repeat(4_999) + 'a', 'exp('.repeat(2_000), 'sin(x)'.repeat(1_666),
      'x'.repeat(10_000), '9'.repeat(10_000), '1e'.repeat(5_000), ' '.repeat(10_000), '\n'.repeat(10_000),
      '((x))+'.repeat(1_666) + 'x', Array.from({ length: 999 }, (_, i) => `p${i}`).join('+'),
    ];
    for (const s of hostile) check(s);
  });
});

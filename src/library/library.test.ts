/** The catalogue's contract: ids, expressions that compile in x, formulas, lookups, guess shape. */
import { describe, expect, it } from 'vitest';
import { FUNCTIONS } from '../model';
import { MAX_POLYNOMIAL_DEGREE, MIN_POLYNOMIAL_DEGREE, MODEL_LIBRARY, findModel, polynomial } from './index';
import type { ModelCategory } from './types';
import { compiled, expectValidGuess, gaussianNoise, linspace } from './testUtil.test';

const CATEGORIES: readonly ModelCategory[] = ['basic', 'growth-decay', 'peaks', 'dose-response', 'oscillation', 'physics', 'sums'];

describe('MODEL_LIBRARY', () => {
  it('holds at least 20 models with unique ids', () => {
    expect(MODEL_LIBRARY.length).toBeGreaterThanOrEqual(20);
    expect(new Set(MODEL_LIBRARY.map((m) => m.id)).size).toBe(MODEL_LIBRARY.length);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(MODEL_LIBRARY)).toBe(true);
  });

  it.each(MODEL_LIBRARY.map((m) => [m.id, m] as const))('%s compiles in x with ASCII parameter names', (_, m) => {
    const c = compiled(m.expression);
    expect(c.variables).toEqual(['x']);
    expect(c.params.length).toBeGreaterThan(0);
    for (const p of c.params) {
      expect(p).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      expect(Object.prototype.hasOwnProperty.call(FUNCTIONS, p)).toBe(false);
    }
    expect(m.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(CATEGORIES).toContain(m.category);
    expect(m.name.length).toBeGreaterThan(0);
    expect(m.formula).toMatch(/^[yk] = /);
    expect(m.description.length).toBeGreaterThan(10);
    expect(m.description).not.toMatch(/\n/);
  });

  it.each(MODEL_LIBRARY.map((m) => [m.id, m] as const))('%s guesses every compiled parameter, finite and inside its bounds', (_, m) => {
    const x = linspace(0.5, 10, 40);
    const z = gaussianNoise(5);
    const y = x.map((v) => Math.sin(v) + 0.1 * z() + 2);
    expectValidGuess(m, m.guess(x, y));
  });

  it('flags positive scales with a lower bound of 0 and bounds nothing else but the mix η', () => {
    const bounded = new Set<string>();
    for (const m of MODEL_LIBRARY) {
      for (const g of m.guess(linspace(1, 10, 20), linspace(1, 10, 20))) {
        if (g.positive) expect(g.min).toBe(0);
        else if (g.min !== undefined || g.max !== undefined) bounded.add(`${m.id}.${g.name}`);
      }
    }
    expect([...bounded]).toEqual(['pseudo-voigt.eta']);
    const tau = findModel('exp-decay')!.guess(linspace(0, 5, 10), linspace(5, 1, 10)).find((g) => g.name === 'tau');
    expect(tau?.positive).toBe(true);
  });
});

describe('polynomial(degree)', () => {
  it('builds a0 + a1*x + … with id poly<d> for every allowed degree', () => {
    for (let d = MIN_POLYNOMIAL_DEGREE; d <= MAX_POLYNOMIAL_DEGREE; d++) {
      const m = polynomial(d);
      expect(m.id).toBe(`poly${d}`);
      expect(compiled(m.expression).params).toEqual(Array.from({ length: d + 1 }, (_, k) => `a${k}`));
      expect(polynomial(d)).toBe(m);
    }
    expect(polynomial(3).expression).toBe('a0 + a1*x + a2*x^2 + a3*x^3');
    expect(polynomial(3).formula).toBe('y = a₀ + a₁·x + a₂·x² + a₃·x³');
  });

  it('rejects degrees outside 1–6', () => {
    for (const d of [0, 7, 2.5, -1, Number.NaN]) expect(() => polynomial(d)).toThrow(RangeError);
  });

  it('guesses the least-squares solution itself, even far from the origin', () => {
    const x = linspace(1000, 1010, 30);
    const y = x.map((v) => 3 - 0.5 * (v - 1005) + 0.25 * (v - 1005) ** 2);
    const g = Object.fromEntries(polynomial(2).guess(x, y).map((p) => [p.name, p.value]));
    // 3 − 0.5(x − 1005) + 0.25(x − 1005)² = 0.25x² − 503x + (3 + 502.5 + 252506.25)
    expect(g.a2).toBeCloseTo(0.25, 9);
    expect(g.a1).toBeCloseTo(-503, 6);
    expect(g.a0 / 253011.75).toBeCloseTo(1, 9);
  });
});

describe('findModel', () => {
  it('finds every catalogue entry by id, and poly1 through polynomial()', () => {
    for (const m of MODEL_LIBRARY) expect(findModel(m.id)).toBe(m);
    expect(findModel('poly4')).toBe(polynomial(4));
    expect(findModel('poly1')).toBe(polynomial(1));
  });

  it('returns undefined for unknown ids', () => {
    for (const id of ['', 'nope', 'poly0', 'poly7', 'poly12', 'Gaussian', 'gaussian ']) expect(findModel(id)).toBeUndefined();
  });
});

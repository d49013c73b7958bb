import { describe, expect, it } from 'vitest';
import { solveOde } from './integrate';
import { decay, logistic, logisticExact, oscillator } from './testSystems';
import type { OdeMethod } from './types';

const METHODS: OdeMethod[] = ['dopri5', 'rodas4', 'auto'];
/** Unsorted, repeated, on both sides of t0 = 0.3 and on t0 itself. */
const TIMES = [2.1, 0.3, -1.7, 5, 2.1, 0.31, -0.2, 3.3333, 0.3, -1.7, 4.99];
const T0 = 0.3;

function maxRelErr(got: Float64Array, want: (r: number, i: number) => number, nt: number, n: number): number {
  let e = 0;
  for (let r = 0; r < nt; r++) for (let i = 0; i < n; i++) {
    const w = want(r, i);
    e = Math.max(e, Math.abs(got[r * n + i] - w) / Math.max(Math.abs(w), 1e-3));
  }
  return e;
}

describe.each(METHODS)('%s against analytic solutions', (method) => {
  it('exponential decay, both directions, unsorted and repeated times; error shrinks with rtol', () => {
    const errs: number[] = [];
    for (const rtol of [1e-5, 1e-8, 1e-11]) {
      const sol = solveOde(decay(0.7), T0, [2], TIMES, { method, rtol, atol: 1e-14 });
      expect(sol.status).toEqual({ ok: true });
      const e = maxRelErr(sol.x, (r) => 2 * Math.exp(-0.7 * (TIMES[r] - T0)), TIMES.length, 1);
      expect(e).toBeLessThan(30 * rtol);
      errs.push(e);
    }
    expect(errs[2]).toBeLessThan(errs[0] / 1e3);
    // t0 itself is the initial value, bit for bit
    const sol = solveOde(decay(0.7), T0, [2], TIMES, { method });
    expect(sol.x[1]).toBe(2);
    expect(sol.x[8]).toBe(2);
  });

  it('harmonic oscillator over 6 periods: dense output at 400 random times', () => {
    const w = 2;
    const times = Array.from({ length: 400 }, (_, i) => 10 * Math.sin(i * 12.9898 + 1));
    const sol = solveOde(oscillator(w), 0, [1, 0], times, { method, rtol: 1e-9, atol: 1e-12 });
    expect(sol.status.ok).toBe(true);
    // error relative to the amplitude (1 for x, ω for v): relative errors mean nothing at zeros
    let e = 0;
    times.forEach((t, r) => {
      e = Math.max(e, Math.abs(sol.x[2 * r] - Math.cos(w * t)), Math.abs(sol.x[2 * r + 1] + w * Math.sin(w * t)) / w);
    });
    expect(e).toBeLessThan(2e-8); // global error over 6 periods at rtol 1e-9 (measured 1.7e-9, 1.9e-9)
  });

  it('logistic growth from 1 % of K', () => {
    const times = [0, 1, 2.5, 4, 8, 12, 20, -3];
    const sol = solveOde(logistic(0.9, 100), 0, [1], times, { method, rtol: 1e-8, atol: 1e-12 });
    expect(sol.status.ok).toBe(true);
    expect(maxRelErr(sol.x, (r) => logisticExact(0.9, 100, 1, times[r]), times.length, 1)).toBeLessThan(1e-6);
  });
});

describe('stats and options', () => {
  it('counts steps and evaluations, and respects hmax', () => {
    const free = solveOde(decay(1), 0, [1], [10], { rtol: 1e-6 });
    const capped = solveOde(decay(1), 0, [1], [10], { rtol: 1e-6, hmax: 0.01 });
    expect(capped.stats.accepted).toBeGreaterThanOrEqual(1000);
    expect(free.stats.accepted).toBeLessThan(100);
    expect(free.stats.fevals).toBeGreaterThan(6 * free.stats.accepted);
  });
});

/**
 * SpectralRadius.bounded, the shortcut of method 'auto''s stiffness test: on random matrices its
 * comparison with the limit decides as the full power-iteration estimate does, and above the
 * row-sum norm it is that estimate.
 */
import { describe, expect, it } from 'vitest';
import { SpectralRadius } from './stiffness';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
}

describe('SpectralRadius.bounded', () => {
  it('decides ρ̂ > limit as estimate() does', () => {
    const u = rng(23);
    for (const n of [1, 2, 3, 5]) {
      const rho = new SpectralRadius(n);
      for (let trial = 0; trial < 200; trial++) {
        const J = Float64Array.from({ length: n * n }, () => u() * 10 ** (3 * u()));
        const full = rho.estimate(J);
        for (const limit of [0.5, 1.5, 3, 30, 3000]) {
          const b = rho.bounded(J, limit);
          expect(b > limit).toBe(full > limit);
          expect(b).toBeGreaterThanOrEqual(full * (1 - 1e-12));
        }
      }
    }
  });

  it('is the estimate when the norm exceeds the limit, NaN for a non-finite J', () => {
    const rho = new SpectralRadius(2);
    const J = Float64Array.of(-1000, 1, 0, -0.5);
    expect(rho.bounded(J, 3)).toBe(rho.estimate(J));
    expect(rho.bounded(J, 3)).toBeCloseTo(1000, 6);
    expect(rho.bounded(Float64Array.of(NaN, 0, 0, 1), 3)).toBeNaN();
  });
});

/**
 * A random effect whose variance goes to zero (Ψ singular) is named in a warning (issue 25):
 * simulated logistic growth where Asym varies between groups and xmid does not, every group's
 * rows being its Asym times one noisy curve, so that each group alone would give the same xmid:
 * their spread is zero, below what the noise alone would give, and the ML estimate of xmid's
 * variance is zero. Asym's spread is still estimated near the one the groups were made with.
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/index';
import { mixedFit } from './mixedFit';

/** Seeded normals (an LCG and Box–Muller): the same data every run. */
function normals(seed: number): () => number {
  let s = seed >>> 0;
  const u = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 0.5) / 2 ** 32;
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

describe('a singular Ψ', () => {
  it('says which variance went to zero', () => {
    const z = normals(7);
    const t = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], (v) => v * 100);
    const shape = t.map((v) => 1 / (1 + Math.exp((500 - v) / 150)) + 0.01 * z());
    const groups = Array.from({ length: 30 }, (_, g) => {
      const asym = 200 + 20 * z();
      return { key: `g${g}`, data: { vars: [t], y: shape.map((s) => asym * s), sigma: null } };
    });
    const compiled = compileModel('Asym/(1 + exp((xmid - t)/scal))', { columns: ['t'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const parameters = [{ name: 'Asym', value: 190 }, { name: 'xmid', value: 480 }, { name: 'scal', value: 140 }];
    const fit = mixedFit({ model: compiled.value, groups, parameters, random: ['Asym', 'xmid'], cov: 'diag', method: 'ml' });
    expect(fit.randomSd[1] / fit.sigma).toBeLessThan(1e-3);
    expect(fit.warnings.join(' ')).toMatch(/variance of the random effect of xmid went to zero/);
    expect(fit.warnings.join(' ')).not.toMatch(/effect of Asym/);
    expect(fit.randomSd[0]).toBeGreaterThan(12);
    expect(fit.randomSd[0]).toBeLessThan(28);
    expect(fit.converged, fit.message).toBe(true);
  });
});

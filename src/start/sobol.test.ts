import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Sobol, SOBOL_MAX_DIMENSION } from './sobol';

const ref = JSON.parse(readFileSync(new URL('../../fixtures/scipy/sobol.json', import.meta.url), 'utf8')) as {
  d: number;
  n: number;
  points: number[][];
};

describe('Sobol sequence', () => {
  it("matches scipy.stats.qmc.Sobol(12, scramble=False) point for point", () => {
    const s = new Sobol(ref.d);
    for (let i = 0; i < ref.n; i++) expect(Array.from(s.next())).toEqual(ref.points[i]);
  });

  it('is balanced: each of the 2^k dyadic intervals of every coordinate holds one of the first 2^k points', () => {
    const d = SOBOL_MAX_DIMENSION;
    const s = new Sobol(d, 7);
    const pts = Array.from({ length: 256 }, () => Array.from(s.next()));
    for (let j = 0; j < d; j++) {
      const bins = new Set(pts.map((p) => Math.floor(p[j] * 256)));
      expect(bins.size).toBe(256);
    }
  });

  it('is reproducible for a seed and differs between seeds', () => {
    const a = new Sobol(3, 42);
    const b = new Sobol(3, 42);
    const c = new Sobol(3, 43);
    const pa = Array.from({ length: 5 }, () => Array.from(a.next()));
    expect(Array.from({ length: 5 }, () => Array.from(b.next()))).toEqual(pa);
    expect(Array.from({ length: 5 }, () => Array.from(c.next()))).not.toEqual(pa);
    for (const p of pa) for (const u of p) expect(u >= 0 && u < 1).toBe(true);
  });

  it('skipTo(k) continues exactly as k calls of next would (scipy points, and a seeded run)', () => {
    for (const k of [0, 1, 2, 5, 17, ref.n - 1]) expect(Array.from(new Sobol(ref.d).skipTo(k).next())).toEqual(ref.points[k]);
    const run = new Sobol(5, 9);
    const points = Array.from({ length: 3000 }, () => Array.from(run.next()));
    for (const k of [1023, 1024, 2047, 2999]) {
      const jumped = new Sobol(5, 9).skipTo(k);
      expect(Array.from(jumped.next())).toEqual(points[k]);
      if (k + 1 < points.length) expect(Array.from(jumped.next())).toEqual(points[k + 1]);
    }
  });

  it('refuses a dimension it has no direction numbers for', () => {
    expect(() => new Sobol(SOBOL_MAX_DIMENSION + 1)).toThrow(RangeError);
    expect(() => new Sobol(0)).toThrow(RangeError);
  });
});

/**
 * The 27 NIST StRD models compile, name their parameters as NIST does, and reproduce the certified
 * residual sum of squares at the certified values through the emitted cost kernel (Lanczos1 is
 * below float64 resolution there: see fixtures/nist/README.md and ddInterpret.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LINEAR_LOSS } from '../solver/loss';
import { compiled } from './testUtil.test';

interface NistProblem {
  name: string;
  model: string;
  params: string[];
  certified: { values: number[]; rss: number };
  x?: number[];
  x1?: number[];
  x2?: number[];
  y: number[];
  response_transform?: string;
}

const NIST: NistProblem[] = JSON.parse(readFileSync(new URL('../../fixtures/nist/nist_strd.json', import.meta.url), 'utf8'));

describe('NIST StRD models', () => {
  it('are all there', () => expect(NIST.length).toBe(27));

  for (const p of NIST) {
    it(`${p.name}: RSS at the certified values`, () => {
      const columns = p.x1 ? ['x1', 'x2'] : ['x'];
      const m = compiled(p.model, columns);
      expect([...m.params].sort()).toEqual([...p.params].sort());
      expect(m.variables).toEqual(columns);
      const vars = (p.x1 ? [p.x1, p.x2 ?? []] : [p.x ?? []]).map((c) => Float64Array.from(c));
      const y = Float64Array.from(p.y, (v) => (p.response_transform === 'log' ? Math.log(v) : v));
      const params = Float64Array.from(m.params, (name) => p.certified.values[p.params.indexOf(name)]);
      const rss = m.kernels().cost(params, { vars, y, w: null }, LINEAR_LOSS, 0, y.length);
      const rel = Math.abs(rss - p.certified.rss) / p.certified.rss;
      if (p.name === 'Lanczos1') expect(rss).toBeLessThan(1e-20);
      else expect(rel, `${p.name}: ${rss} vs ${p.certified.rss}`).toBeLessThan(1e-8);
    });
  }
});

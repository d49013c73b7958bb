/**
 * Profile intervals of errors-in-variables fits (issue 24) against fixtures/odr/make_profiles.py,
 * which profiles the closed-form objectives (York's Σ (y − a − b·x)²/(σy² + b²σx²) for a line, the
 * exact orthogonal distance for a circle) with scipy, without ODRPACK or Fitbench.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileEquation, compileModel } from '../../model';
import { odrFit, odrFitResult, odrProfileIntervals } from './index';
import type { OdrInput } from './types';

interface Fixture { name: string; model: string; kind: string; x: number[]; y: number[]; sx: number[]; sy: number[]; beta0: number[] }
interface Reference { estimate: Record<string, number>; sumSquares: number; ci: Record<string, [number, number]> }
const fits: Fixture[] = JSON.parse(readFileSync('fixtures/odr/fits.json', 'utf8')).fits;
const references: Record<string, Reference> = JSON.parse(readFileSync('fixtures/odr/profiles.json', 'utf8'));
const f64 = (a: number[]) => Float64Array.from(a);

function input(name: string): OdrInput {
  const f = fits.find((q) => q.name === name)!;
  const implicit = f.kind === 'implicit';
  const r = implicit ? compileEquation(f.model, { columns: ['x', 'y'] }) : compileModel(f.model, { columns: ['x'] });
  if (!r.ok) throw new Error(r.error.message);
  return {
    model: r.value,
    implicit,
    vars: implicit ? [f64(f.x), f64(f.y)] : [f64(f.x)],
    y: implicit ? null : f64(f.y),
    sigmaY: implicit ? null : f64(f.sy),
    sigmaX: implicit ? [f64(f.sx), f64(f.sy)] : [f64(f.sx)],
    parameters: r.value.params.map((n, i) => ({ name: n, value: f.beta0[i] })),
  };
}

async function profiled(name: string) {
  const inp = input(name);
  const fit = await odrFit(inp);
  const result = odrFitResult(fit, { parameters: inp.parameters, y: inp.y ?? null, w: inp.sigmaY ? inp.sigmaY.map((s) => 1 / s) : null, absoluteSigma: false, confidenceLevel: 0.95, weighting: 'odr' });
  return { fit, profile: await odrProfileIntervals(inp, fit, result) };
}

describe('profile intervals with errors in x', () => {
  for (const name of ['pearson-york', 'circle']) {
    it(`${name}: each end equals the closed-form objective's profile to 1e-6`, async () => {
      const ref = references[name];
      const { fit, profile } = await profiled(name);
      expect(Math.abs(fit.sumSquares - ref.sumSquares) / ref.sumSquares).toBeLessThan(1e-9);
      expect(profile.profiles.map((p) => p.name)).toEqual(Object.keys(ref.ci));
      for (const p of profile.profiles) {
        const [lo, hi] = ref.ci[p.name];
        const width = hi - lo;
        expect(Math.abs((p.lower as number) - lo) / width).toBeLessThan(1e-6);
        expect(Math.abs((p.upper as number) - hi) / width).toBeLessThan(1e-6);
      }
      expect(profile.warnings).toEqual([]);
    });
  }

  it("York's a: the profile interval is asymmetric where the Wald interval is not", async () => {
    const { fit, profile } = await profiled('pearson-york');
    const a = profile.profiles.find((p) => p.name === 'a')!;
    const below = fit.beta[0] - (a.lower as number);
    const above = (a.upper as number) - fit.beta[0];
    expect(above / below).toBeGreaterThan(1.05);
  });
});

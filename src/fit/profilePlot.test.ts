import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { profilePlotData } from '../stats/profilePlot';
import { curveFit } from './curveFit';
import { profileIntervals, profileTau } from './profileFit';

/**
 * The profile plot's τ against R's profile.nls (fixtures/profile/make_profile_curves.R): at every
 * parameter value R's profiler visited, τ from Fitbench's refits equals R's.
 */
const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
const curves = JSON.parse(fixture('profile/profile_curves.json')) as Record<string, Record<string, { value: number[]; tau: number[] }>>;
const reference = JSON.parse(fixture('profile/reference.json')) as Record<string, { model: string; x: string; y: string; start: Record<string, number> }>;

function columns(path: string, keep: (row: Record<string, string>) => boolean = () => true): Record<string, Float64Array> {
  const [head, ...lines] = fixture(path).trim().split('\n');
  const names = head.split(',').map((s) => s.replaceAll('"', ''));
  const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v.replaceAll('"', '')]))).filter(keep);
  return Object.fromEntries(names.map((n) => [n, Float64Array.from(rows, (r) => Number(r[n]))]));
}

const data: Record<string, Record<string, Float64Array>> = {
  puromycin: columns('groups/puromycin.csv', (r) => r.state === 'treated'),
  dnase1: columns('groups/dnase.csv', (r) => r.Run === '1'),
  misra1a: columns('profile/misra1a.csv'),
};

async function fitted(name: string) {
  const ref = reference[name];
  const compiled = compileModel(ref.model, { columns: [ref.x] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const input = {
    model: compiled.value,
    data: { vars: [data[name][ref.x]], y: data[name][ref.y] },
    parameters: Object.entries(ref.start).map(([n, value]) => ({ name: n, value })),
  };
  return { input, result: await curveFit(input) };
}

describe("profile plot data agree with R's profile.nls", () => {
  for (const name of Object.keys(curves)) {
    it(`${name}: τ at R's profile points within 2e-4 (R's refits stop at a relative offset of 1e-6)`, async () => {
      const { input, result } = await fitted(name);
      for (const [param, curve] of Object.entries(curves[name])) {
        const tau = await profileTau(input, result, param, curve.value);
        tau.forEach((t, i) => expect(Math.abs(t - curve.tau[i]), `${param} at ${curve.value[i]}`).toBeLessThan(2e-4));
      }
    });
  }

  it('the plotted points are the profile: τ = 0 at the estimate, ±cutoff at the interval ends, the Wald line through the estimate with slope 1/se', async () => {
    const { input, result } = await fitted('puromycin');
    const { profiles } = await profileIntervals(input, result);
    for (const pr of profiles) {
      const p = result.parameters.find((q) => q.name === pr.name)!;
      const plot = profilePlotData({ name: pr.name, profile: pr, estimate: p.value, se: p.stderr, cutoff: result.tValue });
      expect(plot.value).toEqual([...plot.value].sort((a, b) => a - b));
      expect(plot.tau[plot.value.indexOf(p.value)]).toBe(0);
      // τ rises through the profile (Puromycin's profiles are monotone).
      for (let i = 1; i < plot.tau.length; i++) expect(plot.tau[i]).toBeGreaterThan(plot.tau[i - 1]);
      expect(plot.range[0]).toBeLessThanOrEqual(pr.lower as number);
      expect(plot.range[1]).toBeGreaterThanOrEqual(pr.upper as number);
      const [t0, t1] = plot.wald!.tau;
      expect((t1 - t0) / (plot.range[1] - plot.range[0])).toBeCloseTo(1 / p.stderr, 8);
      expect(t0 + ((p.value - plot.range[0]) / (plot.range[1] - plot.range[0])) * (t1 - t0)).toBeCloseTo(0, 10);
      // The interval's ends are where τ crosses ±cutoff: their τ, refitted, is ∓cutoff.
      const ends = await profileTau(input, result, pr.name, [pr.lower as number, pr.upper as number]);
      expect(ends[0]).toBeCloseTo(-result.tValue, 5);
      expect(ends[1]).toBeCloseTo(result.tValue, 5);
    }
  });

  it('without a finite standard error there is no Wald line', () => {
    const plot = profilePlotData({ name: 'a', profile: { points: [{ value: 1, tau: 0 }], lower: null, upper: null }, estimate: 1, se: Infinity, cutoff: 2 });
    expect(plot.wald).toBeNull();
    expect(plot.range).toEqual([1, 1]);
  });
});

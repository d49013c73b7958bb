import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { curveFit } from './curveFit';
import { profileIntervals } from './profileFit';

/** R's answers (fixtures/profile/make_profile.R): nls fits, MASS::confint and the exact profile ends. */
interface Reference {
  model: string;
  x: string;
  y: string;
  start: Record<string, number>;
  names: string[];
  estimate: number[];
  df: number;
  confintLower: number[];
  confintUpper: number[];
  exactLower: number[];
  exactUpper: number[];
}
const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
const reference = JSON.parse(fixture('profile/reference.json')) as Record<string, Reference>;

/** Columns of a small CSV (quotes stripped), rows kept where `keep` holds. */
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
  thurber: columns('profile/thurber.csv'),
};

async function fitAndProfile(name: string) {
  const ref = reference[name];
  const compiled = compileModel(ref.model, { columns: [ref.x] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const input = {
    model: compiled.value,
    data: { vars: [data[name][ref.x]], y: data[name][ref.y] },
    parameters: Object.entries(ref.start).map(([n, value]) => ({ name: n, value })),
  };
  const result = await curveFit(input);
  return { ref, result, profile: await profileIntervals(input, result) };
}

describe('profile-likelihood intervals agree with R (MASS::confint.nls)', () => {
  for (const name of Object.keys(reference).filter((n) => reference[n].confintLower)) {
    it(`${name}: both ends within 0.2% of the interval width of R's, and 1e-6 of R's exact profile ends (uniroot on nls refits)`, async () => {
      const { ref, result, profile } = await fitAndProfile(name);
      expect(result.stats.dof).toBe(ref.df);
      expect(profile.warnings).toEqual([]);
      ref.names.forEach((p, i) => {
        const got = profile.profiles.find((q) => q.name === p)!;
        const width = ref.exactUpper[i] - ref.exactLower[i];
        expect(Math.abs((got.lower as number) - ref.confintLower[i]) / width).toBeLessThan(2e-3);
        expect(Math.abs((got.upper as number) - ref.confintUpper[i]) / width).toBeLessThan(2e-3);
        // R's exact ends (uniroot on nls refits) agree to ≤ 2e-8 of the width, except Thurber b6's
        // lower end (1.4e-4), where one of R's finite-difference refits stopped short (MASS's own
        // spline end is nearer ours there): that one is held to the 0.2% above only.
        const exactTol = name === 'thurber' && p === 'b6' ? 2e-3 : 1e-6;
        expect(Math.abs((got.lower as number) - ref.exactLower[i]) / width).toBeLessThan(exactTol);
        expect(Math.abs((got.upper as number) - ref.exactUpper[i]) / width).toBeLessThan(1e-6);
        // The profile passes through the estimate and rises on both sides.
        const pts = got.points;
        expect(pts[0].tau).toBeLessThan(-result.tValue * 0.99);
        expect(pts[pts.length - 1].tau).toBeGreaterThan(result.tValue * 0.99);
      });
    });
  }

  it('a linear model: τ is linear, so the profile interval is the Wald interval (analytic)', async () => {
    const x = Float64Array.from({ length: 9 }, (_, i) => i);
    const y = x.map((v, i) => 2 + 0.5 * v + [0.1, -0.2, 0.05, 0.15, -0.1, 0, 0.2, -0.15, -0.05][i]);
    const compiled = compileModel('a + b*x', { columns: ['x'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const input = { model: compiled.value, data: { vars: [x], y }, parameters: [{ name: 'a', value: 0 }, { name: 'b', value: 0 }] };
    const result = await curveFit(input);
    const { profiles } = await profileIntervals(input, result);
    for (const p of result.parameters) {
      const pr = profiles.find((q) => q.name === p.name)!;
      const width = p.ciUpper - p.ciLower;
      expect(Math.abs((pr.lower as number) - p.ciLower) / width).toBeLessThan(1e-7);
      expect(Math.abs((pr.upper as number) - p.ciUpper) / width).toBeLessThan(1e-7);
    }
  });

  it('an undetermined parameter (infinite se) has no profile ends; a fixed one is not profiled', async () => {
    const x = Float64Array.from({ length: 8 }, (_, i) => i);
    const y = x.map((v) => 3 * Math.exp(-0.3 * v) + 0.01 * Math.sin(7 * v));
    const compiled = compileModel('a*exp(b*x) + c*exp(b*x) + d', { columns: ['x'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const input = {
      model: compiled.value,
      data: { vars: [x], y },
      parameters: [{ name: 'a', value: 1 }, { name: 'b', value: -0.2 }, { name: 'c', value: 1 }, { name: 'd', value: 0, fixed: true }],
    };
    const result = await curveFit(input);
    expect(result.undetermined).toEqual(['a', 'c']);
    const { profiles } = await profileIntervals(input, result);
    expect(profiles.map((p) => p.name)).toEqual(['a', 'b', 'c']);
    for (const name of ['a', 'c']) expect(profiles.find((p) => p.name === name)).toMatchObject({ lower: null, upper: null });
    const b = profiles.find((p) => p.name === 'b')!;
    expect(b.lower).toBeLessThan(-0.29);
    expect(b.upper).toBeGreaterThan(-0.31);
  });

  it('a side whose profile never reaches the cutoff is unbounded (null): y = a·x/(b + x) with b far past the data', async () => {
    // Saturation never shows in x ≤ 1 when b ≈ 50: the data fix only a/b, so b (and a) are unbounded above.
    const x = Float64Array.from({ length: 10 }, (_, i) => 0.1 * (i + 1));
    const noise = [0.01, -0.02, 0.015, -0.005, 0.02, -0.01, 0.005, -0.015, 0.01, -0.01];
    const y = x.map((v, i) => (100 * v) / (50 + v) + noise[i]);
    const compiled = compileModel('a*x/(b + x)', { columns: ['x'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const input = { model: compiled.value, data: { vars: [x], y }, parameters: [{ name: 'a', value: 100 }, { name: 'b', value: 50 }] };
    const result = await curveFit(input);
    const { profiles, warnings } = await profileIntervals(input, result);
    const b = profiles.find((p) => p.name === 'b')!;
    expect(b.upper).toBeNull();
    expect(warnings.some((w) => w.includes('"b"') && w.includes('upper'))).toBe(true);
  });
});

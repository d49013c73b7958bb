/**
 * BCa against scipy.stats.bootstrap (fixtures/assay/bca_scipy.py): on scipy's own bootstrap
 * distribution of a mean, with the jackknife of the mean, our BCa and percentile intervals are
 * scipy's. Then the same through bootstrapFit, where a constant model's parameter is the mean of y:
 * the jackknife over rows must give the leave-one-out means, so its BCa is bcaInterval's on its
 * samples with those means.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { bootstrapFit } from './bootstrap';
import { bcaInterval, jackknifeAcceleration, percentileInterval, studentizedInterval } from './bootstrapIntervals';
import { curveFit } from './curveFit';

const ref = JSON.parse(readFileSync(new URL('../../fixtures/assay/bca_scipy.json', import.meta.url), 'utf8')) as { data: number[]; replicates: number[]; bca: [number, number]; percentile: [number, number] };
const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const leaveOneOutMeans = (v: readonly number[]) => v.map((_, i) => mean(v.filter((_, j) => j !== i)));

describe('bootstrap intervals', () => {
  it('BCa and percentile match scipy.stats.bootstrap on the same replicates', () => {
    const theta = mean(ref.data);
    const [lo, hi] = bcaInterval(ref.replicates, theta, leaveOneOutMeans(ref.data), 0.95);
    expect(lo).toBeCloseTo(ref.bca[0], 9);
    expect(hi).toBeCloseTo(ref.bca[1], 9);
    const [plo, phi] = percentileInterval(ref.replicates, 0.95);
    expect(plo).toBeCloseTo(ref.percentile[0], 9);
    expect(phi).toBeCloseTo(ref.percentile[1], 9);
    // Skewed data: a > 0 and the BCa interval moves right of the percentile one.
    expect(jackknifeAcceleration(leaveOneOutMeans(ref.data))).toBeGreaterThan(0.01);
    expect(lo).toBeGreaterThan(plo);
  });

  it('studentized: replicates that are θ̂ + se·t recover the t quantiles', () => {
    // With se* = se and z* = (θ* − θ̂)/se on a symmetric grid, the interval is θ̂ ∓ se·z*₍.975₎.
    const z = Array.from({ length: 101 }, (_, i) => (i - 50) / 25);
    const [lo, hi] = studentizedInterval(z.map((v) => 3 + 0.5 * v), z.map(() => 0.5), 3, 0.2, 0.95);
    expect(lo).toBeCloseTo(3 - 0.2 * 1.9, 12);
    expect(hi).toBeCloseTo(3 + 0.2 * 1.9, 12);
  });

  it('bootstrapFit: the jackknife over rows gives the leave-one-out means of a constant model', async () => {
    const compiled = compileModel('m + 0*x', { columns: ['x'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const y = Float64Array.from(ref.data);
    const input = { model: compiled.value, data: { vars: [Float64Array.from(y, (_, i) => i)], y }, parameters: [{ name: 'm', value: 1 }] };
    const fit = await curveFit(input);
    const boot = await bootstrapFit(input, fit, { kind: 'case', resamples: 300, seed: 9, level: 0.95, interval: 'bca' });
    expect(fit.parameters[0].value).toBeCloseTo(mean(ref.data), 10);
    const expected = bcaInterval(boot.samples.m, mean(ref.data), leaveOneOutMeans(ref.data), 0.95);
    expect(boot.bca!.m[0]).toBeCloseTo(expected[0], 8);
    expect(boot.bca!.m[1]).toBeCloseTo(expected[1], 8);
  });
});

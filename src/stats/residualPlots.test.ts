import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fitReportData } from '../export/report/reportData';
import { curveFit } from '../fit/curveFit';
import { compileModel } from '../model';
import { normalQuantile, plottingPosition } from './normalQuantile';
import { histogram, qqPlot } from './residualPlots';

/** R's answers (fixtures/diagnostics/make_qq.R): qnorm, ppoints, qqnorm of resid/sigma of nls fits. */
const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
const R = JSON.parse(fixture('diagnostics/qq.json')) as {
  p: number[];
  qnorm: number[];
  ppoints5: number[];
  ppoints11: number[];
  puromycin: { theoretical: number[]; sample: number[] };
  dnase: { theoretical: number[]; sample: number[] };
};

function csv(path: string, keep: (row: Record<string, string>) => boolean): Record<string, Float64Array> {
  const [head, ...lines] = fixture(path).trim().split('\n');
  const names = head.split(',').map((s) => s.replaceAll('"', ''));
  const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v.replaceAll('"', '')]))).filter(keep);
  return Object.fromEntries(names.map((n) => [n, Float64Array.from(rows, (r) => Number(r[n]))]));
}

async function qqOfFit(model: string, x: Float64Array, y: Float64Array, start: Record<string, number>) {
  const compiled = compileModel(model, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const data = { vars: [x], y };
  const result = await curveFit({ model: compiled.value, data, parameters: Object.entries(start).map(([name, value]) => ({ name, value })) });
  return fitReportData({ model: compiled.value, data, result, yName: 'y', w: null }).residualPlots;
}

describe('normal quantiles and plotting positions (R: qnorm, ppoints)', () => {
  it('Φ⁻¹ agrees with R to 1e-14 relative across the tails (AS 241)', () => {
    R.p.forEach((p, i) => {
      const want = R.qnorm[i];
      expect(Math.abs(normalQuantile(p) - want)).toBeLessThanOrEqual(1e-14 * Math.max(1, Math.abs(want)));
    });
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.5)).toBeNaN();
  });

  it('ppoints uses a = 3/8 up to n = 10 and 1/2 above', () => {
    R.ppoints5.forEach((p, i) => expect(plottingPosition(i, 5)).toBeCloseTo(p, 15));
    R.ppoints11.forEach((p, i) => expect(plottingPosition(i, 11)).toBeCloseTo(p, 15));
  });
});

describe('Q-Q plot of standardized residuals agrees with R qqnorm(resid(fit)/sigma(fit))', () => {
  it('Puromycin (treated, n = 12)', async () => {
    const d = csv('groups/puromycin.csv', (r) => r.state === 'treated');
    const qq = await qqOfFit('Vm*x/(K+x)', d.conc, d.rate, { Vm: 200, K: 0.05 });
    expect(qq.qq.n).toBe(12);
    qq.qq.theoretical.forEach((t, i) => expect(Math.abs(t - R.puromycin.theoretical[i])).toBeLessThan(1e-13));
    qq.qq.sample.forEach((s, i) => expect(Math.abs(s - R.puromycin.sample[i])).toBeLessThan(1e-7));
  });

  it('DNase (all runs, n = 176; ties in x)', async () => {
    const d = csv('groups/dnase.csv', () => true);
    const qq = await qqOfFit('Asym/(1+exp((xmid-log(x))/scal))', d.conc, d.density, { Asym: 3, xmid: 0, scal: 1 });
    expect(qq.qq.n).toBe(176);
    qq.qq.theoretical.forEach((t, i) => expect(Math.abs(t - R.dnase.theoretical[i])).toBeLessThan(1e-13));
    qq.qq.sample.forEach((s, i) => expect(Math.abs(s - R.dnase.sample[i])).toBeLessThan(1e-7));
  });

  it('a large set is thinned to evenly spaced ranks, keeping both extremes', () => {
    const v = Float64Array.from({ length: 10_001 }, (_, i) => i - 5000);
    const qq = qqPlot(v, 101);
    expect(qq.n).toBe(10_001);
    expect(qq.sample).toHaveLength(101);
    expect(qq.sample[0]).toBe(-5000);
    expect(qq.sample[100]).toBe(5000);
    expect(qq.sample[50]).toBe(0);
    expect(qq.theoretical[50]).toBeCloseTo(0, 12);
  });
});

describe('histogram', () => {
  it("Sturges' bins over the range hold every value once; the normal counts integrate to about n", () => {
    const v = Float64Array.from({ length: 1000 }, (_, i) => normalQuantile((i + 0.5) / 1000));
    const h = histogram(v);
    expect(h.counts).toHaveLength(Math.ceil(Math.log2(1000)) + 1);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(h.edges[0]).toBe(Math.min(...v));
    expect(h.edges.at(-1)).toBe(Math.max(...v));
    // The values are normal quantiles, so the counts follow the expected ones closely.
    const total = h.expected.reduce((a, b) => a + b, 0);
    expect(Math.abs(total - 1000) / 1000).toBeLessThan(0.02);
    h.counts.forEach((c, i) => expect(Math.abs(c - h.expected[i])).toBeLessThan(0.1 * 1000 / h.counts.length + 3));
  });

  it('a constant set gets one unit-wide range instead of a zero width', () => {
    const h = histogram(Float64Array.from([2, 2, 2]));
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(h.edges.at(-1)! - h.edges[0]).toBe(1);
  });
});

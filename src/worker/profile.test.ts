/** Profile intervals and report data of the last fit, through the worker's functions (Node). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../state/slices/settings';
import type { ProfileProgress } from './api';
import { cancelFit, runFit } from './fit';
import { loadText } from './load';
import { profileLastFit } from './profile';
import { lastFitReportData } from './report';
import { session } from './session';

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
const R = JSON.parse(fixture('profile/reference.json')).puromycin as { confintLower: number[]; confintUpper: number[]; exactLower: number[]; exactUpper: number[] };
const plot = { plotVar: 0, logX: false, buckets: 400 };
const mapping = { x: ['conc'], y: 'rate', sigma: null, rows: { where: ['state=treated'], exclude: [] } };
const parameters = [
  { name: 'Vm', value: 200, min: -Infinity, max: Infinity, fixed: false },
  { name: 'K', value: 0.05, min: -Infinity, max: Infinity, fixed: false },
];

async function fitPuromycin() {
  const loaded = loadText(fixture('groups/puromycin.csv'), 'puromycin.csv');
  if (!loaded.ok) throw new Error(loaded.error.message);
  const fit = await runFit({ model: 'Vm*conc/(K+conc)', mapping, parameters, settings: DEFAULT_SETTINGS, ...plot });
  if (!fit.ok) throw new Error(fit.error.message);
  return fit.value.result;
}

describe('profile intervals of the last fit in the worker', () => {
  it("agree with R's exact profile ends (Puromycin treated) and report progress per refit", async () => {
    await fitPuromycin();
    const progress: ProfileProgress[] = [];
    const status = await profileLastFit((p) => progress.push(p));
    if (!status.ok) throw new Error(status.error.message);
    const names = status.value.profiles.map((p) => p.name);
    expect(names).toEqual(['Vm', 'K']);
    status.value.profiles.forEach((p, i) => {
      const width = R.exactUpper[i] - R.exactLower[i];
      expect(Math.abs((p.lower as number) - R.exactLower[i]) / width).toBeLessThan(1e-6);
      expect(Math.abs((p.upper as number) - R.exactUpper[i]) / width).toBeLessThan(1e-6);
    });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ parameter: 'K', index: 1, total: 2 });
    expect(session.fit).toBeNull();
  });

  it('stops when cancelled, answering "cancelled"', async () => {
    await fitPuromycin();
    const running = profileLastFit();
    cancelFit();
    const status = await running;
    expect(status.ok).toBe(false);
    if (!status.ok) expect(status.error.code).toBe('cancelled');
  });

  it('report data: every fitted row, the curve over x, Q-Q of all 12 residuals', async () => {
    const result = await fitPuromycin();
    const status = lastFitReportData();
    if (!status.ok) throw new Error(status.error.message);
    const d = status.value;
    expect(d.rows).toBe(12);
    expect(d.columns.map((c) => [c.name, c.role])).toEqual([['conc', 'x'], ['rate', 'y']]);
    expect(d.curve?.x[0]).toBe(0.02);
    expect(d.residualPlots.qq.n).toBe(12);
    // Standardized residuals: Σr² = n − k when scaled by s = √(χ²/(n − k)).
    const sumSq = d.points.residual.reduce((s, r) => s + r * r, 0);
    expect(sumSq).toBeCloseTo(result.stats.dof, 10);
  });

  it('without a fit: a clear error', async () => {
    loadText('x,y\n1,2\n2,3\n', 'tiny.csv');
    const status = await profileLastFit();
    expect(!status.ok && status.error.code).toBe('no-fit');
    expect(!status.ok && status.error.message).toMatch(/press Fit/);
  });
});

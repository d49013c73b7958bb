/**
 * Errors in x per group on the fit job (issue 24): runGroupJob dispatches a job of data kind
 * 'odr-groups' to steps/odrGroups.ts: York's data (ODRPACK's answer, fixtures/odr/make_fits.py)
 * as a group beside one with too few rows, which fails with its reason while York's is fitted;
 * the global mode to steps/odrGlobal.ts (scipy.odr's stacked fit, fixtures/odr/make_global.py);
 * the clash rules refuse mixed effects, a global implicit fit, the comparison and a job without
 * its group mode.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import type { GroupHost } from './groupHost';
import { runGroupJob } from './groupRun';
import type { FitJob } from './job';
import type { OdrGroupRow } from './steps/odrGroups';
import { JobInputError } from './validate';

const york = (JSON.parse(readFileSync('fixtures/odr/fits.json', 'utf8')).fits as { name: string; x: number[]; y: number[]; sx: number[]; sy: number[]; beta: number[]; sd_beta: number[]; sum_square: number }[]).find((f) => f.name === 'pearson-york')!;
const fixture = JSON.parse(readFileSync('fixtures/odr/global.json', 'utf8')) as { fits: { model: string; shared: string[]; groups: { key: string; x: number[]; y: number[]; sx: number[]; sy: number[] }[]; beta: number[]; sd_beta: number[]; sum_square: number }[] };
const mode = (m: 'global' | 'mixed') => ({ column: 'G', ungrouped: 0, mode: m, shared: [] as string[], compare: false, guess: null, pooledStarts: true });
const host = { now: () => 0, batch: () => Promise.reject(new Error('an errors-in-x group job runs no batch')) } as unknown as GroupHost;
const rows = (n: number) => ({ vars: [Float64Array.from(york.x.slice(0, n))], y: Float64Array.from(york.y.slice(0, n)), sigmaY: Float64Array.from(york.sy.slice(0, n)), sigmaX: [Float64Array.from(york.sx.slice(0, n))], lines: null });

function job(change: Partial<FitJob> = {}): FitJob {
  const model = compileModel('a + b*x', { columns: ['x'] });
  if (!model.ok) throw new Error(model.error.message);
  return {
    model: 'a + b*x',
    ties: [],
    data: { kind: 'odr-groups', model: model.value, implicit: false, groups: [{ key: 'york', data: rows(10) }, { key: 'two', data: rows(2) }] },
    parameters: [{ name: 'a', value: null }, { name: 'b', value: null }],
    options: {},
    objective: 'least-squares',
    varpro: false,
    start: { always: false, starts: null, seed: 0 },
    intervals: 'wald',
    derive: [],
    checkpoint: null,
    backend: 'auto',
    workers: null,
    groups: { column: 'G', ungrouped: 0, mode: 'per-group', shared: [], compare: false, guess: null, pooledStarts: true },
    ...change,
  };
}

describe('odr-groups jobs', () => {
  it("fits York's group to ODRPACK's β and fails the group with too few rows", async () => {
    const run = await runGroupJob(job(), host);
    expect(run.mode).toBe('per-group');
    const [y, two] = run.rows as OdrGroupRow[];
    york.beta.forEach((b, i) => expect(Math.abs(y.params[i] - b) / Math.abs(b)).toBeLessThan(1e-6));
    york.sd_beta.forEach((s, i) => expect(Math.abs(y.stderr[i] - s) / s).toBeLessThan(1e-3));
    expect(Math.abs(y.odr!.sumSquares - york.sum_square) / york.sum_square).toBeLessThan(1e-6);
    expect(two.success).toBe(false);
    expect(two.code).toBe('too-few-rows');
    expect(two.odr).toBeNull();
    expect(run.starts?.searched).toEqual(['a', 'b']);
  });

  it("runs the global mode as one ODR fit (global.json's stacked scipy.odr fit, with starts searched)", async () => {
    const f = fixture.fits[1];
    const m = compileModel(f.model, { columns: ['x'] });
    if (!m.ok) throw new Error(m.error.message);
    const groups = f.groups.map((g) => ({ key: g.key, data: { vars: [Float64Array.from(g.x)], y: Float64Array.from(g.y), sigmaY: Float64Array.from(g.sy), sigmaX: [Float64Array.from(g.sx)], lines: null } }));
    const run = await runGroupJob(job({ data: { kind: 'odr-groups', model: m.value, implicit: false, groups }, groups: { ...mode('global'), shared: f.shared } }), host);
    if (run.mode !== 'global') throw new Error(run.mode);
    expect(run.starts?.searched).toEqual(['a', 'b']);
    f.beta.forEach((b, a) => expect(Math.abs(run.odr!.odr.beta[a] - b) / Math.abs(b)).toBeLessThan(1e-6));
    f.sd_beta.forEach((sd, a) => expect(Math.abs(run.odr!.odr.sdBeta[a] - sd) / sd).toBeLessThan(1e-3));
    expect(Math.abs(run.global.chi2 - f.sum_square) / f.sum_square).toBeLessThan(1e-6);
    expect(run.rows.map((r) => r.key)).toEqual(f.groups.map((g) => g.key));
  });

  it('refuses mixed effects, a global implicit fit, the comparison, and a grouped source without a group mode', async () => {
    await expect(runGroupJob(job({ groups: { ...mode('mixed'), mixed: { random: ['a'], cov: 'diag', method: 'reml', versus: null } } as FitJob['groups'] }), host)).rejects.toMatchObject({ clash: 'odr-groups-mixed' });
    const d = job().data as Extract<FitJob['data'], { kind: 'odr-groups' }>;
    await expect(runGroupJob(job({ data: { ...d, implicit: true }, groups: { ...mode('global'), shared: ['b'] } }), host)).rejects.toMatchObject({ clash: 'odr-global-implicit' });
    await expect(runGroupJob(job({ groups: { ...mode('global'), shared: ['b'], compare: true } }), host)).rejects.toMatchObject({ clash: 'odr-global-compare' });
    await expect(runGroupJob(job({ groups: undefined }), host)).rejects.toBeInstanceOf(JobInputError);
  });
});

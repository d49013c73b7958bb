/**
 * Errors in x per group on the fit job (issue 24): runGroupJob dispatches a job of data kind
 * 'odr-groups' to steps/odrGroups.ts: York's data (ODRPACK's answer, fixtures/odr/make_fits.py)
 * as a group beside one with too few rows, which fails with its reason while York's is fitted;
 * the clash rules refuse shared parameters and a job without its group mode.
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

  it('refuses shared parameters and a grouped source without a group mode', async () => {
    const global = job({ groups: { column: 'G', ungrouped: 0, mode: 'global', shared: ['b'], compare: false, guess: null, pooledStarts: true } });
    await expect(runGroupJob(global, host)).rejects.toMatchObject({ clash: 'odr-groups-per-group' });
    await expect(runGroupJob(job({ groups: undefined }), host)).rejects.toBeInstanceOf(JobInputError);
  });
});

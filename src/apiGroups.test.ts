/**
 * The programmatic API's grouped fits (issue 22): `fitGroups` on a file's columns gives the CLI's
 * --group --json on that file (timings aside), in each mode: per group, global with a comparison,
 * and mixed effects, whose numbers are also nlme's (fixtures/mixed/fits.json, made by R's nlme in
 * fixtures/mixed/make_fits.R).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner } from '../test/cli';
import { fitGroups, FitApiError } from './api';

const run = cliRunner();
const ORANGE = new URL('../fixtures/mixed/orange.csv', import.meta.url);
const MODEL = 'Asym/(1+exp((xmid-age)/scal))';
const P0 = { Asym: 200, xmid: 700, scal: 350 };

/** The Orange file's columns: Tree as text keys, the rest as numbers. */
function orange(): { Tree: string[]; age: number[]; circumference: number[] } {
  const [, ...rows] = readFileSync(ORANGE, 'utf8').trim().split('\n').map((l) => l.split(','));
  return { Tree: rows.map((r) => r[0]), age: rows.map((r) => Number(r[1])), circumference: rows.map((r) => Number(r[2])) };
}

const comparable = (report: Record<string, unknown>) => {
  const { timing: _timing, ...rest } = report;
  return rest;
};

async function cli(...extra: string[]): Promise<Record<string, unknown>> {
  const out = await run('fit', ORANGE.pathname, '--model', MODEL, '--y', 'circumference', '--group', 'Tree', '--p0', 'Asym=200,xmid=700,scal=350', ...extra, '--json');
  expect(out.code).toBe(0);
  return JSON.parse(out.out);
}

describe("import { fitGroups } from 'fitbench'", () => {
  const input = { model: MODEL, data: orange(), y: 'circumference', group: 'Tree', p0: P0 };

  it('gives the CLI\'s --json per group and for a global fit with its comparison', async () => {
    expect(comparable(await fitGroups(input))).toEqual(comparable(await cli()));
    const global = await fitGroups({ ...input, shared: ['xmid', 'scal'], compare: true });
    expect(comparable(global)).toEqual(comparable(await cli('--shared', 'xmid,scal', '--compare')));
    expect(global.mode).toBe('global');
  }, 60_000);

  it("gives the CLI's --json and nlme's numbers for a mixed-effects fit", async () => {
    const api = await fitGroups({ ...input, random: ['Asym'] });
    expect(comparable(api)).toEqual(comparable(await cli('--random', 'Asym')));
    const mixed = api.mixed as { fixed: Record<string, number>; sigma: number; logLik: number; randomSd: Record<string, number> };
    // nlme (fixtures/mixed/fits.json): Asym 191.05, xmid 722.56, scal 344.16, sd(Asym) 31.48, σ 7.846, logLik −131.58458.
    expect(mixed.fixed.Asym).toBeCloseTo(191.05, 1);
    expect(mixed.fixed.xmid).toBeCloseTo(722.56, 1);
    expect(mixed.sigma).toBeCloseTo(7.846, 2);
    expect(mixed.logLik).toBeGreaterThan(-131.58458 - 1e-3);
  }, 60_000);

  it('names the field and the fix for what it cannot fit', async () => {
    await expect(fitGroups({ ...input, group: 'tree' })).rejects.toThrow(/group "tree" is not a column of data \(Tree, age, circumference\)/);
    await expect(fitGroups({ ...input, shared: ['K'] })).rejects.toThrow(/shared: the model has no parameter "K"/);
    await expect(fitGroups({ ...input, shared: ['xmid'], random: ['Asym'] })).rejects.toThrow(FitApiError);
    await expect(fitGroups({ ...input, method: 'reml' })).rejects.toThrow(/likelihood of a mixed-effects fit/);
    await expect(fitGroups({ ...input, group: 'age' })).rejects.toThrow(/also a column of the fit/);
  });
});

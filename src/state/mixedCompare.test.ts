/**
 * The comparison of random structures on the page (issue 25), through the store's actions with
 * the worker's code in this thread: the Orange sample with Asym and xmid random (general Ψ, ML),
 * compared with one random effect fewer and with a diagonal Ψ, gives the CLI's JSON
 * (`--compare-random Asym`, `--compare-random-cov diag`: mixed.comparisons[]) to 1e-9, and R's
 * anova on the same models (fixtures/mixed/compare.json, "orange-diag-full") to 1e-3 in the LR.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliRunner } from '../../test/cli';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { smallerStructures } from '../fit/mixed/smallerStructures';
import type { MixedComparison } from '../fit/mixed/compareMixed';
import { runMixedFit, setRandom } from './actions/mixed';
import { loadSample } from './actions/samples';
import type { SampleEntry } from './slices/view';
import { getState, initialState, setState } from './store';

const SAMPLES = join(import.meta.dirname, '../../public/samples');
const orange = (JSON.parse(readFileSync(join(SAMPLES, 'index.json'), 'utf8')) as SampleEntry[]).find((s) => s.id === 'orange')!;
const anova = (JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/mixed/compare.json'), 'utf8')) as { name: string; lr: number; simple: { logLik: number }; complex: { logLik: number } }[]).find((c) => c.name === 'orange-diag-full')!;
const ORANGE = ['fit', join(SAMPLES, 'orange.csv'), '--model', 'Asym/(1 + exp((xmid - age)/scal))', '--y', 'circumference', '--group', 'Tree', '--p0', 'Asym=192,xmid=728,scal=353', '--random', 'Asym,xmid', '--json'];
const run = cliRunner();
const close = (a: number, b: number, tol = 1e-9) => expect(Math.abs(a - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));

function sameComparison(page: MixedComparison, cli: Record<string, any>): void {
  expect(page.against).toBe(cli.against);
  for (const side of ['simpler', 'richer'] as const) {
    expect([page[side].kind, page[side].random, page[side].cov, page[side].parameterCount]).toEqual([cli[side].kind, cli[side].random, cli[side].cov, cli[side].parameters]);
    for (const k of ['logLik', 'aic', 'bic'] as const) close(page[side][k], cli[side][k]);
  }
  close(page.lr, cli.lr);
  expect(page.df).toBe(cli.df);
  close(page.pValue, cli.pValue);
  close(page.deltaAic, cli.deltaAic);
}

describe('comparing random structures on the page', () => {
  beforeAll(async () => {
    setClient(localClient());
    setState(initialState, true);
    vi.stubGlobal('document', { baseURI: 'http://localhost/' });
    vi.stubGlobal('fetch', async (url: string) => new Response(readFileSync(join(SAMPLES, String(url).split('/').pop()!))));
    expect(await loadSample(orange)).toBe(true);
    setRandom('xmid', true);
  });
  afterAll(() => vi.unstubAllGlobals());

  const [, withoutXmid, diagonal] = smallerStructures({ random: ['Asym', 'xmid'], cov: 'full' });

  it('one random effect fewer, as the CLI compares them (--compare-random Asym)', async () => {
    const s = getState();
    expect([s.groupBy, s.groupMode, s.randomParams, s.randomCov, s.mixedMethod]).toEqual(['Tree', 'mixed', ['Asym', 'xmid'], 'full', 'ml']);
    expect(withoutXmid).toEqual({ random: ['Asym'], cov: 'full' });
    await runMixedFit(withoutXmid);
    expect(getState().mixedError).toBeNull();
    const page = getState().mixed!.comparisons;
    const r = await run(...ORANGE, '--compare-random', 'Asym');
    expect(r.code, r.err).toBe(0);
    const cli = JSON.parse(r.out).mixed.comparisons;
    expect([page.length, cli.length]).toEqual([2, 2]);
    page.forEach((c, i) => sameComparison(c, cli[i]));
  });

  it('a diagonal Ψ, as the CLI (--compare-random-cov diag) and R\'s anova compare them', async () => {
    expect(diagonal).toEqual({ random: ['Asym', 'xmid'], cov: 'diag' });
    await runMixedFit(diagonal);
    expect(getState().mixedError).toBeNull();
    const page = getState().mixed!.comparisons;
    const r = await run(...ORANGE, '--compare-random-cov', 'diag');
    expect(r.code, r.err).toBe(0);
    const cli = JSON.parse(r.out).mixed.comparisons;
    expect([page.length, cli.length]).toEqual([2, 2]);
    page.forEach((c, i) => sameComparison(c, cli[i]));
    expect(Math.abs(page[1].lr - anova.lr)).toBeLessThan(1e-3);
    expect(Math.abs(page[1].simpler.logLik - anova.simple.logLik)).toBeLessThan(1e-3);
    expect(Math.abs(page[1].richer.logLik - anova.complex.logLik)).toBeLessThan(1e-3);
  });
});

/**
 * Grouped ODE fits and grouped fits with errors in x on the page (issues 23, 24, 25), through the
 * store's actions with the worker's code in this thread, against the command line's JSON for the
 * same data (the same job, src/job/groupRun.ts; to 1e-9):
 * - Orange (fixtures/mixed/orange.csv) with the logistic ODE dy/dt = y(1 − y/Asym)/scal,
 *   y(0) = Asym/(1 + e^(xmid/scal)), circumference ~ y: each tree on its own, globally with xmid
 *   and scal shared, and with a random Asym (mixed effects); each group's curve is the integration;
 * - Puromycin (fixtures/groups/puromycin.csv) with a σ of conc: each state on its own and globally
 *   (K shared) by ODR, as --sigma-x --group [--shared]; "Mixed effects" is refused with the job's reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { setAssay } from './actions/assay';
import { cancelGroupFits, runGroupFits } from './actions/batch';
import { loadText, setMapping } from './actions/data';
import { compareWithSeparate, runGlobalFit, setGroupMode, setShared } from './actions/global';
import { setGroupBy } from './actions/groups';
import { runMixedFit, setRandom } from './actions/mixed';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { setSigmaXColumn } from './actions/settings';
import { odrMixedBlocker } from './selectors/fitBlockers';
import { getState, initialState, setState, store } from './store';

const FIX = join(import.meta.dirname, '..', '..', 'fixtures');
const ORANGE = join(FIX, 'mixed', 'orange.csv');
const LOGISTIC = 'dy/dt = y*(1 - y/Asym)/scal; y(0) = Asym/(1+exp(xmid/scal)); circumference ~ y';
const P0 = { Asym: 192, xmid: 728, scal: 353 };
const run = cliRunner();
const close = (a: number, b: number, tol = 1e-9) => expect(Math.abs(a - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));

async function cli(...args: string[]): Promise<any> {
  const r = await run('fit', ...args, '--json');
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out);
}

/** Each page row's parameters (in `names`' order) equal the CLI group's. */
function sameGroups(names: readonly string[], rows: readonly { key: string; params: Float64Array }[], groups: { group: string; params: Record<string, number> }[]): void {
  expect(rows.map((r) => r.key)).toEqual(groups.map((g) => g.group));
  rows.forEach((row, i) => names.forEach((n, j) => close(row.params[j], groups[i].params[n])));
}

describe('grouped ODE fits on the page', () => {
  beforeEach(async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(readFileSync(ORANGE, 'utf8'), 'orange.csv')).toBe(true);
    await setMapping({ x: ['age'], y: 'circumference' });
    setModelText(LOGISTIC);
    for (const [name, value] of Object.entries(P0)) setParamValue(name, value);
    await setGroupBy('Tree');
  });
  const p0 = ['--p0', 'Asym=192,xmid=728,scal=353'];
  const base = [ORANGE, '--model', LOGISTIC, '--time', 'age', '--group', 'Tree', ...p0];

  it('each group: every tree integrated and fitted on its own, as the CLI fits it; each curve is the integration', async () => {
    setGroupMode('each');
    await runGroupFits();
    const s = getState();
    expect(s.batchError).toBeNull();
    const b = s.batch!;
    const ref = await cli(...base);
    expect(ref.mode).toBe('per-group');
    sameGroups(b.names, b.rows, ref.groups);
    b.rows.forEach((r, i) => close(r.cost, ref.groups[i].cost));
    // The drawn curve at the last observation time is the logistic's closed form there (the ODE's solution).
    const o = b.overlay[0];
    const [asym, xmid, scal] = ['Asym', 'xmid', 'scal'].map((n) => b.rows[0].params[b.names.indexOf(n)]);
    const tEnd = o.curve!.x[o.curve!.x.length - 1];
    expect(tEnd).toBe(Math.max(...o.x));
    expect(Math.abs(o.curve!.y[o.curve!.y.length - 1] - asym / (1 + Math.exp((xmid - tEnd) / scal)))).toBeLessThan(1e-3);
  });

  it('each group: progress after every tree, and Cancel keeps the trees done', async () => {
    setGroupMode('each');
    const seen: number[] = [];
    const off = store.subscribe((st) => {
      const p = st.batchProgress;
      if (st.batchStatus === 'running' && p && seen.at(-1) !== p.done) {
        seen.push(p.done);
        if (p.done === 2) cancelGroupFits();
      }
    });
    await runGroupFits();
    off();
    const s = getState();
    expect(seen.slice(0, 2)).toEqual([1, 2]);
    expect(s.batchStatus).toBe('cancelled');
    expect(s.batch!.rows.length).toBeGreaterThanOrEqual(2);
    expect(s.batch!.rows.length).toBeLessThan(5);
  });

  it('each group with the assay card\'s bootstrap on: refused with the reason, not fitted without it', async () => {
    setGroupMode('each');
    setAssay({ bootstrap: true });
    await runGroupFits();
    expect(getState().batchError?.code).toBe('groups-bootstrap');
    expect(getState().batchError?.message).toMatch(/turn it off in the assay card/);
  });

  it('global: xmid and scal shared, Asym per tree, as the CLI (--shared xmid,scal)', async () => {
    setGroupMode('global');
    setShared('xmid', true);
    setShared('scal', true);
    await runGlobalFit();
    const s = getState();
    expect(s.globalError).toBeNull();
    const g = s.global!;
    const ref = await cli(...base, '--shared', 'xmid,scal');
    expect(ref.mode).toBe('global');
    expect(g.shared).toEqual(['xmid', 'scal'].filter((n) => g.names.includes(n)).sort((a, b) => g.names.indexOf(a) - g.names.indexOf(b)));
    sameGroups(g.names, g.rows, ref.groups);
    close(g.cost, ref.cost);
    expect(g.overlay.every((o) => o.curve !== null)).toBe(true);
    // Against each tree on its own (--compare): the F test and AICc.
    await compareWithSeparate();
    expect(getState().comparisonError).toBeNull();
    const c = getState().comparison!.comparison;
    const cmp = (await cli(...base, '--shared', 'xmid,scal', '--compare')).comparison;
    expect([c.dfNumerator, c.dfDenominator]).toEqual(cmp.df);
    close(c.F, cmp.F);
    close(c.p, cmp.p);
    expect(c.verdict).toBe(cmp.verdict);
  });

  it('mixed effects: a random Asym, as the CLI (--random Asym): fixed effects, σ, random SD, log-likelihood', async () => {
    setGroupMode('mixed');
    setRandom('Asym', true);
    await runMixedFit();
    const s = getState();
    expect(s.mixedError).toBeNull();
    const m = s.mixed!;
    const ref = await cli(...base, '--random', 'Asym');
    const mixed = ref.mixed;
    m.mixed.names.forEach((n, i) => close(m.mixed.fixed[i], mixed.fixed[n]));
    close(m.mixed.sigma, mixed.sigma);
    close(m.mixed.randomSd[0], mixed.randomSd.Asym);
    close(m.mixed.logLik, mixed.logLik);
    expect(m.overlay).toHaveLength(5);
    expect(m.overlay.every((o) => o.curve !== null)).toBe(true);
  });
});

describe('grouped fits with errors in x on the page', () => {
  // Puromycin with a σ of conc (10% + 0.005) beside its columns.
  const rows = readFileSync(join(FIX, 'groups', 'puromycin.csv'), 'utf8').trim().split(/\r?\n/);
  const text = [`${rows[0]},"sx"`, ...rows.slice(1).map((l) => `${l},${(0.1 * Number(l.split(',')[0]) + 0.005).toPrecision(6)}`)].join('\n') + '\n';
  const data = tempFiles('fitbench-page-odr-groups').file('puromycin_sx.csv', text);
  const base = [data, '--model', 'Vm*conc/(K + conc)', '--y', 'rate', '--sigma-x', 'sx', '--group', 'state', '--p0', 'Vm=200,K=0.1'];

  beforeEach(async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(text, 'puromycin_sx.csv')).toBe(true);
    await setMapping({ x: ['conc'], y: 'rate', sigma: null });
    setModelText('Vm*conc/(K + conc)');
    setParamValue('Vm', 200);
    setParamValue('K', 0.1);
    await setGroupBy('state');
    await setSigmaXColumn('conc', 'sx');
  });

  it('each group by ODR, as the CLI (--sigma-x sx --group state)', async () => {
    setGroupMode('each');
    await runGroupFits();
    const s = getState();
    expect(s.batchError).toBeNull();
    const ref = await cli(...base);
    expect(ref.groups[0].odr).toBeTruthy();
    sameGroups(s.batch!.names, s.batch!.rows, ref.groups);
    s.batch!.rows.forEach((r, i) => close(r.cost, ref.groups[i].cost));
    // Not the ordinary fit with x exact: the σ of x moves K by far more than the tolerance.
    const exact = await cli(...base.filter((a, i) => a !== '--sigma-x' && base[i - 1] !== '--sigma-x'));
    expect(Math.abs(exact.groups[0].params.K - ref.groups[0].params.K)).toBeGreaterThan(1e-4 * ref.groups[0].params.K);
  });

  it('globally by one ODR fit with K shared, as the CLI (--shared K); mixed effects refused with the reason', async () => {
    setGroupMode('global');
    setShared('K', true);
    await runGlobalFit();
    const s = getState();
    expect(s.globalError).toBeNull();
    const ref = await cli(...base, '--shared', 'K');
    expect(ref.mode).toBe('global');
    sameGroups(s.global!.names, s.global!.rows, ref.groups);
    close(s.global!.cost, ref.cost);
    expect(odrMixedBlocker(getState())).toMatch(/Mixed effects do not run with errors in x/);
    setGroupMode('mixed');
    setRandom('Vm', true);
    await runMixedFit();
    expect(getState().mixedError?.code).toBe('odr-groups-mixed');
  });
});

/**
 * Grouped ODE fits in links (issues 23, 25): the Orange page with the logistic ODE, fitted by
 * tree in each mode (each tree alone; global with xmid and scal shared; mixed effects with a
 * random Asym, diagonal Ψ, REML), makes a link carrying the statements, the time column, the
 * group column and mode and the integration; opened on a blank page it restores them, refits on
 * its own (to 1e-5: see fromStarts), and from the original's starts refits to the original fit's
 * numbers to 1e-9 (the same job on the same data).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeSpec } from '../share/index';
import { runGroupFits } from './actions/batch';
import { runGlobalFit, setGroupMode, setShared } from './actions/global';
import { openLink, planCurrentLink } from './actions/link';
import { runMixedFit, setRandom } from './actions/mixed';
import { globalFitRequest } from './requests/globalFit';
import { LOGISTIC, orangeOdePage } from '../../test/orangeOdePage';
import { setParamValue } from './actions/params';
import { getState, initialState, setState } from './store';

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));

const orangePage = () => orangeOdePage({ method: 'rodas4', rtol: 1e-8, atol: 1e-10 });

/** The parameter table's values (the group fit's starts). */
const starts = () => getState().params.map((p) => [p.name, p.value] as const);

/**
 * The link carries the parameter table, which the pooled fit has moved to its optimum, and an
 * opened link fits the pooled fit again from there before the group fit (actions/link.ts), so the
 * automatic refit starts a pooled refit's step away from the original's and agrees to the group
 * fit's convergence (~1e-6 on Orange's seven points per tree). From the original's starts, the
 * restored page refits to 1e-9: `fromStarts` sets them and runs the mode's fit again.
 */
async function fromStarts(table: readonly (readonly [string, number | null])[], fit: () => Promise<void>): Promise<void> {
  for (const [name, value] of table) setParamValue(name, value);
  await fit();
}
const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(b)));

/** The page's link, decoded (to check what it carries), then opened on a blank page. */
async function reopen(): Promise<ReturnType<typeof decodeSpec>> {
  const plan = await planCurrentLink();
  if (!plan.ok) throw new Error(plan.error.message);
  expect(plan.value.dataIncluded).toBe(true);
  const decoded = decodeSpec(plan.value.fragment);
  setState(initialState, true);
  expect(await openLink(plan.value.fragment)).toBe(true);
  const s = getState();
  expect(s.modelText).toBe(LOGISTIC);
  expect(s.groupBy).toBe('Tree');
  expect(s.ode).toEqual({ method: 'rodas4', rtol: 1e-8, atol: 1e-10 });
  expect(s.linkNotice).toMatch(/ran again/);
  return decoded;
}

describe('a grouped ODE page through a link', () => {
  beforeEach(orangePage);

  it('each tree on its own: reopened, every tree refits to the same parameters and cost', async () => {
    setGroupMode('each');
    const table = starts();
    await runGroupFits();
    const before = getState().batch!;
    expect(getState().batchError).toBeNull();
    const decoded = await reopen();
    expect(decoded).toMatchObject({ ok: true, spec: { columns: { x: ['age'], y: 'circumference' }, groups: { column: 'Tree', mode: 'each' }, ode: { method: 'rodas4' } } });
    expect(getState().groupMode).toBe('each');
    getState().batch!.rows.forEach((r, i) => r.params.forEach((v, j) => near(v, before.rows[i].params[j])));
    await fromStarts(table, runGroupFits);
    const after = getState().batch!;
    expect(after.rows.map((r) => r.key)).toEqual(before.rows.map((r) => r.key));
    after.rows.forEach((r, i) => {
      r.params.forEach((v, j) => close(v, before.rows[i].params[j]));
      close(r.cost, before.rows[i].cost);
    });
  });

  it('global with xmid and scal shared: reopened with the shared marks, the same joint fit', async () => {
    setGroupMode('global');
    setShared('xmid', true);
    setShared('scal', true);
    const table = starts();
    const request = globalFitRequest(getState(), 'Tree');
    await runGlobalFit();
    const before = getState().global!;
    expect(getState().globalError).toBeNull();
    const decoded = await reopen();
    expect(decoded).toMatchObject({ ok: true, spec: { groups: { column: 'Tree', mode: 'global', shared: ['scal', 'xmid'] } } });
    expect([...getState().sharedParams].sort()).toEqual(['scal', 'xmid']);
    near(getState().global!.cost, before.cost);
    await fromStarts(table, runGlobalFit);
    // The same request as the original's: model, time column, groups, shared, settings, integration, starts.
    expect(globalFitRequest(getState(), 'Tree')).toEqual(request);
    const after = getState().global!;
    close(after.cost, before.cost);
    after.rows.forEach((r, i) => r.params.forEach((v, j) => close(v, before.rows[i].params[j])));
  });

  it('mixed effects with a random Asym, diagonal Ψ, REML: reopened with them, the same fixed effects, σ, random SD and log-likelihood', async () => {
    setGroupMode('mixed');
    setRandom('Asym', true);
    setState({ randomCov: 'diag', mixedMethod: 'reml' });
    const table = starts();
    await runMixedFit();
    expect(getState().mixedError).toBeNull();
    const before = getState().mixed!.mixed;
    const decoded = await reopen();
    near(getState().mixed!.mixed.logLik, before.logLik);
    await fromStarts(table, runMixedFit);
    expect(decoded).toMatchObject({ ok: true, spec: { groups: { mode: 'mixed', mixed: { random: ['Asym'], cov: 'diag', method: 'reml' } } } });
    const s = getState();
    expect([s.randomParams, s.randomCov, s.mixedMethod]).toEqual([['Asym'], 'diag', 'reml']);
    const after = s.mixed!.mixed;
    expect(after.names).toEqual(before.names);
    after.fixed.forEach((v, i) => close(v, before.fixed[i]));
    close(after.sigma, before.sigma);
    close(after.randomSd[0], before.randomSd[0]);
    close(after.logLik, before.logLik);
  });
});

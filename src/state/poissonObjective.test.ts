/**
 * The Poisson objective on the page (issue 10, "Weighting"): Solver options › Objective "Poisson
 * likelihood" fits counts by maximum likelihood in the worker. Against R's glm (poisson family,
 * log link: the same model A·e^(−kt); fixtures/poisson/make_poisson.R): values, Fisher-information
 * errors and the deviance. The choice travels in links (written only when chosen) and the exported
 * command (--mle poisson); group fits, profiles and VarPro refuse it with a reason.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { cliCommand } from '../export/cliCommand';
import { decodeSpec, encodeSpec, specToJson } from '../share/index';
import { runGroupFits } from './actions/batch';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { setGroupBy } from './actions/groups';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { setObjective, setSettings } from './actions/settings';
import { loadReportData, runProfile } from './actions/uncertainty';
import { currentSpec } from './selectors/spec';
import { getState, initialState, setState } from './store';

const R = JSON.parse(readFileSync(new URL('../../fixtures/poisson/poisson.json', import.meta.url), 'utf8')) as { t: number[]; y: number[]; A: number; k: number; se_A: number; se_k: number; deviance: number };
const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

async function poissonFitOfCounts(): Promise<void> {
  setState(initialState, true);
  expect(await loadText(['t,counts,run', ...R.t.map((t, i) => `${t},${R.y[i]},${i % 2}`)].join('\n'), 'counts.csv')).toBe(true);
  setModelText('A*exp(-k*t)');
  setParamValue('A', 30);
  setParamValue('k', 0.2);
  setObjective('poisson');
  await runFit();
}

describe('the Poisson objective on the page', () => {
  beforeAll(() => setClient(localClient()));

  it("fits the counts like R's glm: values, Fisher-information errors and the deviance", async () => {
    await poissonFitOfCounts();
    expect(getState().fitError).toBeNull();
    expect(getState().fitStatus).toBe('done');
    const o = getState().outcome!;
    const p = new Map(o.result.parameters.map((q) => [q.name, q]));
    expect(relative(p.get('A')!.value, R.A)).toBeLessThan(1e-7);
    expect(relative(p.get('k')!.value, R.k)).toBeLessThan(1e-7);
    expect(relative(p.get('A')!.stderr!, R.se_A)).toBeLessThan(1e-5);
    expect(relative(p.get('k')!.stderr!, R.se_k)).toBeLessThan(1e-5);
    expect(o.poisson!.converged).toBe(true);
    expect(relative(o.poisson!.deviance, R.deviance)).toBeLessThan(1e-7);
    // The statistic beside the parameters is the deviance the fit minimised.
    expect(relative(getState().curve!.deviance!, R.deviance)).toBeLessThan(1e-7);
    // The residual plots show Pearson residuals (y − μ)/√μ, scaled by √(χ²/ν): their squares sum to ν.
    await loadReportData();
    const report = getState().reportData;
    expect(report.status).toBe('done');
    const r = report.data!.residualPlots.qq.sample;
    expect(r).toHaveLength(20);
    expect(relative(r.reduce((a, v) => a + v * v, 0), o.result.stats.dof)).toBeLessThan(1e-6);
  });

  it('travels in a link and the exported command; group fits and profiles refuse it with a reason', async () => {
    await poissonFitOfCounts();
    const spec = currentSpec(getState());
    expect(JSON.parse(specToJson(spec)).settings).toMatchObject({ objective: 'poisson' });
    const back = decodeSpec(await encodeSpec(spec));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.spec.settings.objective).toBe('poisson');
    expect(cliCommand(spec, { csvFileName: 'counts.csv' })).toContain('--mle poisson');

    await runProfile();
    expect(getState().profileRun.status).toBe('error');
    expect(getState().profileRun.error?.message).toMatch(/Poisson likelihood; profile intervals .* least-squares tools/);

    await setGroupBy('run');
    await runGroupFits();
    expect(getState().batchStatus).toBe('error');
    expect(getState().batchError!.message).toMatch(/^Group fits are least-squares fits/);

    // Least squares again: the link is as before the option existed.
    setSettings({ objective: 'least-squares' });
    expect(JSON.parse(specToJson(currentSpec(getState()))).settings).not.toHaveProperty('objective');
  });
});

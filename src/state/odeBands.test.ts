/**
 * The page's ODE fit draws each observed column's 95% bands (issue 23): the delta method through
 * the sensitivities, checked here against central finite differences of the integrated solution
 * (plot/odeCurve.ts integrateAt at p ± h) with the fit's covariance; the preview keeps them at the
 * fit's parameters and drops them at others (a slider moved).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { getClient, setClient } from '../client/worker';
import { compileOde } from '../model/odeCompile';
import { parseStatements } from '../model/statements';
import { integrateAt } from '../plot/odeCurve';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { editModel } from './actions/modelEdit';
import { setParamValue } from './actions/params';
import { getState, initialState, setState } from './store';

const root = join(import.meta.dirname, '..', '..');
const csv = readFileSync(join(root, 'public', 'samples', 'lotka_volterra.csv'), 'utf8');
const lv = JSON.parse(readFileSync(join(root, 'fixtures', 'ode', 'lotka_volterra.json'), 'utf8')) as { model: string; starts: { good: Record<string, number> } };

describe('bands of an ODE fit on the page', () => {
  beforeEach(async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'lotka_volterra.csv')).toBe(true);
    await editModel(lv.model);
    for (const [name, value] of Object.entries(lv.starts.good)) setParamValue(name, value);
    await runFit();
    expect(getState().fitStatus).toBe('done');
  });

  it('each response’s confidence band is t·√(gᵀCg) with g from central finite differences of the solution, to 1e-5', () => {
    const { result, curve } = getState().outcome!;
    const ode = curve.ode!;
    expect(curve.confidence).not.toBeNull();
    const spec = parseStatements(lv.model, { columns: ['t', 'Hare', 'Lynx'] });
    if (!spec.ok) throw new Error(spec.error.message);
    const model = compileOde(spec.value);
    if (!model.ok) throw new Error(model.error.message);
    const names = model.value.spec.params;
    const p = Float64Array.from(names, (n) => result.parameters.find((q) => q.name === n)!.value);
    const picks = [3, Math.floor(ode.grid.length / 2), ode.grid.length - 2];
    const times = Float64Array.from(picks, (i) => ode.grid[i]);
    const k = names.length;
    const nt = times.length;
    const grads = new Float64Array(2 * nt * k); // [response][time][parameter]
    names.forEach((_, j) => {
      const h = 1e-6 * Math.abs(p[j]);
      const up = Float64Array.from(p);
      const down = Float64Array.from(p);
      up[j] += h;
      down[j] -= h;
      const a = integrateAt(model.value, up, times, { rtol: 1e-13, atol: 1e-13 }).values;
      const b = integrateAt(model.value, down, times, { rtol: 1e-13, atol: 1e-13 }).values;
      for (let c = 0; c < 2; c++) for (let r = 0; r < nt; r++) grads[(c * nt + r) * k + j] = (a[c * nt + r] - b[c * nt + r]) / (2 * h);
    });
    ode.series.forEach((s, c) => {
      picks.forEach((i, r) => {
        let v = 0;
        for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) v += grads[(c * nt + r) * k + a] * result.pcov[a * k + b] * grads[(c * nt + r) * k + b];
        const want = result.tValue * Math.sqrt(v);
        const got = (s.confidence!.upper[i] - s.confidence!.lower[i]) / 2;
        expect(Math.abs(got - want) / want, `${s.column} at t = ${ode.grid[i]}`).toBeLessThan(1e-5);
        // Unweighted: a new observation adds s² = χ²/ν.
        const pred = (s.prediction!.upper[i] - s.prediction!.lower[i]) / 2;
        expect(pred).toBeCloseTo(result.tValue * Math.sqrt(v + result.stats.chi2 / result.stats.dof), 6);
      });
    });
  });

  it('the preview keeps the bands at the fit’s parameters and draws none at others', async () => {
    const s = getState();
    const params = Float64Array.from(s.outcome!.result.parameters, (q) => q.value);
    const request = { model: s.modelText, mapping: s.mapping, params, plotVar: 0, logX: true, buckets: 400 };
    const same = await getClient().curve(request);
    if (!same.ok) throw new Error(same.error.message);
    expect(same.value.ode!.series.every((o) => o.confidence && o.prediction)).toBe(true);
    const moved = Float64Array.from(params);
    moved[0] *= 1.01;
    const other = await getClient().curve({ ...request, params: moved });
    if (!other.ok) throw new Error(other.error.message);
    expect(other.value.confidence).toBeNull();
    expect(other.value.ode!.series.every((o) => !o.confidence)).toBe(true);
  });
});

/**
 * `fitbench fit` with an ODE model, `--ci profile` and `--predict t=…` (issue 23): the A→B→C CSV
 * (σ columns) gives the profile intervals and the confidence intervals of scipy's closed-form
 * reference (fixtures/ode/make_uncertainty.py: Bateman's solution, brute-force profile refits,
 * complex-step delta method), each response at the new times named in `predicted`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner } from '../../test/cli';

const run = cliRunner();
const REF = JSON.parse(readFileSync('fixtures/ode/uncertainty.json', 'utf8'));
const W = REF.fits.weighted as { model: string; profile: Record<string, [number, number]>; bands: Record<string, { values: number[]; confidence: number[] }> };

describe('fitbench fit with an ODE model: profile intervals and predictions', () => {
  it('--ci profile --predict: scipy\'s profile ends and delta-method intervals; prediction intervals null beside σ columns', async () => {
    const r = await run('fit', 'fixtures/ode/abc_kinetics.csv', '--model', W.model.split('\n').join('; '), '--p0', 'k1=0.3,k2=0.1,A0=9', '--ci', 'profile', '--predict', `t=${REF.times.join(',')}`, '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.ciMethod).toBe('profile');
    for (const [name, [lo, hi]] of Object.entries(W.profile)) {
      expect(Math.abs(j.ci[name][0] - lo) / (hi - lo), `${name} lower`).toBeLessThan(1e-6);
      expect(Math.abs(j.ci[name][1] - hi) / (hi - lo), `${name} upper`).toBeLessThan(1e-6);
    }
    expect(j.predicted).toHaveLength(2 * REF.times.length);
    for (const p of j.predicted) {
      const i = REF.times.indexOf(p.x);
      const want = W.bands[p.response];
      expect(Math.abs(p.y - want.values[i]) / want.values[i]).toBeLessThan(1e-7);
      expect(Math.abs((p.confUpper - p.confLower) / 2 - want.confidence[i]) / want.confidence[i], `${p.response} at ${p.x}`).toBeLessThan(1e-6);
      expect(p.predLower).toBeNull();
    }
  }, 30_000);

  it('refuses --predict by another column than the time, and --ci profile per group, saying what to do', async () => {
    const wrong = await run('fit', 'fixtures/ode/abc_kinetics.csv', '--model', W.model.split('\n').join('; '), '--p0', 'k1=0.3,k2=0.1,A0=9', '--predict', 'B=1');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/--predict: the ODE model's time column is t, not "B"/);
    const grouped = await run('fit', 'fixtures/ode/abc_kinetics.csv', '--model', W.model.split('\n').join('; '), '--p0', 'k1=0.3,k2=0.1,A0=9', '--ci', 'profile', '--group', 'B_sd');
    expect(grouped.code).toBe(2);
    expect(grouped.err).toMatch(/--ci profile does not run with an ODE model fitted per group/);
  });
});

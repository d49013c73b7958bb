/**
 * `fitbench fit` with an ODE model (issue 23): the Lotka–Volterra CSV gives scipy's fit in --json
 * (fixtures/ode/make_lv_fit.py: solve_ivp DOP853 + least_squares), with the fields of a
 * closed-form fit plus `ode`; a one-state model observes --y; --model-file errors say
 * PATH:line:column; a missing --p0 runs the start search; what does not run with an ODE model is
 * refused in the options' words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const run = cliRunner();
const { file } = tempFiles('fitbench-ode');
const LV = 'fixtures/ode/lv_fit.csv';
const REF = JSON.parse(readFileSync('fixtures/ode/lv_fit_scipy.json', 'utf8')) as { model: string; names: string[]; start: number[]; params: number[]; stderr: number[]; rss: number; r2: Record<string, number> };
const P0 = REF.names.map((n, i) => `${n}=${REF.start[i]}`).join(',');
const STATEMENTS = REF.model.split('; ').join('\n');

// A(t) = 5·exp(−0.3·t) exactly, at unsorted minutes with a replicate, in a column not named t.
const minutes = [4, 0.5, 2, 8, 1, 2, 6, 3];
const decay = file('decay.csv', 'minutes,conc\n' + minutes.map((m) => `${m},${5 * Math.exp(-0.3 * m)}`).join('\n') + '\n');

describe('fitbench fit with an ODE model', () => {
  it('the Lotka–Volterra CSV gives scipy\'s fit in --json: RSS, parameters, standard errors; the ode object beside the usual fields', async () => {
    const r = await run('fit', LV, '--model', REF.model, '--p0', P0, '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(Math.abs(j.rss - REF.rss) / REF.rss).toBeLessThan(1e-6);
    REF.names.forEach((name, i) => {
      expect(Math.abs(j.params[name] - REF.params[i]) / Math.abs(REF.params[i])).toBeLessThan(1e-4);
      expect(Math.abs(j.stderr[name] - REF.stderr[i]) / REF.stderr[i]).toBeLessThan(1e-3);
    });
    expect(j.n).toBe(42);
    expect(j.ode).toMatchObject({ method: 'auto', rtol: 1e-10, atol: 1e-12, failedIntegrations: 0, times: 21 });
    expect(j.ode.steps).toBeGreaterThan(0);
    expect(j.ode.evaluations).toBeGreaterThan(j.ode.steps);
    expect(j.ode.responses.Hare.r2).toBeCloseTo(REF.r2.Hare, 6);
    expect(j.ode.responses.Lynx.r2).toBeCloseTo(REF.r2.Lynx, 6);
    // The same fields as a closed-form fit's JSON, plus ode.
    const closed = JSON.parse((await run('fit', LV, '--model', 'a*exp(-t/tau)', '--y', 'Hare', '--p0', 'a=30,tau=10', '--json')).out);
    expect(Object.keys(j).filter((k) => k !== 'ode').sort()).toEqual(Object.keys(closed).sort());
  });

  it('fixtures/ode/lotka_volterra.csv from its far start gives scipy\'s and R\'s answer in --json (make_fits.py, make_fits.R)', async () => {
    const problem = JSON.parse(readFileSync('fixtures/ode/lotka_volterra.json', 'utf8')) as { model: string; starts: { far: Record<string, number> }; scipy: { params: Record<string, number>; se: Record<string, number>; rss: number } };
    const R = (JSON.parse(readFileSync('fixtures/ode/fits_R.json', 'utf8')) as Record<string, typeof problem.scipy>).lotka_volterra;
    const far = Object.entries(problem.starts.far).map(([k, v]) => `${k}=${v}`).join(',');
    const r = await run('fit', 'fixtures/ode/lotka_volterra.csv', '--model', problem.model, '--p0', far, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    for (const ref of [problem.scipy, R]) {
      expect(Math.abs(j.rss - ref.rss) / ref.rss).toBeLessThan(1e-6);
      for (const [name, value] of Object.entries(ref.params)) {
        expect(Math.abs(j.params[name] - value) / Math.abs(value)).toBeLessThan(1e-4);
        expect(Math.abs(j.stderr[name] - ref.se[name]) / ref.se[name]).toBeLessThan(1e-3);
      }
    }
  });

  it('--model-file reads the statements (newlines, comments), --ode-method and tolerances reach the integration', async () => {
    const path = file('lv.ode', `# Lotka–Volterra\n${STATEMENTS}\n`);
    const r = await run('fit', LV, '--model-file', path, '--p0', P0, '--ode-method', 'dopri5', '--rtol', '1e-9', '--atol', '1e-11', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.ode).toMatchObject({ method: 'dopri5', rtol: 1e-9, atol: 1e-11 });
    expect(Math.abs(j.rss - REF.rss) / REF.rss).toBeLessThan(1e-6);
  });

  it('a one-state model without a ~ line observes --y, at unsorted times with a replicate from --time', async () => {
    const r = await run('fit', decay, '--model', 'dA/dt = -k*A; A(0) = A0', '--y', 'conc', '--time', 'minutes', '--p0', 'k=1,A0=1', '--json');
    expect(r.err).toBe('');
    const j = JSON.parse(r.out);
    expect(j.params.k).toBeCloseTo(0.3, 7);
    expect(j.params.A0).toBeCloseTo(5, 7);
    expect(j.n).toBe(minutes.length);
    expect(j.ode.times).toBe(minutes.length - 1);
  });

  it('errors of --model-file say PATH:line:column and the fix', async () => {
    const noInitial = file('noinit.ode', 'dH/dt = alpha*H - beta*H*L\ndL/dt = delta*H*L - gamma*L\nH(0) = H0\nHare ~ H\nLynx ~ L\n');
    const r = await run('fit', LV, '--model-file', noInitial, '--p0', P0);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^fitbench: ${noInitial.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:1: State "L".*no initial value.*L\\(0\\) =`));
    const typo = file('typo.ode', STATEMENTS.replace('Lynx ~ L', 'Linx ~ L'));
    const t = await run('fit', LV, '--model-file', typo, '--p0', P0);
    expect(t.err).toMatch(/typo\.ode:6:1: Observed column "Linx" .*not in the data.*Lynx/);
  });

  it('a σ column missing from the data is refused with what to do', async () => {
    const s = await run('fit', LV, '--model', REF.model.replace('Lynx ~ L', 'Lynx ~ L | Lynx_sd'), '--p0', P0);
    expect(s.code).toBe(2);
    expect(s.err).toMatch(/--model: .*"Lynx_sd".*not in the data.*t, Hare, Lynx/);
  });

  it('a missing --p0 runs the start search: stderr says so, the JSON has scipy\'s fit and autoStart', async () => {
    const p = await run('fit', LV, '--model', REF.model, '--p0', 'alpha=0.5', '--json');
    expect(p.code).toBe(0);
    expect(p.err).toMatch(/^fitbench: no --p0 for beta, delta, gamma, H0, L0: searching 256 start candidates/);
    const j = JSON.parse(p.out);
    expect(Math.abs(j.rss - REF.rss) / REF.rss).toBeLessThan(1e-6);
    REF.names.forEach((name, i) => expect(Math.abs(j.params[name] - REF.params[i]) / Math.abs(REF.params[i])).toBeLessThan(1e-4));
    expect(j.autoStart).toMatchObject({ searched: ['alpha', 'beta', 'delta', 'gamma'], linear: [], seed: 0, workers: 0, scoredRows: 42 });
    expect(j.autoStart.refined).toBeGreaterThan(0);
    expect(j.ode.failedIntegrations).toBe(0);
  }, 60_000);

  for (const [option, extra, words] of [
    ['--varpro', ['--varpro'], /--varpro .*does not run with an ODE model/],
    ['--wide', ['--wide'], /--wide does not run with an ODE model yet: give the groups in a column/],
    ['--memory-limit (streaming)', ['--memory-limit', '1G'], /--memory-limit: .*streaming from disk does not run with an ODE model/],
    ['--mle poisson', ['--mle', 'poisson'], /--mle poisson does not run with an ODE model/],
  ] as const) {
    it(`refuses ${option} with an ODE model, saying so`, async () => {
      const r = await run('fit', LV, '--model', REF.model, '--p0', P0, ...extra);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(words);
    });
  }

  it('refuses the ODE options with a closed-form model', async () => {
    const r = await run('fit', LV, '--model', 'a*exp(-t/tau)', '--y', 'Hare', '--p0', 'a=30,tau=10', '--rtol', '1e-6');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--rtol belongs to an ODE model/);
  });
});

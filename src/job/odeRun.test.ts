/**
 * An ODE model on the fit job (issue 23): runJob dispatches a job of data kind 'ode' to its own
 * steps, which reach scipy's Lotka–Volterra minimum (fixtures/ode/make_lv_fit.py) and report the
 * integration; a missing start runs the ODE start search (src/start/ode) and reaches the same
 * minimum; the clash rules refuse what does not run with an ODE model yet, before anything runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ODE_DEFAULTS } from '../fit/ode';
import { compileOde, parseStatements } from '../model';
import type { JobHost } from './host';
import type { FitJob } from './job';
import { runJob } from './run';
import { JobInputError } from './validate';

const REF = JSON.parse(readFileSync('fixtures/ode/lv_fit_scipy.json', 'utf8')) as { model: string; names: string[]; start: number[]; params: number[]; stderr: number[]; rss: number };
const [, ...lines] = readFileSync('fixtures/ode/lv_fit.csv', 'utf8').trim().split('\n');
const rows = lines.map((l) => l.split(',').map(Number));
const col = (j: number) => Float64Array.from(rows, (r) => r[j]);

const unused = () => {
  throw new Error('an ODE job asks the host for no pools and no backend');
};
const host: JobHost = { now: () => 0, rowWorkers: unused, backend: unused, candidatePool: unused };

function lvJob(change: Partial<FitJob> = {}): FitJob {
  const spec = parseStatements(REF.model);
  if (!spec.ok) throw new Error(spec.error.message);
  const model = compileOde(spec.value);
  if (!model.ok) throw new Error(model.error.message);
  return {
    model: REF.model,
    ties: [],
    data: { kind: 'ode', model: model.value, data: { observed: [{ column: 'Hare', time: col(0), y: col(1), sigma: null }, { column: 'Lynx', time: col(0), y: col(2), sigma: null }] }, integration: ODE_DEFAULTS },
    parameters: REF.names.map((name, i) => ({ name, value: REF.start[i], fixed: false })),
    options: {},
    objective: 'least-squares',
    varpro: false,
    start: { always: false, starts: null, seed: 0 },
    intervals: 'wald',
    derive: [{ name: 'ratio', expression: 'alpha/gamma' }],
    checkpoint: null,
    backend: 'auto',
    workers: null,
    ...change,
  };
}

describe('runJob with an ODE model', () => {
  it('fits to scipy\'s minimum and derives a quantity with its delta-method error', async () => {
    const run = await runJob(lvJob(), host);
    expect(Math.abs(run.result.stats.rss - REF.rss) / REF.rss).toBeLessThan(1e-6);
    run.result.parameters.forEach((p, i) => expect(Math.abs(p.value - REF.params[i]) / Math.abs(REF.params[i])).toBeLessThan(1e-4));
    expect(run.ode?.method).toBe('auto');
    expect(run.ode?.steps).toBeGreaterThan(0);
    const ratio = run.derived.find((d) => d.name === 'ratio')!;
    expect(ratio.value).toBeCloseTo(REF.params[0] / REF.params[3], 6);
    expect(ratio.stderr).toBeGreaterThan(0);
    expect(run.backend).toBe('cpu');
  });

  it('runs the start search when a free parameter has no start, to scipy\'s minimum, and reports it as autoStart', async () => {
    const run = await runJob(lvJob({ parameters: REF.names.map((name) => ({ name, value: name === 'alpha' ? 0.5 : null, fixed: false })) }), host);
    expect(Math.abs(run.result.stats.rss - REF.rss) / REF.rss).toBeLessThan(1e-6);
    run.result.parameters.forEach((p, i) => expect(Math.abs(p.value - REF.params[i]) / Math.abs(REF.params[i])).toBeLessThan(1e-4));
    expect(run.autoStart?.searched).toEqual(['alpha', 'beta', 'delta', 'gamma']);
    expect(run.autoStart?.start.H0).toBeGreaterThan(0);
    expect(run.autoStart?.seed).toBe(0);
    expect(run.ode?.failures).toBe(0);
  }, 30_000);

  const refusals: [string, Partial<FitJob>, string][] = [
    ['VarPro', { varpro: true }, 'ode-varpro'],
    ['the Poisson likelihood', { objective: 'poisson' }, 'ode-poisson'],
    ['profile intervals of a robust fit', { intervals: 'profile', options: { loss: 'soft_l1' } }, 'profile-robust-loss'],
    ['the GPU', { backend: 'gpu' }, 'ode-gpu'],
    ['a checkpoint', { checkpoint: { resume: false } }, 'ode'],
  ];
  for (const [what, change, clash] of refusals) {
    it(`refuses ${what} with a message that says so`, async () => {
      const error = await runJob(lvJob(change), host).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JobInputError);
      expect((error as JobInputError).clash).toBe(clash);
    });
  }
});

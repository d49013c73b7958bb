/**
 * Errors in x on the fit job (issue 24): runJob dispatches a job of data kind 'odr' to its own
 * steps: York's line from no start at all (the ordinary fit's start search, then ODR) reaches
 * ODRPACK's answer (fixtures/odr/make_fits.py) in the FitResult every fit reports, with the
 * OdrResult beside it; the clash rules refuse what does not run with errors in x yet.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import type { JobHost } from './host';
import type { FitJob } from './job';
import { runJob } from './run';
import { JobInputError } from './validate';

const york = (JSON.parse(readFileSync('fixtures/odr/fits.json', 'utf8')).fits as { name: string; x: number[]; y: number[]; sx: number[]; sy: number[]; beta: number[]; sd_beta: number[]; sum_square: number }[]).find((f) => f.name === 'pearson-york')!;
const unused = () => {
  throw new Error('an errors-in-x job asks the host for no pools and no backend');
};
const host: JobHost = { now: () => 0, rowWorkers: unused, backend: unused, candidatePool: unused };

function yorkJob(change: Partial<FitJob> = {}): FitJob {
  const model = compileModel('a + b*x', { columns: ['x'] });
  if (!model.ok) throw new Error(model.error.message);
  return {
    model: 'a + b*x',
    ties: [],
    data: { kind: 'odr', model: model.value, implicit: false, vars: [Float64Array.from(york.x)], y: Float64Array.from(york.y), sigmaY: Float64Array.from(york.sy), sigmaX: [Float64Array.from(york.sx)], lines: null },
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
    ...change,
  };
}

describe('a fit job of data kind odr', () => {
  it("York's line without starts: the start search's ordinary fit, then ODRPACK's β, sd_beta and sum_square", async () => {
    const run = await runJob(yorkJob(), host);
    expect(run.autoStart).not.toBeNull();
    run.result.parameters.forEach((p, i) => {
      expect(Math.abs(p.value - york.beta[i]) / Math.abs(york.beta[i])).toBeLessThan(1e-6);
      expect(Math.abs(p.stderr - york.sd_beta[i]) / york.sd_beta[i]).toBeLessThan(1e-3);
    });
    expect(Math.abs(2 * run.result.cost - york.sum_square) / york.sum_square).toBeLessThan(1e-6);
    expect(run.odr!.kind).toBe('explicit');
    expect(run.odr!.sumSquaresDelta + run.odr!.sumSquaresEps).toBeCloseTo(run.odr!.sumSquares, 12);
  });

  it('refuses what does not run with errors in x yet, with its clash code', async () => {
    for (const [change, clash] of [[{ options: { loss: 'huber' } }, 'odr-loss'], [{ backend: 'gpu' }, 'odr-gpu'], [{ objective: 'poisson' }, 'odr-poisson']] as const) {
      await expect(runJob(yorkJob(change as Partial<FitJob>), host)).rejects.toMatchObject({ clash });
    }
    await expect(runJob(yorkJob({ checkpoint: { resume: false } }), host)).rejects.toBeInstanceOf(JobInputError);
  });
});

describe('profile intervals in a fit job of data kind odr', () => {
  it("York's line with intervals: 'profile' reports the closed-form objective's profile ends (fixtures/odr/profiles.json)", async () => {
    const ref = JSON.parse(readFileSync('fixtures/odr/profiles.json', 'utf8'))['pearson-york'] as { ci: Record<string, [number, number]> };
    const run = await runJob(yorkJob({ intervals: 'profile' }), host);
    expect(run.profile!.profiles.map((p) => p.name)).toEqual(['a', 'b']);
    for (const p of run.profile!.profiles) {
      const [lo, hi] = ref.ci[p.name];
      expect(Math.abs((p.lower as number) - lo) / (hi - lo)).toBeLessThan(1e-6);
      expect(Math.abs((p.upper as number) - hi) / (hi - lo)).toBeLessThan(1e-6);
    }
  });
});

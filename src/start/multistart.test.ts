/**
 * autoStart end to end: a wrong local minimum escaped, reproducibility, cancellation, and a
 * property test over random models of the library's families with no start values at all.
 * "Success" is an independent criterion: the fit's cost is at most the cost at the true
 * parameters (the least-squares minimum can only be lower), to a relative 1e-6.
 */
import { describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel } from '../model';
import { curveFit } from '../fit/curveFit';
import type { FitData } from '../fit/types';
import { autoStart, SCORE_MAX_ROWS, scoringStride } from './multistart';
import { rng } from '../../test/random';

/** mulberry32: a small seeded PRNG, so the cases are the same on every run. */

function gaussian(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

function compile(text: string): CompiledModel {
  const c = compileModel(text, { columns: ['x'] });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

/** Data from the model at `truth` plus Gaussian noise of sd `noise`; and the cost at the truth. */
function synth(model: CompiledModel, truth: Record<string, number>, x: Float64Array, noise: number, r: () => number): { data: FitData; truthCost: number } {
  const p = Float64Array.from(model.params, (n) => truth[n]);
  const y = new Float64Array(x.length);
  model.kernels([]).evaluate(p, [x], y, 0, x.length);
  const clean = Float64Array.from(y);
  let truthCost = 0;
  for (let i = 0; i < y.length; i++) {
    y[i] += noise * gaussian(r);
    truthCost += 0.5 * (clean[i] - y[i]) ** 2;
  }
  return { data: { vars: [x], y }, truthCost };
}

const grid = (n: number, a: number, b: number) => Float64Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));

describe('autoStart', () => {
  const damped = compile('A*exp(-k*x)*sin(w*x + phi) + c');
  const truth = { A: 2.5, k: 0.3, w: 2, phi: 0.4, c: 0.1 };
  const { data } = synth(damped, truth, grid(120, 0, 10), 0.02, rng(5));

  it('escapes the wrong minimum a single start with the frequency 3× off falls into', async () => {
    const model = compile('A*exp(-k*x)*cos(w*x)');
    const trap = synth(model, { A: 2.5, k: 0.02, w: 2 }, grid(300, 0, 10), 0.05, rng(9));
    const start = [{ name: 'A', value: 1 }, { name: 'k', value: 0 }, { name: 'w', value: 6 }];
    const single = await curveFit({ model, data: trap.data, parameters: start });
    expect(single.cost).toBeGreaterThan(10 * trap.truthCost); // the trap is real
    for (const given of [start, []]) {
      const auto = await autoStart(model, trap.data, given);
      expect(auto.fit.cost).toBeLessThanOrEqual(trap.truthCost * (1 + 1e-6));
      expect(auto.fit.parameters.find((p) => p.name === 'w')!.value).toBeCloseTo(2, 2);
      expect(auto.sameMinimum).toBeGreaterThanOrEqual(1);
      expect(auto.others.every((o) => o.cost > auto.fit.cost)).toBe(true);
      expect(auto.linear).toEqual(['A']);
    }
  });

  it('is deterministic for a seed', async () => {
    const a = await autoStart(damped, data, [], { starts: 64, seed: 3 });
    const b = await autoStart(damped, data, [], { starts: 64, seed: 3 });
    expect(b.start).toEqual(a.start);
    expect(b.fit.cost).toBe(a.fit.cost);
    expect(a.candidates).toBeLessThanOrEqual(64);
  });

  it('keeps the best so far when cancelled during the search', async () => {
    const controller = new AbortController();
    const phases: string[] = [];
    const r = await autoStart(damped, data, [], {
      starts: 256,
      signal: controller.signal,
      onProgress: (p) => {
        phases.push(p.phase);
        if (p.phase === 'search' && p.done === 64) controller.abort();
      },
    });
    expect(r.evaluated).toBe(64);
    expect(r.refined).toBe(1);
    expect(Number.isFinite(r.fit.cost)).toBe(true);
    expect(phases[0]).toBe('search');
  });

  it('respects bounds on linear and searched parameters', async () => {
    const r = await autoStart(damped, data, [{ name: 'c', min: 0.5, max: 2 }, { name: 'w', min: 0.5, max: 3 }]);
    const c = r.fit.parameters.find((p) => p.name === 'c')!.value;
    const w = r.fit.parameters.find((p) => p.name === 'w')!.value;
    expect(c).toBeGreaterThanOrEqual(0.5);
    expect(w).toBeGreaterThanOrEqual(0.5);
    expect(w).toBeLessThanOrEqual(3);
  });

  const families: { name: string; text: string; draw: (r: () => number) => Record<string, number> }[] = [
    { name: 'decay', text: 'A*exp(-k*x) + c', draw: (r) => ({ A: (1 + 4 * r()) * (r() < 0.5 ? -1 : 1), k: 0.2 + 1.8 * r(), c: 2 * r() - 1 }) },
    { name: 'bi-exponential', text: 'A1*exp(-k1*x) + A2*exp(-k2*x)', draw: (r) => { const k1 = 0.1 + 0.4 * r(); return { A1: 1 + 3 * r(), k1, A2: 1 + 3 * r(), k2: k1 * (3 + 3 * r()) }; } },
    { name: 'gaussian', text: 'A*exp(-(x - x0)^2/(2*s^2)) + c', draw: (r) => ({ A: 1 + 4 * r(), x0: 2 + 6 * r(), s: 0.3 + 1.2 * r(), c: r() - 0.5 }) },
    { name: 'lorentzian', text: 'A/(1 + ((x - x0)/g)^2) + c', draw: (r) => ({ A: 1 + 4 * r(), x0: 2 + 6 * r(), g: 0.3 + 1.2 * r(), c: r() - 0.5 }) },
    { name: 'logistic', text: 'A/(1 + exp(-(x - x0)/s)) + c', draw: (r) => ({ A: 1 + 4 * r(), x0: 2 + 6 * r(), s: 0.2 + 1.3 * r(), c: r() - 0.5 }) },
    { name: 'damped sine', text: 'A*exp(-k*x)*sin(w*x + phi)', draw: (r) => ({ A: 1 + 3 * r(), k: 0.05 + 0.3 * r(), w: 0.5 + 3.5 * r(), phi: 2 * Math.PI * r() - Math.PI }) },
    { name: 'rational', text: '(a + b*x)/(1 + c*x)', draw: (r) => ({ a: 2 * r() - 1, b: 1 + 3 * r(), c: 0.1 + 0.9 * r() }) },
    { name: 'saturation', text: 'Vm*x/(K + x)', draw: (r) => ({ Vm: 1 + 9 * r(), K: 0.2 + 4 * r() }) },
  ];

  it('property: no-start fits reach the truth’s cost level in ≥ 95% of random cases of the library families', async () => {
    const r = rng(20261124);
    const x = grid(80, 0, 10);
    const perFamily = 10;
    let ok = 0;
    let total = 0;
    const misses: string[] = [];
    for (const f of families) {
      const model = compile(f.text);
      for (let i = 0; i < perFamily; i++) {
        const truth = f.draw(r);
        const amp = Math.max(...Object.values(truth).map(Math.abs));
        const { data, truthCost } = synth(model, truth, x, 0.01 * amp, r);
        const fit = await autoStart(model, data, [], { starts: 128 });
        total++;
        if (fit.fit.cost <= truthCost * (1 + 1e-6)) ok++;
        else misses.push(`${f.name} ${JSON.stringify(truth)}: cost ${fit.fit.cost.toExponential(3)} vs truth ${truthCost.toExponential(3)}`);
      }
    }
    console.log(`autoStart property test: ${ok}/${total} = ${((100 * ok) / total).toFixed(1)}% reached the truth's cost level${misses.length ? '\n  ' + misses.join('\n  ') : ''}`);
    expect(ok / total).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  it('scores the candidates of many rows on means of k rows and still fits every row', async () => {
    // A narrow peak (s = 0.15 on [−10, 10]) over a bit more than SCORE_MAX_ROWS rows: scored on the means of
    // every 2 rows, refined on all of them; the minimum is the one a fit from the truth reaches.
    const model = compile('A*exp(-(x-mu)^2/(2*s^2)) + c');
    const truth = { A: 4, mu: 2.5, s: 0.15, c: 0.2 };
    const m = SCORE_MAX_ROWS + 5_000;
    const { data } = synth(model, truth, grid(m, -10, 10), 0.1, rng(11));
    const found = await autoStart(model, data, model.params.map((name) => ({ name })));
    expect(found.scoredRows).toBe(Math.ceil(m / 2));
    expect(found.fit.stats.points).toBe(m);
    const reference = await curveFit({ model, data, parameters: model.params.map((name) => ({ name, value: truth[name as keyof typeof truth] })) });
    expect(Math.abs(found.fit.cost - reference.cost) / reference.cost).toBeLessThan(1e-9);
    for (const p of reference.parameters) {
      const q = found.fit.parameters.find((f) => f.name === p.name)!;
      expect(Math.abs(q.value - p.value)).toBeLessThan(1e-6 * p.stderr!);
    }
    // Fewer rows: every row scored.
    const small = synth(model, truth, grid(2_000, -10, 10), 0.1, rng(12)).data;
    expect((await autoStart(model, small, model.params.map((name) => ({ name })))).scoredRows).toBe(2_000);
  });

  it('finds a peak a few rows wide among many rows, which every k-th row alone steps over', async () => {
    // Review 6: a peak of s = 1.5 rows centred between two of every 4th row of 200 000. Scored on
    // every 4th row the search refined starts far from it (cost 41.43 against 40.10, μ at 70.09
    // against 74.002); scored on the means of every 4 consecutive rows (scoringRows.ts) the peak
    // keeps its area, and the search reaches the minimum a fit from the truth reaches.
    const model = compile('A*exp(-((x-mu)/s)^2/2) + c');
    const n = 200_000;
    const k = scoringStride(n);
    const dx = 1e-3;
    const truth = { A: 1, mu: (Math.floor((0.37 * n) / k) * k + k / 2) * dx, s: 1.5 * dx, c: 0.1 };
    const { data } = synth(model, truth, Float64Array.from({ length: n }, (_, i) => i * dx), 0.02, rng(7));
    const found = await autoStart(model, data, model.params.map((name) => ({ name })));
    expect(found.scoredRows).toBeLessThanOrEqual(SCORE_MAX_ROWS);
    const reference = await curveFit({ model, data, parameters: model.params.map((name) => ({ name, value: truth[name as keyof typeof truth] })) });
    expect(Math.abs(found.fit.cost - reference.cost) / reference.cost).toBeLessThan(1e-9);
    const mu = found.fit.parameters.find((p) => p.name === 'mu')!;
    expect(Math.abs(mu.value - truth.mu)).toBeLessThan(dx);
  }, 60_000);
});

/**
 * The statistics of a CPU normal-equation fit take the model's values from the fit's last pass
 * where the fit ends there (lastValues.ts), and evaluate the model once where it does not: counted
 * by the kernels, and every statistic checked against the `evaluate` kernel's values at the
 * reported parameters (χ² summed pairwise, the residual diagnostics), to the last bit.
 */
import { describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel, type JsKernels } from '../model';
import { goodnessOfFit } from '../stats/goodness';
import { residualDiagnostics } from '../stats/diagnostics';
import { cpuEvaluator, fullParameters } from './cpuEvaluator';
import { curveFit } from './curveFit';
import type { FitOptions } from './defaults';
import type { RowPasses } from './parallel/rowParallelEvaluator';
import { pairwiseSumSquaredDifferences } from './residuals';
import type { FitResult } from './types';

const compiled = compileModel('a*exp(-(x-mu)^2/(2*s^2)) + c', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const gaussian = compiled.value;

/** Deterministic normal noise (Park–Miller uniforms, Box–Muller). */
function noise(seed: number): () => number {
  let s = seed;
  const u = () => (s = (s * 16807) % 2147483647) / 2147483647;
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

const m = 100_000;
const e = noise(11);
const x = Float64Array.from({ length: m }, (_, i) => -5 + (10 * i) / (m - 1));
const y = x.map((v) => 2.5 * Math.exp(-((v - 0.3) ** 2) / (2 * 0.64)) + 0.1 + 0.05 * e());
const start = [
  { name: 'a', value: 2 },
  { name: 'mu', value: 0 },
  { name: 's', value: 1 },
  { name: 'c', value: 0 },
];
const SCIPY: FitOptions = { ftol: 1e-8, xtol: 1e-8, gtol: 1e-8, xScale: 1 };

/** Counts the rows the `evaluate` kernel walks (the statistics' own model evaluation). */
function counting(k: JsKernels, count: { rows: number }): JsKernels {
  return { ...k, evaluate: (p, vars, out, s, end) => ((count.rows += end - s), k.evaluate(p, vars, out, s, end)) };
}

function countingModel(count: { rows: number }): CompiledModel {
  const model = Object.create(gaussian) as CompiledModel;
  model.kernels = (wrt) => counting(gaussian.kernels(wrt), count);
  return model;
}

/** The statistics formed from the `evaluate` kernel's values at the reported parameters. */
function expectStatisticsOfEvaluate(r: FitResult) {
  const full = Float64Array.from(r.parameters, (p) => p.value);
  const f = new Float64Array(m);
  gaussian.kernels([0, 1, 2, 3]).evaluate(full, [x], f, 0, m);
  const chi2 = pairwiseSumSquaredDifferences(f, y, null);
  expect(r.stats.chi2).toBe(chi2);
  expect(r.stats).toEqual(goodnessOfFit({ y, w: null, chi2, rss: chi2, freeParameters: 4 }));
  expect(r.diagnostics).toEqual(residualDiagnostics({ vars: [x], y, f, w: null, chi2, freeParameters: 4 }));
}

describe('the statistics of a CPU normal-equation fit', () => {
  it("take the last pass's values where the fit ends at its point (scipy's tolerances): no evaluation of their own", async () => {
    const count = { rows: 0 };
    const r = await curveFit({ model: countingModel(count), data: { vars: [x], y }, parameters: start, options: SCIPY });
    expect(r.phases.map((p) => p.linearization)).toEqual(['normal']);
    // scipy's tests after an accepted step: the last pass was at the end point.
    expect(r.success).toBe(true);
    expect(r.message).not.toContain('without evaluating it');
    expect(count.rows).toBe(0);
    expectStatisticsOfEvaluate(r);
  });

  it('evaluate the model once where the fit ends with a step taken unevaluated (the defaults)', async () => {
    const count = { rows: 0 };
    const r = await curveFit({ model: countingModel(count), data: { vars: [x], y }, parameters: start });
    expect(r.status).toBe(2);
    expect(r.message).toContain('without evaluating it');
    expect(count.rows).toBe(m);
    expectStatisticsOfEvaluate(r);
  });

  it('on a pool: no values pass where the fit ends at its last pass', async () => {
    let valuePasses = 0;
    const passes: RowPasses = {
      evaluator: (bound, linearization) => cpuEvaluator(bound, linearization),
      values: async (bound, at, out) => {
        valuePasses += 1;
        const v = out ?? new Float64Array(bound.rows);
        bound.kernels.evaluate(fullParameters(bound, at), bound.data.vars, v, 0, bound.rows);
        return v;
      },
    };
    const pooled = await curveFit({ model: gaussian, data: { vars: [x], y }, parameters: start, options: SCIPY, rowPasses: passes });
    expect(valuePasses).toBe(0);
    expectStatisticsOfEvaluate(pooled);
    const defaults = await curveFit({ model: gaussian, data: { vars: [x], y }, parameters: start, rowPasses: passes });
    expect(valuePasses).toBe(1);
    expectStatisticsOfEvaluate(defaults);
  });
});

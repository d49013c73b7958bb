/**
 * The statistics of a fit of many rows in memory are formed over chunks of the columns (no m-long
 * array of model values, issue 12 "Memory"): checked here against the array path they replace,
 * computed independently from the fit's parameters (finalResiduals, goodnessOfFit,
 * residualDiagnostics on whole arrays), to the last bit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel } from '../model/index';
import { residualDiagnostics } from '../stats/diagnostics';
import { goodnessOfFit } from '../stats/goodness';
import { normal, rng } from '../../test/random';
import { curveFit } from './curveFit';
import { setArrayStatisticsMaxRows } from './summarize';
import { DD_MAX_ROWS, finalResiduals } from './residuals';
import type { FitData } from './types';
import { weightSigma } from './weights';

function compiled(text: string, columns: string[]): CompiledModel {
  const c = compileModel(text, { columns });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

/** The fit, and the statistics at its parameters from whole arrays (the path below DD_MAX_ROWS). */
async function fitAndArrays(model: CompiledModel, data: FitData, p0: Record<string, number>) {
  const result = await curveFit({ model, data, parameters: model.params.map((name) => ({ name, value: p0[name] })) });
  const full = Float64Array.from(result.parameters, (p) => p.value);
  const free = model.params.map((_, i) => i);
  const sigma = weightSigma('sigma', data);
  const w = sigma ? sigma.map((s) => 1 / s) : null;
  const r = finalResiduals(model, free, data, w, full);
  const k = free.length;
  return {
    result,
    chi2: r.chi2,
    stats: goodnessOfFit({ y: data.y, w, chi2: r.chi2, rss: r.rss, freeParameters: k }),
    diagnostics: residualDiagnostics({ vars: data.vars, y: data.y, f: r.values, w, chi2: r.chi2, freeParameters: k }),
  };
}

describe('statistics of many rows in memory, over chunks', () => {
  const m = DD_MAX_ROWS + 50_001; // past the double-double χ² and the sort by x; several chunks
  // The array path is kept up to ARRAY_STATISTICS_MAX_ROWS for speed; here the chunks take over
  // from DD_MAX_ROWS, so that a test of this size checks them.
  beforeAll(() => setArrayStatisticsMaxRows(DD_MAX_ROWS));
  afterAll(() => setArrayStatisticsMaxRows(null));

  it('sorted x with replicates and σ: χ², goodness of fit and every diagnostic equal the array path', async () => {
    const r = rng(11);
    const x = Float64Array.from({ length: m }, (_, i) => Math.floor(i / 3) * 1e-4);
    const sigma = Float64Array.from(x, () => 0.02 + 0.03 * r());
    const y = Float64Array.from(x, (v, i) => 2 * Math.exp(-v / 3) + 0.05 * Math.sin(7 * v) + sigma[i] * normal(r));
    const { result, chi2, stats, diagnostics } = await fitAndArrays(compiled('a*exp(-x/tau) + c', ['x']), { vars: [x], y, sigma }, { a: 1, tau: 1, c: 0 });
    expect(result.success).toBe(true);
    expect(result.cost).toBe(0.5 * chi2);
    expect(result.stats).toEqual(stats);
    expect(result.diagnostics).toEqual(diagnostics);
    // The sine the model lacks: the replicates test sees the lack of fit; no note is added.
    expect(result.diagnostics?.replicates?.p).toBeLessThan(1e-6);
    expect(result.warnings.join(' ')).not.toMatch(/row order|replicates test is left out/);
  });

  it('sorted distinct x: no replicates test (no pure error), no group means held, as the array path', async () => {
    const r = rng(13);
    const x = Float64Array.from({ length: m }, (_, i) => i * 1e-5);
    const y = Float64Array.from(x, (v) => 2.5 * v + 1 + 0.05 * normal(r));
    const { result, chi2, stats, diagnostics } = await fitAndArrays(compiled('a*x + b', ['x']), { vars: [x], y }, { a: 1, b: 0 });
    expect(result.cost).toBe(0.5 * chi2);
    expect(result.stats).toEqual(stats);
    expect(result.diagnostics).toEqual(diagnostics);
    expect(result.diagnostics?.order).toBe('x');
    expect(result.diagnostics?.replicates).toBeNull();
  });

  it('unsorted x and two variables: the residuals in row order, no replicates test, as the array path', async () => {
    const r = rng(12);
    const u = Float64Array.from({ length: m }, () => r());
    const v = Float64Array.from({ length: m }, () => r());
    const y1 = Float64Array.from(u, (ui) => 3 / (1 + 2 * ui) + 0.01 * normal(r));
    const one = await fitAndArrays(compiled('A/(1 + k*u)', ['u']), { vars: [u], y: y1 }, { A: 1, k: 1 });
    const y2 = Float64Array.from(u, (ui, i) => 1.5 * ui + 0.7 * Math.exp(-2 * v[i]) + 0.01 * normal(r));
    const two = await fitAndArrays(compiled('p*u + q*exp(-s*v)', ['u', 'v']), { vars: [u, v], y: y2 }, { p: 1, q: 1, s: 1 });
    for (const { result, chi2, stats, diagnostics } of [one, two]) {
      expect(result.success).toBe(true);
      expect(result.cost).toBe(0.5 * chi2);
      expect(result.stats).toEqual(stats);
      expect(result.diagnostics).toEqual(diagnostics);
      expect(result.diagnostics?.order).toBe('rows');
      expect(result.warnings.join(' ')).not.toMatch(/row order/);
    }
  });
});

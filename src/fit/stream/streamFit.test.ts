/**
 * A whole fit over streamed chunks against the same fit in memory (curveFit): the same solver
 * steps on bit-equal passes, and statistics summed in the in-memory order, so parameters, errors,
 * covariance, goodness of fit and residual diagnostics agree to the last bit (the issue asks 1e-9).
 */
import { describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel } from '../../model/index';
import { memoryChunks } from '../../store/chunkSource';
import { rng, normal } from '../../../test/random';
import { curveFit } from '../curveFit';
import type { FitOptions } from '../defaults';
import type { FitData } from '../types';
import { weightSigma } from '../weights';
import type { StreamProgress } from './streamProgress';

function compiled(text: string, columns: string[]): CompiledModel {
  const c = compileModel(text, { columns });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

const EMPTY: FitData = { vars: [new Float64Array(0)], y: new Float64Array(0) };

async function both(model: CompiledModel, data: FitData, p0: Record<string, number>, options: FitOptions, chunkRows = 65_536) {
  const parameters = model.params.map((name) => ({ name, value: p0[name] }));
  const memory = await curveFit({ model, data, parameters, options });
  const sigma = weightSigma(options.weights ?? 'sigma', data);
  const w = sigma ? sigma.map((s) => 1 / s) : null;
  const seen: StreamProgress[] = [];
  const source = memoryChunks({ vars: data.vars, y: data.y, w }, chunkRows);
  const streamed = await curveFit({ model, data: EMPTY, parameters, options, streamed: { source, maxGroups: 1 << 20, passes: { count: 0, onChunk: (p) => seen.push(p) } } });
  return { memory, streamed, seen };
}

function expectSameFit(a: Awaited<ReturnType<typeof curveFit>>, b: Awaited<ReturnType<typeof curveFit>>): void {
  expect(b.parameters).toEqual(a.parameters);
  expect(Array.from(b.pcov)).toEqual(Array.from(a.pcov));
  expect(b.cost).toBe(a.cost);
  expect(b.stats).toEqual(a.stats);
  expect(b.diagnostics).toEqual(a.diagnostics);
  expect([b.nfev, b.njev, b.nit, b.status]).toEqual([a.nfev, a.njev, a.nit, a.status]);
  expect(b.weighting).toBe(a.weighting);
}

describe('curveFit over streamed chunks', () => {
  it('sorted x with replicates and a σ column: the in-memory fit to the last bit, replicates test included', async () => {
    const m = 150_000;
    const r = rng(7);
    const x = Float64Array.from({ length: m }, (_, i) => Math.floor(i / 3) * 2e-4);
    const sigma = Float64Array.from(x, () => 0.02 + 0.03 * r());
    const y = Float64Array.from(x, (v, i) => 2 * Math.exp(-v / 3) + 0.1 * Math.sin(5 * v) + sigma[i] * normal(r));
    const model = compiled('a*exp(-x/tau) + c', ['x']);
    const { memory, streamed, seen } = await both(model, { vars: [x], y, sigma }, { a: 1, tau: 1, c: 0 }, {});
    expect(memory.success).toBe(true);
    expectSameFit(memory, streamed);
    expect(streamed.diagnostics?.order).toBe('x');
    expect(streamed.diagnostics?.replicates).not.toBeNull();
    // Every pass read all three chunks in order; the statistics took two passes.
    expect(seen.filter((p) => p.chunk === p.chunks)).toHaveLength(seen.length / 3);
    expect(seen.filter((p) => p.pass === 'statistics' && p.chunk === 3)).toHaveLength(2);
    // The double-double χ² of small data is not done on streamed columns, and the report says so.
    expect(memory.warnings.join(' ')).not.toMatch(/double-double/);
    expect(streamed.warnings.join(' ')).toMatch(/double-double/);
  });

  it('more replicate groups than the budget holds: the replicates test is left out, and a warning says why', async () => {
    const m = 9_000;
    const r = rng(8);
    const x = Float64Array.from({ length: m }, (_, i) => Math.floor(i / 3));
    const y = Float64Array.from(x, (v) => 1 + 0.01 * v + 0.1 * normal(r));
    const model = compiled('a + b*x', ['x']);
    const source = memoryChunks({ vars: [x], y, w: null }, 65_536);
    const parameters = [{ name: 'a', value: 0 }, { name: 'b', value: 0 }];
    const memory = await curveFit({ model, data: { vars: [x], y }, parameters });
    const capped = await curveFit({ model, data: EMPTY, parameters, streamed: { source, maxGroups: 2_999 } });
    expect(memory.diagnostics?.replicates).not.toBeNull();
    expect(capped.diagnostics?.replicates).toBeNull();
    expect(capped.warnings.join(' ')).toMatch(/more than 2999 distinct values/);
    const enough = await curveFit({ model, data: EMPTY, parameters, streamed: { source, maxGroups: 3_000 } });
    expect(enough.diagnostics?.replicates).toEqual(memory.diagnostics?.replicates);
  });

  it('unsorted x, weights from y, a robust loss: the in-memory fit to the last bit, residuals in row order', async () => {
    const m = 210_000;
    const r = rng(3);
    const x = Float64Array.from({ length: m }, () => 10 * r());
    const y = Float64Array.from(x, (v) => (5 / (1 + v) + 1) * (1 + 0.02 * normal(r)));
    const model = compiled('A/(1 + k*x) + b', ['x']);
    const { memory, streamed } = await both(model, { vars: [x], y }, { A: 4, k: 2, b: 0.5 }, { weights: '1/y2', loss: 'soft_l1', fScale: 0.05 }, 3 * 65_536);
    expect(memory.success).toBe(true);
    expectSameFit(memory, streamed);
    expect(streamed.diagnostics?.order).toBe('rows');
    expect(streamed.diagnostics?.replicates).toBeNull();
  });

  it('two variables, dense method (QR per block): the in-memory fit to the last bit', async () => {
    const m = 70_000;
    const r = rng(5);
    const u = Float64Array.from({ length: m }, () => r());
    const v = Float64Array.from({ length: m }, () => r());
    const y = Float64Array.from(u, (ui, i) => 1.5 * ui + 0.7 * Math.exp(-2 * v[i]) + 0.01 * normal(r));
    const model = compiled('p*u + q*exp(-s*v)', ['u', 'v']);
    const { memory, streamed } = await both(model, { vars: [u, v], y }, { p: 1, q: 1, s: 1 }, { method: 'dense' });
    expect(memory.success).toBe(true);
    expectSameFit(memory, streamed);
  });
});

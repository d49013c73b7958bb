import { describe, expect, it } from 'vitest';
import { compileOde } from '../../model/odeCompile';
import { parseStatements } from '../../model/statements';
import { makeLoss } from '../../solver/loss';
import { trf } from '../../solver/trf';
import { stackObservations } from './observations';
import { odeEvaluator } from './odeEvaluator';

function compiled(source: string) {
  const spec = parseStatements(source);
  if (!spec.ok) throw new Error(spec.error.message);
  const c = compileOde(spec.value);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

// dX/dt = k·X², X(0) = 1: X(t) = 1/(1 − k·t), which blows up at t = 1/k. Data of k = 0.3 (blow-up at 3.33) at t ≤ 3.
const times = Float64Array.from([0.5, 1, 1.5, 2, 2.5, 3]);
const y = times.map((t) => 1 / (1 - 0.3 * t));
const model = compiled('dX/dt = k*X^2; X(0) = 1; y ~ X');
const rows = stackObservations({ observed: [{ column: 'y', time: times, y, sigma: null }] });
const evaluator = () => odeEvaluator({ model, rows, base: Float64Array.from([0]), free: [0], loss: makeLoss('linear', 1), integration: { rtol: 1e-10, atol: 1e-12 } });

describe('odeEvaluator', () => {
  it('gives the analytic residuals and Jacobian (∂X/∂k = t·X²) where the integration succeeds', () => {
    const ev = evaluator();
    const k = 0.1;
    const cost = ev.cost(Float64Array.from([k]));
    let want = 0;
    times.forEach((t, i) => (want += 0.5 * (1 / (1 - k * t) - y[i]) ** 2));
    expect(Math.abs(cost - want) / want).toBeLessThan(1e-8);
    const lin = ev.linearize(Float64Array.from([k]));
    let g = 0;
    times.forEach((t, i) => {
      const x = 1 / (1 - k * t);
      g += t * x * x * (x - y[i]);
    });
    expect(Math.abs(lin.g[0] - g) / Math.abs(g)).toBeLessThan(1e-7);
  });

  it('makes the cost non-finite where the solution blows up before the last time, and counts the failure', () => {
    const ev = evaluator();
    expect(ev.cost(Float64Array.from([0.5]))).toBeNaN(); // blows up at t = 2
    expect(ev.counts.failures).toBe(1);
    expect(ev.lastFailure?.t).toBeLessThan(2);
  });

  it('lets the trust-region loop reject steps into the blow-up and still reach k = 0.3', async () => {
    const ev = evaluator();
    // From k = 0.05 the trial steps overshoot past k = 1/3, where X blows up before t = 3.
    const r = await trf(ev, [0.05], { ftol: 1e-14, xtol: 1e-14, gtol: 1e-14, xScale: 1 });
    expect(ev.counts.failures).toBeGreaterThan(0);
    expect(r.x[0]).toBeCloseTo(0.3, 8);
    expect(r.cost).toBeLessThan(1e-16);
  });
});

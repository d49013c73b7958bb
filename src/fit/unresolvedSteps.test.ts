/**
 * The normal-equation path's stop at a step its cost cannot resolve (trf.ts UNRESOLVED_ULPS): the
 * same answer as scipy's loop, which evaluates every step, with fewer passes over the rows.
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { makeLoss } from '../solver/loss';
import { trf } from '../solver/trf';
import { cpuEvaluator } from './cpuEvaluator';
import { curveFit } from './curveFit';

const EPS = 2.220446049250313e-16;
const compiled = compileModel('a*exp(-(x-mu)^2/(2*s^2)) + c', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;

/** A Gaussian on an offset with deterministic normal noise (Park–Miller uniforms, Box–Muller). */
function gaussianRows(m: number, seed: number) {
  let s = seed;
  const u = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const x = new Float64Array(m);
  const y = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    x[i] = -5 + (10 * i) / (m - 1);
    const noise = Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
    y[i] = 2.5 * Math.exp(-((x[i] - 0.3) ** 2) / 1.28) + 0.1 + 0.05 * noise;
  }
  return { x, y };
}

describe('stopping at steps the cost cannot resolve (normal equations)', () => {
  it('reaches the point and cost of the loop that evaluates every step, in fewer evaluations', async () => {
    let saved = 0;
    for (const [m, seed] of [[20_000, 7], [60_000, 11], [150_000, 3]] as const) {
      const { x, y } = gaussianRows(m, seed);
      const bound = { kernels: model.kernels([0, 1, 2, 3]), data: { vars: [x], y, w: null }, rows: m, base: Float64Array.of(2, 0, 1, 0), free: [0, 1, 2, 3], loss: makeLoss('linear', 1) };
      const options = { ftol: 1e-15, xtol: 1e-15, gtol: 1e-15, xScale: 'jac' as const };
      const every = await trf(cpuEvaluator(bound, 'normal'), [2, 0, 1, 0], options);
      const stopped = await trf(cpuEvaluator(bound, 'normal'), [2, 0, 1, 0], { ...options, stopUnresolvedSteps: true });
      expect(every.success && stopped.success).toBe(true);
      expect(stopped.status).toBe(2);
      expect(stopped.message).toMatch(/predicted .* without evaluating it/);
      // The costs agree within the rounding of a sum of m squares (√m·ε·cost). The points agree
      // to the size of the last Gauss–Newton step (scipy's loop may end on a shorter step, cut by
      // a radius that rounding-rejected trials shrank), and the unevaluated step's end is at
      // least as stationary: its gradient is no larger.
      expect(Math.abs(stopped.cost - every.cost)).toBeLessThanOrEqual(Math.sqrt(m) * EPS * every.cost);
      const drift = Math.max(...stopped.x.map((v, j) => Math.abs(v - every.x[j]) / Math.abs(every.x[j])));
      expect(drift).toBeLessThan(1e-10);
      const gradient = async (x: Float64Array) => Math.max(...(await cpuEvaluator(bound, 'normal').linearize(x)).g.map(Math.abs));
      const [gStopped, gEvery] = [await gradient(stopped.x), await gradient(every.x)];
      expect(gStopped).toBeLessThanOrEqual(gEvery);
      expect(stopped.nfev).toBeLessThanOrEqual(every.nfev);
      saved += every.nfev - stopped.nfev;
    }
    expect(saved).toBeGreaterThan(0);
  });

  it('curveFit uses it for large data only (normal equations), not on the QR path', async () => {
    // 3000 rows would take the QR path; forced onto the normal equations they meet the rule.
    const { x, y } = gaussianRows(3000, 5);
    const parameters = model.params.map((name, i) => ({ name, value: [2, 0, 1, 0][i] }));
    const dense = await curveFit({ model, data: { vars: [x], y }, parameters });
    expect(dense.phases[0].linearization).toBe('dense');
    expect(dense.message).not.toMatch(/without evaluating it/);
    const normal = await curveFit({ model, data: { vars: [x], y }, parameters, options: { method: 'normal' } });
    expect(normal.message).toMatch(/without evaluating it/);
    // Normal equations keep 16 − log10 κ² digits: the QR answer to 1e-8 here.
    normal.parameters.forEach((p, j) => expect(Math.abs(p.value - dense.parameters[j].value)).toBeLessThan(1e-8 * Math.abs(dense.parameters[j].value)));
  });
});

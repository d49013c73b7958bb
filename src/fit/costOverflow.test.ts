/**
 * Every residual finite, the cost ½Σρ(fᵢ) not (issue 27, item 11): the message names the cause
 * (nonFinite.ts), not "choose other starting values". References are float64's range: √1.8e308 ≈
 * 1.3e154, so a residual of 3e300 squares to ∞; (1e-300)² underflows to 0 and (1e300)² overflows,
 * so the scaled robust loss C²ρ(f²/C²) is NaN; 1e-160² = 1e-320 leaves (1.1/1e-160)² = ∞.
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import type { LossName } from '../solver/loss';
import { curveFit } from './curveFit';

const model = (() => {
  const c = compileModel('a*x + b', { columns: ['x'] });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
})();

const x = Float64Array.from({ length: 20 }, (_, i) => i + 1);
const lines = Int32Array.from(x, (v) => v + 1);

async function failure(y: Float64Array, start: { a: number; b: number }, loss: LossName = 'linear', fScale?: number): Promise<Error & { code?: string }> {
  const run = curveFit({ model, data: { vars: [x], y, lines }, parameters: [{ name: 'a', value: start.a }, { name: 'b', value: start.b }], options: { loss, fScale } });
  return run.then(
    () => new Error('no error'),
    (e: unknown) => e as Error & { code?: string },
  );
}

const line = Float64Array.from(x, (v) => 2 * v + 1 + 0.1 * Math.sin(v));

describe('a cost that overflows with every residual finite says why', () => {
  it('data near 1e300: the squares overflow; rescale y', async () => {
    const e = await failure(Float64Array.from(x, (v) => 3e300 * v), { a: 1, b: 0 });
    expect(e.code).toBe('nonfinite-data');
    expect(e.message).toMatch(/line 2 \(x = 1, y = 3e\+300\) is -3e\+300, whose square overflows/);
    expect(e.message).toMatch(/divide by 1e300/);
    expect(e.message).not.toMatch(/other start/);
  });

  it('a start far from ordinary data: the start values are the cause', async () => {
    const e = await failure(line, { a: 1e200, b: 0 });
    expect(e.code).toBe('nonfinite-residual');
    expect(e.message).toMatch(/start values \(a = 1e\+200, b = 0\).*Choose start values closer to the data/);
  });

  it('--f-scale 1e-300 (f_scale² = 0), 1e300 (f_scale² = ∞) and 1e-160 ((f/f_scale)² = ∞) name f_scale', async () => {
    const tiny = await failure(line, { a: 2, b: 1 }, 'soft_l1', 1e-300);
    expect(tiny.code).toBe('nonfinite-f-scale');
    expect(tiny.message).toMatch(/f_scale = 1e-300 is so small that f_scale² underflows to 0/);
    expect(tiny.message).toMatch(/other start values do not help/);
    const huge = await failure(line, { a: 2, b: 1 }, 'cauchy', 1e300);
    expect(huge.message).toMatch(/f_scale = 1e\+300 is so large that f_scale² overflows/);
    const small = await failure(line, { a: 2, b: 1 }, 'huber', 1e-160);
    expect(small.message).toMatch(/f_scale = 1e-160 is so small that \(residual\/f_scale\)² overflows/);
  });
});

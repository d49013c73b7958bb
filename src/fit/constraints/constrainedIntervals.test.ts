/**
 * Profile and bootstrap intervals under a constraint. A constraint on one parameter is the same
 * feasible set as a bound, whose path (Coleman–Li bounds in the loop, the profile stepping to the
 * bound) is checked against scipy elsewhere: the two must give the same fit, the same profile
 * interval and the same bootstrap interval, and neither may reach past the limit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model';
import { bootstrapFit } from '../bootstrap';
import { curveFit, type CurveFitInput } from '../curveFit';
import { profileIntervals } from '../profileFit';
import { parseConstraints } from './parseConstraints';

const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/constrain/constrain.json', import.meta.url), 'utf8')) as { problems: { name: string; model: string; x: number[]; y: number[]; names: string[]; constrained: { x: number[] } }[] };
const p = fixture.problems.find((q) => q.name === 'pk-gap-active')!;
const compiled = compileModel(p.model, { columns: ['t'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const data = { vars: [Float64Array.from(p.x)], y: Float64Array.from(p.y), sigma: null };
// The data say lKe ≈ −0.92; "lKe <= -1" is active.
const start = [0.3, -1.2, 3.4];

function inputs(): { bounded: CurveFitInput; constrained: CurveFitInput } {
  const table = (max: number | null) => p.names.map((name, i) => ({ name, value: start[i], max: name === 'lKe' ? max : null }));
  return {
    bounded: { model, data, parameters: table(-1) },
    constrained: { model, data, parameters: table(null), options: { constraints: parseConstraints('lKe <= -1', model.params) } },
  };
}

describe('intervals under a constraint', () => {
  it('profile and bootstrap intervals equal those under the equivalent bound', async () => {
    const { bounded, constrained } = inputs();
    const a = await curveFit(bounded);
    const b = await curveFit(constrained);
    b.parameters.forEach((q, i) => expect(Math.abs(q.value - a.parameters[i].value)).toBeLessThan(1e-9 * Math.max(1, Math.abs(q.value))));
    expect(b.constraints).toEqual([{ text: 'lKe <= -1', slack: expect.closeTo(0, 9), active: true }]);
    const pa = await profileIntervals(bounded, a);
    const pb = await profileIntervals(constrained, b);
    const lke = (r: typeof pa) => r.profiles.find((q) => q.name === 'lKe')!;
    expect(lke(pb).upper).toBeNull(); // the profile stops at the constraint, as at the bound
    expect(lke(pa).upper).toBeNull();
    pb.profiles.forEach((q, i) => {
      for (const end of ['lower', 'upper'] as const) {
        const x = pa.profiles[i][end];
        if (x === null) expect(q[end]).toBeNull();
        else expect(Math.abs(q[end]! - x)).toBeLessThan(1e-6 * Math.max(1, Math.abs(x)));
      }
    });
    const options = { kind: 'residual' as const, resamples: 60, seed: 7, level: 0.95 };
    const ba = await bootstrapFit(bounded, a, options);
    const bb = await bootstrapFit(constrained, b, options);
    expect(bb.failed).toBe(ba.failed);
    for (const name of p.names) ba.intervals[name].forEach((x, k) => expect(Math.abs(bb.intervals[name][k] - x)).toBeLessThan(1e-6 * Math.max(1, Math.abs(x))));
    expect(bb.intervals.lKe[1]).toBeLessThanOrEqual(-1 + 1e-12);
  });
});

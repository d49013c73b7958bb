/**
 * Checkpoints of the main TRF phase (issue 12): a fit resumed from the state saved after any
 * iteration ends exactly where the uninterrupted fit ends (the same iterates: the state holds all
 * the next iteration reads), with fewer evaluations than a fresh start; a state of the wrong shape
 * is refused with a message. NIST problems from their first (far) start, bounded and unbounded.
 */
import { describe, expect, it } from 'vitest';
import { loadNist, type NistProblem } from '../../test/nist';
import { compileModel } from '../model';
import type { TrfState } from '../solver/trfState';
import { curveFit } from './curveFit';
import type { FitOptions } from './defaults';

const problems = new Map(loadNist().map((p) => [p.name, p]));

function fit(p: NistProblem, options: FitOptions, bounds: boolean, checkpoint?: Parameters<typeof curveFit>[0]['checkpoint']) {
  const compiled = compileModel(p.model, { columns: Object.keys(p.columns) });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  return curveFit({
    model,
    data: { vars: model.variables.map((v) => p.columns[v].hi), y: p.y.hi },
    parameters: model.params.map((name) => {
      const i = p.params.indexOf(name);
      return { name, value: p.start1[i], ...(bounds ? { min: -10 * Math.abs(p.certified.values[i]), max: 10 * Math.abs(p.certified.values[i]) } : {}) };
    }),
    options,
    checkpoint,
  });
}

describe('checkpoints', () => {
  for (const [name, bounds, options] of [
    ['MGH09', false, {}],
    ['Thurber', false, { method: 'normal' }],
    ['Eckerle4', true, {}],
    ['Misra1a', false, { xScale: 1 }],
  ] as const) {
    it(`${name}${bounds ? ' with bounds' : ''}: resumed after any iteration, the fit ends where it ends uninterrupted`, async () => {
      const p = problems.get(name)!;
      const states: TrfState[] = [];
      const whole = await fit(p, options, bounds, { onState: (s) => void states.push(JSON.parse(JSON.stringify(s))) });
      expect(states.length).toBeGreaterThan(2);
      for (const k of [0, Math.floor(states.length / 2), states.length - 2]) {
        const from = states[k];
        const resumed = await fit(p, options, bounds, { resume: from });
        whole.parameters.forEach((q, i) => expect(Math.abs(resumed.parameters[i].value - q.value), q.name).toBeLessThanOrEqual(1e-9 * Math.abs(q.value)));
        expect(resumed.cost).toBeCloseTo(whole.cost, 12);
        // Counted across the interruption: the evaluations after it, plus one to linearize again.
        expect(resumed.nit).toBe(whole.nit);
        expect(resumed.nfev - from.nfev).toBeLessThan(whole.nfev);
      }
    });
  }

  it('refuses a state of the wrong shape with a message', async () => {
    const p = problems.get('Misra1a')!;
    const bad: TrfState = { x: [1], Delta: 1, alpha: 0, scaleInv: null, nfev: 3, njev: 3, nit: 2 };
    await expect(fit(p, {}, false, { resume: bad })).rejects.toThrow(/Cannot resume the fit: the saved parameters are not 2 finite numbers/);
    await expect(fit(p, {}, false, { resume: { ...bad, x: [250, 5e-4], Delta: -1 } })).rejects.toThrow(/trust radius/);
  });
});

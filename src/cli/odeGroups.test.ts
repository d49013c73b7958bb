/**
 * `fitbench fit --group COL` with an ODE model (issue 23): each group's first-order decay
 * dA/dt = −k·A, A(0) = A0 integrated and fitted on its own gives the closed-form per-group fit of
 * A0·exp(−k·t) on the same file (the analytic solution, fitted by the float64 TRF without any
 * integration) to the integration's tolerance, with the same JSON fields; missing starts come
 * from one pooled search; an empty group cell is counted and left out. A global fit (--shared, with
 * --compare) and a mixed-effects fit (--random) of the ODE give the closed-form ones, same fields.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../stats/mulberry32';
import { cliRunner, tempFiles } from '../../test/cli';

const run = cliRunner();
const { file } = tempFiles('fitbench-ode-groups');
const ODE = 'dA/dt = -k*A; A(0) = A0; conc ~ A';
const CLOSED = 'A0*exp(-k*t)';

// Three vials, each its own A0 and k, 9 unsorted times, 2% multiplicative noise (seeded); one row without a vial.
const random = mulberry32(7);
const lines = ['vial,t,conc'];
for (const [vial, a0, k] of [['v1', 5, 0.3], ['v2', 8, 0.12], ['v3', 3, 0.6]] as const) {
  for (const t of [6, 0.5, 2, 8, 1, 3, 4, 10, 0]) lines.push(`${vial},${t},${a0 * Math.exp(-k * t) * (1 + 0.02 * (random() - 0.5))}`);
}
lines.push(',5,1.1');
const data = file('vials.csv', lines.join('\n') + '\n');

const fit = async (...args: string[]) => {
  const r = await run('fit', data, '--group', 'vial', ...args, '--json');
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
};

describe('fitbench fit --group with an ODE model', () => {
  it('fits each group as the closed-form solution does, in the per-group JSON', async () => {
    const ode = await fit('--model', ODE, '--p0', 'A0=4,k=0.2');
    const closed = await fit('--model', CLOSED, '--y', 'conc', '--p0', 'A0=4,k=0.2');
    expect(Object.keys(ode).sort()).toEqual(Object.keys(closed).sort());
    expect(ode.mode).toBe('per-group');
    expect(ode.ungroupedRows).toBe(1);
    expect(ode.groups.map((g: { group: string }) => g.group)).toEqual(['v1', 'v2', 'v3']);
    ode.groups.forEach((g: Record<string, any>, i: number) => {
      const c = closed.groups[i];
      expect(Object.keys(g).sort()).toEqual(Object.keys(c).sort());
      expect(g.success).toBe(true);
      expect(g.rows).toBe(9);
      for (const p of ['A0', 'k']) {
        expect(Math.abs(g.params[p] - c.params[p]) / Math.abs(c.params[p])).toBeLessThan(1e-6);
        expect(Math.abs(g.stderr[p] - c.stderr[p]) / c.stderr[p]).toBeLessThan(1e-4);
      }
      expect(Math.abs(g.cost - c.cost) / c.cost).toBeLessThan(1e-6);
      expect(g.r2).toBeCloseTo(c.r2, 8);
    });
  }, 120_000);

  it('finds missing starts once over all groups, and picks groups', async () => {
    const searched = await fit('--model', ODE, '--starts', '64');
    const closed = await fit('--model', CLOSED, '--y', 'conc', '--p0', 'A0=4,k=0.2');
    expect(searched.warnings.some((w: string) => /found automatically on the rows of all groups together/.test(w))).toBe(true);
    searched.groups.forEach((g: Record<string, any>, i: number) => expect(Math.abs(g.params.k - closed.groups[i].params.k) / closed.groups[i].params.k).toBeLessThan(1e-6));
    const picked = await fit('--model', ODE, '--p0', 'A0=4,k=0.2', '--groups', 'v2');
    expect(picked.groups.map((g: { group: string }) => g.group)).toEqual(['v2']);
    const wrong = await run('fit', data, '--group', 'vial', '--model', ODE, '--groups', 'v9');
    expect(wrong.err).toMatch(/--groups: vial has no group "v9"/);
  }, 120_000);

  it('fits globally (--shared --compare) and with mixed effects (--random) as the closed-form model does', async () => {
    for (const mode of [['--shared', 'k', '--compare'], ['--random', 'A0']]) {
      const ode = await fit('--model', ODE, '--p0', 'A0=4,k=0.2', ...mode);
      const closed = await fit('--model', CLOSED, '--y', 'conc', '--p0', 'A0=4,k=0.2', ...mode);
      expect(Object.keys(ode).sort()).toEqual(Object.keys(closed).sort());
      expect(ode.mode).toBe(mode[0] === '--shared' ? 'global' : 'mixed');
      expect(mode[0] === '--shared' ? ode.comparison : ode.mixed).toBeTruthy();
      ode.groups.forEach((g: Record<string, any>, i: number) => {
        for (const p of ['A0', 'k']) expect(Math.abs(g.params[p] - closed.groups[i].params[p]) / Math.abs(closed.groups[i].params[p]), `${mode[0]} ${g.group} ${p}`).toBeLessThan(1e-6);
      });
      if (ode.mixed) expect(Math.abs(ode.mixed.logLik - closed.mixed.logLik)).toBeLessThan(1e-6);
      if (ode.comparison) expect(Math.abs(ode.comparison.F - closed.comparison.F) / closed.comparison.F).toBeLessThan(1e-5);
    }
  }, 120_000);
});

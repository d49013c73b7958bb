/**
 * An ODE model's groups in the global and mixed modes through the grouped job (steps/odeJoint.ts):
 * the host's progress sees the joint fit's iterations and `done` once, the comparison with the
 * per-group ODE fits runs from the same starts, and a cancelled run ends as the closed-form global
 * fit's does. References: the closed-form model A0·exp(−k·t) of the same groups (the ODE's solution).
 */
import { describe, expect, it } from 'vitest';
import type { DataGroup } from '../data';
import { fitGroups } from '../fit/batch/fitGroups';
import { compileModel } from '../model';
import { compileOde } from '../model/odeCompile';
import { parseStatements } from '../model/statements';
import { ODE_DEFAULTS } from '../fit/ode';
import type { GroupHost } from './groupHost';
import { runGroupJob } from './groupRun';
import type { JobGroups } from './groups';
import type { FitJob, JobData } from './job';

const times = Float64Array.from([0, 0.5, 1, 2, 3, 4, 6, 8]);
const wobble = [0.02, -0.03, 0.01, 0.025, -0.015, 0.03, -0.02, 0.01];
const vials = [5, 8, 3].map((a0, g) => ({ key: `v${g}`, y: times.map((t, i) => a0 * Math.exp(-0.3 * t) * (1 + wobble[(i + g) % 8])) }));

function odeData(): JobData {
  const spec = parseStatements('dA/dt = -k*A; A(0) = A0; conc ~ A');
  if (!spec.ok) throw new Error(spec.error.message);
  const model = compileOde(spec.value);
  if (!model.ok) throw new Error(model.error.message);
  return { kind: 'ode-groups', model: model.value, groups: vials.map((v) => ({ key: v.key, data: { observed: [{ column: 'conc', time: times, y: v.y, sigma: null }] } })), integration: ODE_DEFAULTS };
}

function closedData(): JobData {
  const model = compileModel('A0*exp(-k*t)', { columns: ['t'] });
  if (!model.ok) throw new Error(model.error.message);
  const groups = vials.map((v): DataGroup => ({
    key: v.key,
    data: { names: { x: ['t'], y: 'conc', sigma: null }, vars: [times], varsLo: [null], y: v.y, yLo: null, sigma: null, rows: times.length, lines: new Int32Array(times.length), dropped: [], droppedCount: 0 },
    excludedCount: 0,
    filteredCount: 0,
  }));
  return { kind: 'groups', model: model.value, groups };
}

const job = (data: JobData, groups: Partial<JobGroups>): FitJob => ({
  model: '', ties: [], data, parameters: [{ name: 'A0', value: 4 }, { name: 'k', value: 0.2 }], options: {}, objective: 'least-squares', varpro: false,
  start: { always: false, starts: null, seed: 0 }, intervals: 'wald', derive: [], checkpoint: null, backend: 'cpu', workers: null,
  groups: { column: 'vial', ungrouped: 0, mode: 'global', shared: ['k'], compare: false, guess: null, pooledStarts: true, ...groups },
});

function host(signal?: { aborted: boolean }) {
  const iterations: number[] = [];
  let done = 0;
  const h: GroupHost = {
    now: () => 0,
    batch: async (input) => ({ result: await fitGroups(input), workers: 0, accelerated: null, notes: [] }),
    global: { onIteration: (i) => iterations.push(i), done: () => done++, signal },
  };
  return { h, iterations, done: () => done };
}

describe('runGroupJob with an ODE model in the global and mixed modes', () => {
  it('reports progress, compares with the per-group ODE fits, and gives the closed-form fits', async () => {
    const ode = host();
    const run = await runGroupJob(job(odeData(), { compare: true }), ode.h);
    const closed = await runGroupJob(job(closedData(), { compare: true }), host().h);
    if (run.mode !== 'global' || closed.mode !== 'global') throw new Error('not global');
    expect(ode.iterations.length).toBeGreaterThan(0);
    expect(ode.done()).toBe(1);
    expect(Math.abs(run.global.cost - closed.global.cost) / closed.global.cost).toBeLessThan(1e-8);
    expect(run.comparison && closed.comparison && Math.abs(run.comparison.F - closed.comparison.F) / closed.comparison.F).toBeLessThan(1e-6);
    const mixed = await runGroupJob(job(odeData(), { mode: 'mixed', shared: [], mixed: { random: ['A0'], cov: 'full', method: 'ml' } }), host().h);
    const mixedClosed = await runGroupJob(job(closedData(), { mode: 'mixed', shared: [], mixed: { random: ['A0'], cov: 'full', method: 'ml' } }), host().h);
    if (mixed.mode !== 'mixed' || mixedClosed.mode !== 'mixed') throw new Error('not mixed');
    expect(Math.abs(mixed.mixed.logLik - mixedClosed.mixed.logLik)).toBeLessThan(1e-6);
    expect(mixed.comparisons.length).toBe(1);
  });

  it('ends a cancelled global fit as the closed-form one ends', async () => {
    const outcome = (data: JobData) => runGroupJob(job(data, {}), host({ aborted: true }).h).then(
      (r) => (r.mode === 'global' ? `status ${r.global.status}: ${r.global.message}` : r.mode),
      (e: Error) => `error ${e.message}`,
    );
    const [ode, closed] = [await outcome(odeData()), await outcome(closedData())];
    expect(ode).toBe(closed);
  });
});

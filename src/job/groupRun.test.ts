/**
 * The grouped fit job over a host of its own (issue 22): the runner asks the host for each batch
 * (the per-group fit, and the per-group fits a comparison needs, on the CPU) and hands the global
 * fit its cancel flag and progress; per-group and global fits of R's Puromycin reach nls's values
 * (fixtures/groupfits/nls_groups.json, made by fixtures/groupfits/nls_groups.R), the comparison R's
 * anova F; missing starts are found once over all groups' rows; the clash rules refuse what a
 * grouped job cannot run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataGroup } from '../data';
import { fitGroups } from '../fit/batch/fitGroups';
import type { ParameterSpec } from '../fit/parameters';
import { compileModel, type CompiledModel } from '../model';
import type { BatchRequest, GroupHost } from './groupHost';
import { runGroupJob } from './groupRun';
import type { JobGroups } from './groups';
import type { FitJob } from './job';
import { groupClash, JobInputError } from './validate';

const R = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/groupfits/nls_groups.json'), 'utf8')).puromycin;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

/** Puromycin (R's datasets) split by state, in the order of first appearance. */
function puromycin(): { model: CompiledModel; groups: DataGroup[] } {
  const lines = readFileSync(join(import.meta.dirname, '../../fixtures/groups/puromycin.csv'), 'utf8').trim().split(/\r?\n/);
  const header = lines[0].split(',').map((c) => c.replace(/^"|"$/g, ''));
  const rows = lines.slice(1).map((l) => l.split(',').map((c) => c.replace(/^"|"$/g, '')));
  const at = (name: string) => header.indexOf(name);
  const keys = [...new Set(rows.map((r) => r[at('state')]))];
  const groups = keys.map((key): DataGroup => {
    const mine = rows.filter((r) => r[at('state')] === key);
    const n = mine.length;
    const data = { names: { x: ['conc'], y: 'rate', sigma: null }, vars: [Float64Array.from(mine, (r) => Number(r[at('conc')]))], varsLo: [null], y: Float64Array.from(mine, (r) => Number(r[at('rate')])), yLo: null, sigma: null, rows: n, lines: new Int32Array(n), dropped: [], droppedCount: 0 };
    return { key, data, excludedCount: 0, filteredCount: 0 };
  });
  return { model: compiled(), groups };
}

function compiled(): CompiledModel {
  const m = compileModel(R.model, { columns: ['conc'] });
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

const STARTS: ParameterSpec[] = [
  { name: 'Vm', value: 200 },
  { name: 'K', value: 0.1 },
];

function groupJob(groups: Partial<JobGroups>, over: Partial<FitJob> = {}): FitJob {
  const p = puromycin();
  return {
    model: R.model,
    ties: [],
    data: { kind: 'groups', model: p.model, groups: p.groups },
    parameters: STARTS,
    options: {},
    objective: 'least-squares',
    varpro: false,
    start: { always: false, starts: null, seed: 0 },
    intervals: 'wald',
    derive: [],
    checkpoint: null,
    backend: 'cpu',
    workers: null,
    groups: { column: 'state', ungrouped: 0, mode: 'per-group', shared: [], compare: false, guess: null, pooledStarts: true, ...groups },
    ...over,
  };
}

/** A host that fits batches in this thread and records what it was asked. */
function recordingHost() {
  const batches: BatchRequest[] = [];
  const iterations: number[] = [];
  let done = 0;
  const host: GroupHost = {
    now: () => 0,
    async batch(input, request) {
      batches.push(request);
      return { result: await fitGroups(input), workers: 0, accelerated: null, notes: [`batch ${request.phase}`] };
    },
    global: { onIteration: (i) => iterations.push(i), done: () => done++ },
  };
  return { host, batches, iterations, done: () => done };
}

describe('runGroupJob over a bare host', () => {
  it("fits each group through the host's batch to R's nls values", async () => {
    const { host, batches } = recordingHost();
    const run = await runGroupJob(groupJob({}), host);
    expect(batches).toEqual([{ backend: 'cpu', workers: null, phase: 'groups' }]);
    expect(run.mode).toBe('per-group');
    expect(run.notes).toEqual(['batch groups']);
    expect(run.rows.map((r) => r.key)).toEqual(['treated', 'untreated']);
    run.rows.forEach((row, i) => {
      const r = R.perGroup[i];
      expect(rel(row.chi2, r.rss)).toBeLessThan(1e-6);
      expect(rel(row.params[0], r.params.Vm)).toBeLessThan(1e-6);
      expect(rel(row.params[1], r.params.K)).toBeLessThan(1e-6);
    });
  });

  it("fits globally with K shared and compares on the CPU: R's global nls and its anova F", async () => {
    const { host, batches, iterations, done } = recordingHost();
    const run = await runGroupJob(groupJob({ mode: 'global', shared: ['K'], compare: true }, { backend: 'gpu' }), host);
    if (run.mode !== 'global') throw new Error('a global run');
    const g = R.globalSharedK;
    expect(rel(run.global.chi2, g.rss)).toBeLessThan(1e-6);
    run.rows.forEach((row, i) => {
      expect(rel(row.params[0], g.Vm[i])).toBeLessThan(1e-6);
      expect(rel(row.params[1], g.K)).toBeLessThan(1e-6);
    });
    // The joint fit is the arrow system on the CPU; the comparison's batch runs on the CPU too.
    expect(batches).toEqual([{ backend: 'cpu', workers: null, phase: 'separate' }]);
    expect(rel(run.comparison!.F, g.anova.F)).toBeLessThan(1e-5);
    expect(iterations.length).toBeGreaterThan(0);
    expect(done()).toBe(1);
    expect(run.notes.at(-1)).toMatch(/global fits run on the CPU/);
  });

  it("finds missing starts once over all groups' rows, and every group still reaches nls's values", async () => {
    const { host } = recordingHost();
    const run = await runGroupJob(groupJob({}, { parameters: [{ name: 'Vm', value: null }, { name: 'K', value: null }] }), host);
    expect(run.starts?.searched).toEqual(['Vm', 'K']);
    expect(run.starts?.candidates).toBeGreaterThan(0);
    run.rows.forEach((row, i) => expect(rel(row.params[0], R.perGroup[i].params.Vm)).toBeLessThan(1e-6));
    // A guesser gives each group its own starts instead: no pooled search.
    const guessed = await runGroupJob(groupJob({ guess: () => [{ name: 'Vm', value: 200 }, { name: 'K', value: 0.1 }] }, { parameters: [{ name: 'Vm', value: null }, { name: 'K', value: null }] }), host);
    expect(guessed.starts).toBeNull();
    guessed.rows.forEach((row, i) => expect(rel(row.params[1], R.perGroup[i].params.K)).toBeLessThan(1e-6));
  });
});

describe('the group clash rules', () => {
  it('refuse what a grouped job cannot run, before anything runs', async () => {
    expect(groupClash(groupJob({}))).toBeNull();
    expect(groupClash(groupJob({ mode: 'global', shared: [] }))).toBe('global-needs-shared');
    expect(groupClash(groupJob({ shared: ['K'] }))).toBe('shared-needs-global');
    expect(groupClash(groupJob({ compare: true }))).toBe('compare-needs-global');
    expect(groupClash(groupJob({ mode: 'mixed' }))).toBe('mixed-needs-random');
    expect(groupClash(groupJob({ mixed: { random: ['K'], cov: 'full', method: 'ml' } }))).toBe('random-needs-mixed');
    expect(groupClash(groupJob({ mode: 'mixed', mixed: { random: ['K'], cov: 'full', method: 'ml' } }))).toBeNull();
    expect(groupClash(groupJob({}, { objective: 'poisson' }))).toBe('groups-one-dataset');
    expect(groupClash(groupJob({}, { varpro: true }))).toBe('groups-one-dataset');
    const { groups: _groups, ...single } = groupJob({});
    expect(groupClash(single)).toBe('groups-source');
    const { host, batches } = recordingHost();
    await expect(runGroupJob(groupJob({ mode: 'global', shared: [] }), host)).rejects.toThrow(JobInputError);
    await expect(runGroupJob(groupJob({}, { checkpoint: { resume: false } }), host)).rejects.toThrow(/not checkpointed \(groups\)/);
    expect(batches).toEqual([]);
  });
});

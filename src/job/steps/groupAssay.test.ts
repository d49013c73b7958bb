/**
 * The bootstrap per group (issue 26): with --group each group's bootstrapCi (and bootstrapBca /
 * bootstrapStudentized, bootstrap's kind, resamples, seed and failed) is the bootstrap of that
 * group's rows fitted alone (--where) with the same seed: an independent path through the single
 * fit's runner (src/job/run.ts), its own fit from the start values rather than the batch's.
 * Cancel keeps the groups done; a global fit's groups are refused.
 */
import { describe, expect, it } from 'vitest';
import { cliRunner } from '../../../test/cli';
import { compileModel } from '../../model';
import { groupAssaySteps } from './groupAssay';

const csv = new URL('../../../fixtures/groups/puromycin.csv', import.meta.url).pathname;
const model = ['--model', 'Vm*conc/(K+conc)', '--p0', 'Vm=200,K=0.1', '--y', 'rate'];
const run = cliRunner();

/** Each pair of interval ends equal to 1e-9 relative (the two fits' p̂ agree to about 1e-10). */
function expectSameIntervals(got: Record<string, [number, number]>, want: Record<string, [number, number]>) {
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  for (const [name, ends] of Object.entries(want)) {
    ends.forEach((v, i) => expect(Math.abs(got[name][i] - v)).toBeLessThanOrEqual(1e-9 * Math.abs(v)));
  }
}

describe('--ci bootstrap with --group', () => {
  it.each([
    ['residual', 'bca', 'bootstrapBca'],
    ['case', 'studentized', 'bootstrapStudentized'],
  ] as const)('gives each group the bootstrap of its rows alone (%s, %s)', async (kind, interval, field) => {
    const boot = ['--ci', 'bootstrap', '--bootstrap', '60', '--bootstrap-kind', kind, '--bootstrap-interval', interval, '--seed', '11', '--json'];
    const grouped = JSON.parse((await run('fit', csv, ...model, '--group', 'state', ...boot)).out);
    expect(grouped.groups.map((g: { group: string }) => g.group)).toEqual(['treated', 'untreated']);
    for (const g of grouped.groups) {
      const alone = JSON.parse((await run('fit', csv, ...model, '--where', `state=${g.group}`, ...boot)).out);
      expect(g.bootstrap).toEqual(alone.bootstrap);
      expect(g.bootstrap).toEqual({ kind, resamples: 60, seed: 11, failed: expect.any(Number) });
      expectSameIntervals(g.bootstrapCi, alone.bootstrapCi);
      expectSameIntervals(g[field], alone[field]);
    }
    // The two groups' curves differ (Vm about 213 and 160): their intervals are their own.
    expect(grouped.groups[0].bootstrapCi.Vm[0]).toBeGreaterThan(grouped.groups[1].bootstrapCi.Vm[1]);
  });

  it('prints each group’s intervals in the text report, and refuses a global fit', async () => {
    const text = (await run('fit', csv, ...model, '--group', 'state', '--ci', 'bootstrap', '--bootstrap', '20', '--seed', '2')).out;
    expect(text).toMatch(/group treated:\n {2}bootstrap \(residual resampling, 20 resamples, seed 2\): 95% percentile intervals\n {4}Vm: \[/);
    expect(text).toMatch(/group untreated:\n {2}bootstrap/);
    const global = await run('fit', csv, ...model, '--group', 'state', '--shared', 'K', '--ci', 'bootstrap');
    expect(global.err).toMatch(/--ci bootstrap resamples each group's own fit; it does not combine with --shared/);
  });
});

describe('groupAssaySteps', () => {
  const compiled = compileModel('a*exp(-k*t)', { columns: ['t'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const m = compiled.value;
  const t = Float64Array.from({ length: 12 }, (_, i) => i / 2);
  const group = (key: string, a: number, k: number) => ({ key, data: { vars: [t], y: Float64Array.from(t, (v, i) => a * Math.exp(-k * v) * (1 + 0.02 * Math.sin(7 * i))), sigma: null, lines: null } });
  const groups = [group('g1', 5, 0.7), group('g2', 3, 0.3), group('g3', 4, 0.5)];
  const rows = groups.map((g, i) => ({ key: g.key, success: i !== 1, params: Float64Array.of(4, 0.5) }));
  const input = { model: m, groups, rows, parameters: [{ name: 'a', value: 4 }, { name: 'k', value: 0.5 }], options: {} };
  const bootstrap = { kind: 'residual' as const, resamples: 30, seed: 1 };

  it('skips a group that was not fitted, reports progress over all groups, and stops at Cancel', async () => {
    const seen: [number, number][] = [];
    const all = await groupAssaySteps(input, null, { predict: null, bootstrap }, { onProgress: (d, n) => seen.push([d, n]) });
    expect(all.map((g) => g.bootstrap !== null)).toEqual([true, false, true]);
    expect(seen.at(-1)).toEqual([60, 60]);
    expect(seen.every(([d], i) => i === 0 || d >= seen[i - 1][0])).toBe(true);
    // Cancel during the third group: the first keeps its intervals, the note says so.
    let calls = 0;
    const notes: string[] = [];
    const cut = await groupAssaySteps(input, null, { predict: null, bootstrap }, { stopped: () => ++calls > 40 }, notes);
    expect(cut.map((g) => g.bootstrap !== null)).toEqual([true, false, false]);
    expect(cut[0].bootstrap!.intervals).toEqual(all[0].bootstrap!.intervals);
    expect(notes).toEqual(['Bootstrap intervals were cancelled; 1 of 2 groups have them.']);
  });
});

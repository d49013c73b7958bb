import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const FIX = join(import.meta.dirname, '../../fixtures');
const PUROMYCIN = join(FIX, 'groups/puromycin.csv');
const R = JSON.parse(readFileSync(join(FIX, 'groupfits/nls_groups.json'), 'utf8'));
const MM = ['--model', 'Vm*conc/(K + conc)', '--y', 'rate', '--p0', 'Vm=200,K=0.1'];

const { file } = tempFiles('fitbench-groups');

const run = cliRunner();

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('fitbench fit --group', () => {
  it('--json per group: the contract fields, one entry per group in file order, R\'s nls RSS', async () => {
    const r = await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.mode).toBe('per-group');
    expect(j.shared).toEqual([]);
    expect(j.groups.map((g: { group: string }) => g.group)).toEqual(['treated', 'untreated']);
    for (const [i, g] of j.groups.entries()) {
      for (const key of ['group', 'rows', 'success', 'status', 'message', 'params', 'stderr', 'cost']) expect(g).toHaveProperty(key);
      const ref = R.puromycin.perGroup[i];
      expect(g.rows).toBe(ref.n);
      expect(rel(2 * g.cost, ref.rss)).toBeLessThan(1e-6);
      expect(rel(g.params.K, ref.params.K)).toBeLessThan(1e-6);
      expect(rel(g.stderr.Vm, ref.stderr.Vm)).toBeLessThan(1e-4);
    }
    expect(j.cost).toBeCloseTo(j.groups[0].cost + j.groups[1].cost, 9);
    expect(j.nfev).toBeGreaterThan(0);
    expect(j.timing.parseMs).toBeGreaterThan(0);
    expect(j.timing.fitMs).toBeGreaterThan(0);
    expect(j).not.toHaveProperty('comparison');
  });

  it('without --p0: one automatic start search on all groups\' rows starts every group, R\'s nls RSS per group and shared', async () => {
    const noStart = ['--model', 'Vm*conc/(K + conc)', '--y', 'rate'];
    const r = await run('fit', PUROMYCIN, ...noStart, '--group', 'state', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    for (const [i, g] of j.groups.entries()) expect(rel(2 * g.cost, R.puromycin.perGroup[i].rss)).toBeLessThan(1e-6);
    expect(j.warnings.filter((w: string) => /Start values for Vm, K were found automatically/.test(w))).toHaveLength(1);
    const shared = JSON.parse((await run('fit', PUROMYCIN, ...noStart, '--group', 'state', '--shared', 'K', '--json')).out);
    expect(rel(2 * shared.cost, R.puromycin.globalSharedK.rss)).toBeLessThan(1e-6);
  });

  it('--shared K --compare: a global fit, every group lists every parameter, and the F test in words', async () => {
    const r = await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--shared', 'K', '--compare', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const g = R.puromycin.globalSharedK;
    expect(j.mode).toBe('global');
    expect(j.shared).toEqual(['K']);
    expect(j.groups[0].params.K).toBe(j.groups[1].params.K);
    expect(rel(j.groups[0].params.K, g.K)).toBeLessThan(1e-6);
    expect(rel(j.groups[1].params.Vm, g.Vm[1])).toBeLessThan(1e-6);
    expect(rel(2 * j.cost, g.rss)).toBeLessThan(1e-6);
    expect(j.comparison.df).toEqual(g.anova.df);
    expect(rel(j.comparison.p, g.anova.p)).toBeLessThan(1e-5);
    expect(j.comparison.verdict).toMatch(/^A shared K is consistent with the data \(F\(1, 19\) = 1\.72, p = 0\.21\)/);
    const text = await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--shared', 'K', '--compare');
    expect(text.out).toMatch(/Global fit of 2 groups, shared: K: converged/);
    expect(text.out).toMatch(/Global vs separate: A shared K is consistent/);
  });

  it('a group that cannot be fitted is reported in its row and the exit code is 1', async () => {
    const csv = file('groups.csv', 'g,x,y\n' + [0.1, 0.2, 0.5, 1, 2, 4].map((x) => `a,${x},${(5 * x) / (0.5 + x)}`).join('\n') + '\nb,1,2\nc,1,abc\n');
    const r = await run('fit', csv, '--model', 'Vm*x/(K + x)', '--p0', 'Vm=4,K=1', '--group', 'g', '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    const byGroup = Object.fromEntries(j.groups.map((g: { group: string }) => [g.group, g]));
    expect(byGroup.a.success).toBe(true);
    expect(byGroup.a.params.Vm).toBeCloseTo(5, 8);
    expect(byGroup.b).toMatchObject({ success: false, rows: 1, code: 'too-few-rows' });
    expect(byGroup.b.stderr.Vm).toBeNull();
    expect(byGroup.c).toMatchObject({ success: false, rows: 0, droppedRows: 1 });
    expect(byGroup.c.message).toMatch(/rows left out: 1 unusable/);
    expect(j.failed).toBe(2);
  });

  it('--where and --exclude-rows narrow the groups before the fit', async () => {
    // Lines 2-13 are the treated rows; --exclude-rows 2 drops the first; nls_puromycin.json has R's answer.
    const ref = JSON.parse(readFileSync(join(FIX, 'groups/nls_puromycin.json'), 'utf8')).treated_without_line_2;
    const r = await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--where', 'state=treated', '--exclude-rows', '2', '--json');
    const j = JSON.parse(r.out);
    expect(j.groups).toHaveLength(1);
    expect(j.groups[0]).toMatchObject({ group: 'treated', rows: 11, excludedRows: 1 });
    expect(rel(2 * j.groups[0].cost, ref.rss)).toBeLessThan(1e-6);
  });

  it('the worker pool gives the rows the in-process batch gives', async () => {
    const inProcess = JSON.parse((await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--workers', '0', '--json')).out);
    const pooled = JSON.parse((await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--workers', '2', '--json')).out);
    expect(pooled.workers).toBe(2);
    expect(inProcess.workers).toBe(0);
    expect(pooled.groups).toEqual(inProcess.groups);
  }, 60_000);

  it('bad group-mode options exit 2 with a message that names the fix', async () => {
    let r = await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--compare');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--compare .* --shared/);
    r = await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--shared', 'Km');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--shared: the model has no parameter "Km"; its parameters are Vm, K/);
    r = await run('fit', PUROMYCIN, ...MM, '--shared', 'K');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--shared applies to grouped fits: add --group COL/);
    r = await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--workers', '-1');
    expect(r.code).toBe(2);
  });
});

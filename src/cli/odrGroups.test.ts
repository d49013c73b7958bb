/**
 * `fitbench fit --group COL` with errors in x (issue 24): three groups, York's data and two copies
 * with known answers (x shifted by s: b the same, a − b·s; y and σy scaled by c: a and b times c,
 * the sums of squares the same), each group's β and sd_beta the single fit of that group
 * (--where G=KEY) gives, York's group York's exact line; a σx of 0 fails its group naming its
 * line while the others are fitted; an implicit circle and its shifted copy; --groups picks; --shared, --random, --wide are refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const run = cliRunner();
const { file } = tempFiles('fitbench-odr-groups');
const SHIFT = 3;
const SCALE = 2.5;
const york = readFileSync('fixtures/odr/york.csv', 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
const lines = ['G,x,y,sx,sy'];
for (const [x, y, sx, sy] of york) lines.push(`york,${x},${y},${sx},${sy}`);
for (const [x, y, sx, sy] of york) lines.push(`shift,${x + SHIFT},${y},${sx},${sy}`);
for (const [x, y, sx, sy] of york) lines.push(`scale,${x},${SCALE * y},${sx},${SCALE * sy}`);
const data = file('groups.csv', lines.join('\n') + '\n');
const ARGS = ['--model', 'a + b*x', '--y', 'y', '--sigma', 'sy', '--sigma-x', 'sx'];
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

type Row = { group: string; success: boolean; params: Record<string, number>; stderr: Record<string, number>; message: string; odr: Record<string, any> | null };

const fitJson = async (...args: string[]) => {
  const r = await run('fit', data, ...ARGS, ...args, '--json');
  expect(r.err).toBe('');
  return { code: r.code, j: JSON.parse(r.out) };
};

describe('fitbench fit --group with errors in x', () => {
  it("fits each group as its own single fit does; York's group is York's line, the copies move as they must", async () => {
    for (const start of [[], ['--p0', 'a=1,b=0']]) {
      const { code, j } = await fitJson('--group', 'G', ...start);
      expect(code).toBe(0);
      expect(j.mode).toBe('per-group');
      const rows = j.groups as Row[];
      expect(rows.map((g) => g.group)).toEqual(['york', 'shift', 'scale']);
      for (const g of rows) {
        const one = (await fitJson('--where', `G=${g.group}`, ...start)).j;
        for (const p of ['a', 'b']) {
          expect(rel(g.params[p], one.params[p])).toBeLessThan(1e-9);
          expect(rel(g.stderr[p], one.stderr[p])).toBeLessThan(1e-9);
          expect(rel(g.odr!.sd_beta[p], one.odr.sd_beta[p])).toBeLessThan(1e-9);
        }
        for (const k of ['sum_square', 'res_var']) expect(rel(g.odr![k], one.odr[k])).toBeLessThan(1e-9);
        // The δ/ε split is not stationary at the minimum: from the same starts it is the same
        // fit; from the pooled start search's starts (not the group's own) it moves at √ftol.
        const split = start.length > 0 ? 1e-12 : 1e-6;
        for (const k of ['sum_square_delta', 'sum_square_eps']) expect(rel(g.odr![k], one.odr[k])).toBeLessThan(split);
      }
      const [y, s, c] = rows;
      // York (1966), Pearson's data with York's weights: the exact least-squares line.
      expect(Math.abs(y.params.a - 5.47991)).toBeLessThan(1e-6);
      expect(Math.abs(y.params.b - -0.480533)).toBeLessThan(1e-6);
      // The solver stops at |Δcost|/cost < ftol, so β agrees to √ftol-ish, not to the last digit.
      expect(rel(s.params.b, y.params.b)).toBeLessThan(1e-7);
      expect(rel(s.params.a, y.params.a - y.params.b * SHIFT)).toBeLessThan(1e-7);
      expect(rel(c.params.a, SCALE * y.params.a)).toBeLessThan(1e-7);
      expect(rel(c.params.b, SCALE * y.params.b)).toBeLessThan(1e-7);
      expect(rel(c.stderr.b, SCALE * y.stderr.b)).toBeLessThan(1e-6);
      for (const g of [s, c]) expect(rel(g.odr!.sum_square, y.odr!.sum_square)).toBeLessThan(1e-9);
    }
  }, 120_000);

  it('fails a group whose σx is 0 by its line, fits the others; --groups picks; refuses what does not run per group', async () => {
    const bad = file('bad.csv', lines.map((l, i) => (i === 15 ? l.replace(/,([^,]+),([^,]+)$/, ',0,$2') : l)).join('\n') + '\n');
    const r = await run('fit', bad, ...ARGS, '--group', 'G', '--json');
    expect(r.code).toBe(1);
    const rows = JSON.parse(r.out).groups as Row[];
    expect(rows.map((g) => g.success)).toEqual([true, false, true]);
    expect(rows[1].message).toMatch(/σ of "x" is 0 at line 16/);
    expect(rows[1].odr).toBeNull();
    const text = await run('fit', bad, ...ARGS, '--group', 'G');
    expect(text.out).toMatch(/shift: σ of "x" is 0 at line 16/);
    const picked = (await fitJson('--group', 'G', '--groups', 'scale,york')).j;
    expect(picked.groups.map((g: Row) => g.group)).toEqual(['york', 'scale']);
    // An implicit circle, its second group shifted by 1 in px: the centre moves by 1, the rest stays.
    const circle = readFileSync('fixtures/odr/circle.csv', 'utf8').trim().split('\n').slice(1);
    const circles = file('circles.csv', ['g,px,py,s', ...circle.map((l) => `A,${l}`), ...circle.map((l) => l.split(',').map(Number)).map(([px, py, s]) => `B,${px + 1},${py},${s}`)].join('\n') + '\n');
    const c = await run('fit', circles, '--model', '(px-a)^2 + (py-b)^2 = R^2', '--sigma-x', 's', '--p0', 'a=0.8,b=-0.3,R=1.8', '--group', 'g', '--json');
    expect(c.code).toBe(0);
    const [ca, cb] = JSON.parse(c.out).groups as Row[];
    expect(ca.odr!.kind).toBe('implicit');
    expect(Math.abs(cb.params.a - (ca.params.a + 1))).toBeLessThan(1e-7);
    for (const p of ['b', 'R']) expect(rel(cb.params[p], ca.params[p])).toBeLessThan(1e-7);
    const refused = async (args: string[], message: RegExp) => {
      const x = await run('fit', data, ...ARGS, ...args);
      expect(x.code).toBe(2);
      expect(x.err).toMatch(message);
    };
    await refused(['--group', 'G', '--random', 'a'], /--random does not run with errors in x .* globally with --shared/);
    await refused(['--group', 'G', '--shared', 'b', '--compare'], /--compare does not run with errors in x/);
    const ci = await run('fit', circles, '--model', '(px-a)^2 + (py-b)^2 = R^2', '--sigma-x', 's', '--p0', 'a=0.8,b=-0.3,R=1.8', '--group', 'g', '--shared', 'R');
    expect(ci.code).toBe(2);
    expect(ci.err).toMatch(/--shared: a global fit with errors in x fits y = f\(x\)/);
    await refused(['--wide'], /--wide does not run with errors in x .* --group COL/);
    await refused(['--group', 'G', '--deltas'], /--deltas writes one fit's δ per row/);
    await refused(['--group', 'sx'], /--group: sx is a column of the fit/);
    await refused(['--group', 'G', '--groups', 'nope'], /--groups: G has no group "nope"/);
  }, 120_000);

  it("--shared: one global ODR fit, scipy.odr's stacked fit (fixtures/odr/make_global.py); a σx of 0 names its row and group", async () => {
    const f = (JSON.parse(readFileSync('fixtures/odr/global.json', 'utf8')).fits as { shared: string[]; local: string[]; groups: { key: string; x: number[]; y: number[]; sx: number[]; sy: number[]; sum_square_delta: number; sum_square_eps: number }[]; beta: number[]; sd_beta: number[]; sum_square: number; sum_square_delta: number; sum_square_eps: number; res_var: number }[])[1];
    const csv = ['G,x,y,sx,sy', ...f.groups.flatMap((g) => g.x.map((x, i) => `${g.key},${x},${g.y[i]},${g.sx[i]},${g.sy[i]}`))];
    const global = file('global.csv', csv.join('\n') + '\n');
    const r = await run('fit', global, ...ARGS, '--group', 'G', '--shared', 'b', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.mode).toBe('global');
    const names = [...f.shared, ...f.groups.flatMap((g) => f.local.map((n) => `${n}[${g.key}]`))];
    names.forEach((name, a) => {
      expect(rel(j.odr.sd_beta[name], f.sd_beta[a])).toBeLessThan(1e-3);
      const [p, key] = name.includes('[') ? [name[0], name.slice(2, -1)] : [name, f.groups[0].key];
      const row = (j.groups as Row[]).find((g) => g.group === key)!;
      expect(rel(row.params[p], f.beta[a])).toBeLessThan(1e-6);
      expect(rel(row.stderr[p], f.sd_beta[a])).toBeLessThan(1e-3);
    });
    for (const k of ['sum_square', 'sum_square_delta', 'sum_square_eps', 'res_var'] as const) expect(rel(j.odr[k], f[k])).toBeLessThan(1e-6);
    (j.groups as Row[]).forEach((g, k) => expect(rel(g.odr!.sum_square_delta, f.groups[k].sum_square_delta)).toBeLessThan(1e-5));
    const bad = file('global-bad.csv', csv.map((l, i) => (i === 14 ? l.replace(/,([^,]+),([^,]+)$/, ',0,$2') : l)).join('\n') + '\n');
    const b = await run('fit', bad, ...ARGS, '--group', 'G', '--shared', 'b');
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/Group "g2": σ of "x" is 0 at line 15/);
  }, 60_000);
});

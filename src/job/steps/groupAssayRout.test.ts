/**
 * ROUT per group (issue 26): with --group each group's ROUT (Cauchy fit, RSDR, the FDR test, the
 * least-squares refit without the outliers) equals the single fit's ROUT of that group's rows alone
 * (--where): the same flagged rows, and that refit is the group's reported fit. The plates of
 * fixtures/assay/rout_plates.csv (make_rout_plates.py) are interleaved row by row; A has one planted
 * outlier, B none, C two.
 */
import { describe, expect, it } from 'vitest';
import { cliRunner } from '../../../test/cli';

const csv = new URL('../../../fixtures/assay/rout_plates.csv', import.meta.url).pathname;
const model = ['--model', 'd + (a - d)/(1 + (conc/c)^b)', '--p0', 'a=0.1,b=1,c=10,d=2', '--y', 'od'];
const run = cliRunner();

describe('--outliers rout with --group', () => {
  it('gives each group the ROUT of its rows alone, and reports the refit without its outliers', async () => {
    const grouped = JSON.parse((await run('fit', csv, ...model, '--group', 'plate', '--outliers', 'rout', '--json')).out);
    expect(grouped.groups.map((g: { group: string }) => g.group)).toEqual(['A', 'B', 'C']);
    // The planted rows (file lines: header 1, then A, B, C interleaved): A's data row 4, C's 10 and 20.
    expect(grouped.groups.map((g: { outliers: { indices: number[]; rows: number[] } }) => [g.outliers.indices, g.outliers.rows])).toEqual([
      [[4], [14]],
      [[], []],
      [[10, 20], [34, 64]],
    ]);
    let cost = 0;
    for (const g of grouped.groups) {
      const alone = JSON.parse((await run('fit', csv, ...model, '--where', `plate=${g.group}`, '--outliers', 'rout', '--json')).out);
      // RSDR is read off the Cauchy fit, which starts from the batch's fit here and from the
      // single least-squares fit there: the two robust minima agree to about 1e-10.
      expect(g.outliers).toEqual({ ...alone.outliers, rsdr: expect.any(Number) });
      expect(Math.abs(g.outliers.rsdr - alone.outliers.rsdr)).toBeLessThanOrEqual(1e-8 * alone.outliers.rsdr);
      expect(g.rows).toBe(alone.n);
      for (const name of 'abcd') {
        expect(Math.abs(g.params[name] - alone.params[name])).toBeLessThanOrEqual(1e-9 * Math.abs(alone.params[name]));
        expect(Math.abs(g.stderr[name] - alone.stderr[name])).toBeLessThanOrEqual(1e-6 * alone.stderr[name]);
      }
      expect(Math.abs(g.cost - alone.cost)).toBeLessThanOrEqual(1e-9 * alone.cost);
      cost += g.cost;
    }
    expect(grouped.cost).toBeCloseTo(cost, 12);
  });

  it('bootstraps each group on its refit without the outliers, as the group alone', async () => {
    const boot = ['--outliers', 'rout', '--ci', 'bootstrap', '--bootstrap', '30', '--seed', '3', '--json'];
    const grouped = JSON.parse((await run('fit', csv, ...model, '--group', 'plate', ...boot)).out);
    const alone = JSON.parse((await run('fit', csv, ...model, '--where', 'plate=C', ...boot)).out);
    const c = grouped.groups[2];
    expect(c.bootstrap).toEqual(alone.bootstrap);
    for (const [name, ends] of Object.entries(alone.bootstrapCi as Record<string, [number, number]>)) {
      ends.forEach((v, i) => expect(Math.abs(c.bootstrapCi[name][i] - v)).toBeLessThanOrEqual(1e-9 * Math.abs(v)));
    }
  });

  it('puts back --keep-rows lines in their group, prints each group’s verdict, and refuses a global or mixed fit', async () => {
    const text = (await run('fit', csv, ...model, '--group', 'plate', '--outliers', 'rout', '--keep-rows', '34')).out;
    expect(text).toMatch(/group A:\n {2}ROUT \(Q = 1%\): 1 outlier left out of the fit, line 14 \(RSDR/);
    expect(text).toMatch(/group B:\n {2}ROUT \(Q = 1%\): no outliers/);
    expect(text).toMatch(/group C:\n {2}ROUT \(Q = 1%\): 1 outlier left out of the fit, line 64 \(RSDR/);
    const shared = await run('fit', csv, ...model, '--group', 'plate', '--shared', 'd', '--outliers', 'rout');
    expect(shared.err).toMatch(/--outliers does not combine with --group --shared \(a global fit/);
    const mixed = await run('fit', csv, ...model, '--group', 'plate', '--random', 'c', '--outliers', 'rout');
    expect(mixed.err).toMatch(/--outliers does not combine with --random/);
  });
});

/**
 * --interpolate and --predict (issue 26) on a 4PL standard curve with unknowns, against scipy
 * (fixtures/assay/make_interp.py: curve_fit, brentq on the curve and on the inverted prediction
 * band): x̂ and the interval ends to 1e-6, the statuses of unknowns off the curve's range, the
 * predictions' intervals; and the refusals that name the option.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const ref = JSON.parse(readFileSync(new URL('../../fixtures/assay/interp_ref.json', import.meta.url), 'utf8'));
const csv = new URL('../../fixtures/assay/plate4pl.csv', import.meta.url).pathname;
const run = cliRunner();
const model = ['--model', 'd + (a - d)/(1 + (conc/c)^b)', '--p0', 'a=0.1,b=1,c=10,d=2', '--y', 'od'];
const close = (a: number | null, b: number | null) => {
  if (b === null) return expect(a).toBeNull();
  expect(a).not.toBeNull();
  expect(Math.abs((a as number) - b) / Math.abs(b)).toBeLessThan(1e-6);
};

describe('--interpolate and --predict', () => {
  it('reads unknowns off the curve with inverse-prediction intervals as scipy does, and predicts at new x', async () => {
    const j = JSON.parse((await run('fit', csv, ...model, '--interpolate', '--sample', 'sample', '--predict', 'conc=3,20,100', '--json')).out);
    expect(j.n).toBe(18); // the unknowns are not fitted
    for (const name of 'abcd') close(j.params[name], ref.params[name]);
    expect(j.interpolated.map((u: { status: string }) => u.status)).toEqual(ref.interpolated.map((u: { status: string }) => u.status));
    for (const [i, u] of ref.interpolated.entries()) {
      const got = j.interpolated[i];
      expect([got.row, got.n, got.sample]).toEqual([u.row, u.n, u.sample]);
      close(got.y, u.y);
      close(got.x, u.x);
      close(got.lower, u.lower);
      close(got.upper, u.upper);
    }
    expect(j.interpolated[0].rows).toEqual([20, 21, 22]);
    for (const [i, p] of ref.predicted.entries()) for (const k of ['y', 'confLower', 'confUpper', 'predLower', 'predUpper']) close(j.predicted[i][k], p[k]);
  });

  it('a weighted fit (--weights 1/y) gives each unknown the variance of its own σ² = |y|, as scipy', async () => {
    const j = JSON.parse((await run('fit', csv, ...model, '--interpolate', '--sample', 'sample', '--weights', '1/y', '--json')).out);
    for (const [i, u] of ref.weighted.interpolated.entries()) {
      close(j.interpolated[i].x, u.x);
      close(j.interpolated[i].lower, u.lower);
      close(j.interpolated[i].upper, u.upper);
    }
    expect(j.interpolated[2].status).toBe('no-interval-bound');
  });

  it('without --sample each unknown row is its own sample; the text report has the table', async () => {
    const j = JSON.parse((await run('fit', csv, ...model, '--interpolate', '--json')).out);
    expect(j.interpolated).toHaveLength(9);
    expect(j.interpolated.every((u: { n: number }) => u.n === 1)).toBe(true);
    expect(j.predicted).toBeUndefined();
    const text = (await run('fit', csv, ...model, '--interpolate', '--sample', 'sample')).out;
    expect(text).toMatch(/unknowns read off the curve \(95% inverse-prediction intervals\):\n\s+line\s+sample\s+n\s+y\s+x\s+lower\s+upper\s+status\n\s+20\s+s1\s+3\s+0\.623333\s+4\.77328/);
  });

  it("reads each group's unknowns off its own curve (--group), as scipy does for the plate alone", async () => {
    const [head, ...body] = readFileSync(csv, 'utf8').trim().split('\n');
    const plates = tempFiles('fitbench-assay').file('plates.csv', [`${head},plate`, ...body.map((l) => `${l},A`), ...body.map((l) => `${l},B`), ',1.0,z,C'].join('\n') + '\n');
    const j = JSON.parse((await run('fit', plates, ...model, '--group', 'plate', '--interpolate', '--sample', 'sample', '--json')).out);
    expect(j.groups.map((g: { group: string }) => g.group)).toEqual(['A', 'B', 'C']);
    for (const g of j.groups.slice(0, 2)) {
      expect(g.droppedRows).toBe(0); // the unknowns are not counted as unusable rows
      for (const [i, u] of ref.interpolated.entries()) {
        expect(g.interpolated[i].status).toBe(u.status);
        close(g.interpolated[i].x, u.x);
        close(g.interpolated[i].lower, u.lower);
        close(g.interpolated[i].upper, u.upper);
      }
    }
    expect(j.groups[1].interpolated[0].rows).toEqual([47, 48, 49]);
    expect(j.groups[2].interpolated).toEqual([{ row: 56, y: 1, x: null, lower: null, upper: null, status: 'not-fitted', n: 1, rows: [56], sample: 'z' }]);
  });

  it('refuses what it cannot do, naming the option', async () => {
    expect((await run('fit', csv, ...model, '--sample', 'sample')).err).toMatch(/--sample .* add --interpolate/);
    expect((await run('fit', csv, ...model, '--interpolate', '--predict', 'x=1,2')).err).toMatch(/--predict: the model's variable is conc, not "x"/);
    expect((await run('fit', csv, ...model, '--interpolate', '--group', 'sample', '--shared', 'a')).err).toMatch(/--interpolate does not combine with --group --shared/);
    // ROUT per group: steps/groupAssayRout.test.ts; a global fit's groups are not fits of their own.
    expect((await run('fit', csv, ...model, '--outliers', 'rout', '--group', 'sample', '--shared', 'a')).err).toMatch(/--outliers does not combine with --group --shared/);
    expect((await run('fit', csv, ...model, '--keep-rows', '13')).err).toMatch(/--keep-rows .* add --outliers rout/);
    expect((await run('fit', csv, ...model, '--outliers', 'rout', '--keep-rows', '13,x')).err).toMatch(/--keep-rows takes file line numbers .* got "x"/);
    // A mixed-effects fit's group curves are not the per-group fits the unknowns are read off.
    expect((await run('fit', csv, ...model, '--interpolate', '--group', 'sample', '--random', 'a')).err).toMatch(/--interpolate does not combine with --random/);
    const noUnknowns = await run('fit', csv, ...model, '--interpolate', '--where', 'sample == std');
    expect(noUnknowns.err).toMatch(/has no unknowns/);
  });
});

describe('--outliers rout', () => {
  const plate = new URL('../../fixtures/assay/rout4pl.csv', import.meta.url).pathname;
  const m = ['--model', 'd + (a - d)/(1 + (conc/c)^b)', '--p0', 'a=0.1,b=1,c=10,d=2'];

  it('finds the two planted outliers and reports the least-squares fit without them', async () => {
    const j = JSON.parse((await run('fit', plate, ...m, '--outliers', 'rout', '--json')).out);
    expect(j.outliers).toMatchObject({ method: 'rout', q: 0.01, indices: [4, 17], rows: [6, 19] });
    const without = JSON.parse((await run('fit', plate, ...m, '--exclude-rows', '6,19', '--json')).out);
    for (const name of 'abcd') expect(Math.abs(j.params[name] - without.params[name])).toBeLessThan(1e-9 * Math.abs(without.params[name]));
    expect(j.n).toBe(25);
  });

  it('flags none on the clean rows, and keeps the least-squares fit', async () => {
    const clean = ['--exclude-rows', '6,19'];
    const j = JSON.parse((await run('fit', plate, ...m, ...clean, '--outliers', 'rout', '--outlier-q', '5', '--json')).out);
    expect(j.outliers.indices).toEqual([]);
    const plain = JSON.parse((await run('fit', plate, ...m, ...clean, '--json')).out);
    expect(j.params).toEqual(plain.params);
  });

  it('refuses a robust loss and a bad Q', async () => {
    expect((await run('fit', plate, ...m, '--outliers', 'rout', '--loss', 'huber')).err).toMatch(/--outliers does not combine with --loss huber/);
    expect((await run('fit', plate, ...m, '--outliers', 'rout', '--outlier-q', '0')).err).toMatch(/--outlier-q is a percentage/);
    expect((await run('fit', plate, ...m, '--outlier-q', '1')).err).toMatch(/add --outliers rout/);
    expect((await run('fit', plate, ...m, '--outliers', 'rout', '--compare-model', 'd + (a - d)/(1 + conc/c)')).err).toMatch(/a model comparison needs both models on the same rows/);
  });
});

describe('--ci bootstrap', () => {
  it('adds percentile intervals beside the Wald ones, the same for the same seed', async () => {
    const args = ['fit', csv, ...model, '--interpolate', '--ci', 'bootstrap', '--bootstrap', '60', '--bootstrap-kind', 'case', '--seed', '4', '--json'];
    const j = JSON.parse((await run(...args)).out);
    expect(j.ciMethod).toBe('wald');
    expect(j.bootstrap).toEqual({ kind: 'case', resamples: 60, seed: 4, failed: expect.any(Number) });
    expect(Object.keys(j.bootstrapCi).sort()).toEqual(['a', 'b', 'c', 'd']);
    // The bootstrap and Wald intervals of the EC50 overlap (both about ±5%).
    expect(j.bootstrapCi.c[0]).toBeLessThan(j.ci.c[1]);
    expect(j.bootstrapCi.c[1]).toBeGreaterThan(j.ci.c[0]);
    expect(j.bootstrapBca).toBeUndefined();
    // --bootstrap-interval bca: the same percentile bootstrapCi for the same seed, BCa beside it.
    const bca = JSON.parse((await run(...args, '--bootstrap-interval', 'bca')).out);
    expect(bca.bootstrapCi).toEqual(j.bootstrapCi);
    expect(Object.keys(bca.bootstrapBca).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(bca.bootstrapBca.c[0]).toBeLessThan(j.ci.c[1]);
    expect(bca.bootstrapBca.c[1]).toBeGreaterThan(j.ci.c[0]);
  });

  it('refuses its options without it, and bad counts', async () => {
    expect((await run('fit', csv, ...model, '--interpolate', '--bootstrap', '100')).err).toMatch(/--bootstrap belongs to bootstrap intervals: add --ci bootstrap/);
    expect((await run('fit', csv, ...model, '--interpolate', '--ci', 'bootstrap', '--bootstrap', '5')).err).toMatch(/--bootstrap is the number of resamples/);
    expect((await run('fit', csv, ...model, '--interpolate', '--ci', 'bootstrap', '--bootstrap-kind', 'wild')).err).toMatch(/--bootstrap-kind must be residual or case/);
    expect((await run('fit', csv, ...model, '--interpolate', '--ci', 'bootstrap', '--bootstrap-interval', 'abc')).err).toMatch(/--bootstrap-interval must be percentile, bca or studentized/);
    expect((await run('fit', csv, ...model, '--interpolate', '--bootstrap-interval', 'bca')).err).toMatch(/--bootstrap-interval belongs to bootstrap intervals: add --ci bootstrap/);
  });
});

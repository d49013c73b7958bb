/**
 * A single fit's float64 passes on worker threads (--workers, rowWorkers.ts): the same parameters,
 * errors and statistics as in this thread, to the last bit on the normal-equation path; the JSON's
 * `workers` says how many ran; small fits stay in this thread unless asked.
 */
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../../test/cli';

const { file } = tempFiles('fitbench-rows');
const run = cliRunner();

/** A Gaussian on an offset, 150 000 rows (3 chunks of the passes). */
function gaussianCsv(rows: number): string {
  const lines = ['x,y'];
  for (let i = 0; i < rows; i++) {
    const x = -5 + (10 * i) / (rows - 1);
    const noise = 0.05 * Math.sin(12.9898 * i) * Math.cos(78.233 * i);
    lines.push(`${x.toPrecision(9)},${(2.5 * Math.exp(-((x - 0.3) ** 2) / (2 * 0.8 ** 2)) + 0.1 + noise).toPrecision(9)}`);
  }
  return lines.join('\n');
}

const MODEL = ['--model', 'a*exp(-(x-mu)^2/(2*s^2))+c', '--p0', 'a=2,mu=0,s=1,c=0', '--json'];

describe('fitbench fit --workers (one fit, passes on worker threads)', () => {
  const csv = file('gauss.csv', gaussianCsv(150_000));

  it('gives the fit of this thread, bit for bit, and says how many workers ran', async () => {
    const here = await run('fit', csv, ...MODEL, '--workers', '0');
    const pooled = await run('fit', csv, ...MODEL, '--workers', '2');
    expect(here.code).toBe(0);
    expect(pooled.code).toBe(0);
    const [a, b] = [JSON.parse(here.out), JSON.parse(pooled.out)];
    expect(a.workers).toBe(0);
    expect(b.workers).toBe(2);
    for (const key of ['params', 'stderr', 'pcov', 'cost', 'chi2', 'r2', 'nfev', 'nit', 'diagnostics']) expect(b[key], key).toEqual(a[key]);
    expect(Math.abs(a.params.mu - 0.3)).toBeLessThan(1e-3);
  });

  it('above 200 000 rows (statistics from the pool\'s model values) the JSON is this thread\'s apart from timings: weighted, x replicated and shuffled', async () => {
    // 300 000 rows, each x twice, in a fixed shuffled order, σ from a column.
    const lines = ['x,y,sy'];
    const rows = 300_000;
    for (let j = 0; j < rows; j++) {
      const i = (j * 7919) % rows;
      const x = -5 + (10 * Math.floor(i / 2)) / (rows / 2);
      const noise = 0.05 * Math.sin(12.9898 * i) * Math.cos(78.233 * i);
      lines.push(`${x.toPrecision(9)},${(2.5 * Math.exp(-((x - 0.3) ** 2) / (2 * 0.8 ** 2)) + 0.1 + noise).toPrecision(9)},${(0.04 + 0.01 * (i % 5)).toFixed(2)}`);
    }
    const big = file('gauss-replicated.csv', lines.join('\n'));
    const args = [big, ...MODEL, '--sigma', 'sy'];
    const [here, pooled] = [await run('fit', ...args, '--workers', '0'), await run('fit', ...args, '--workers', '2')];
    expect(here.code, here.err).toBe(0);
    expect(pooled.code, pooled.err).toBe(0);
    const [a, b] = [JSON.parse(here.out), JSON.parse(pooled.out)];
    expect([a.workers, b.workers]).toEqual([0, 2]);
    expect(a.diagnostics.order).toBe('rows');
    const strip = (j: unknown) => JSON.parse(JSON.stringify(j, (k, v) => (k === 'workers' || k === 'timing' || /Ms$/.test(k) ? undefined : v)));
    expect(strip(b)).toEqual(strip(a));
    expect(Math.abs(a.params.mu - 0.3)).toBeLessThan(1e-3);
  });

  it('a fit below 200 000 rows stays in this thread by default', async () => {
    const r = await run('fit', csv, ...MODEL);
    expect(JSON.parse(r.out).workers).toBe(0);
  });

  it('refuses a --workers that is not a whole number', async () => {
    const r = await run('fit', csv, ...MODEL, '--workers', '1.5');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--workers must be a whole number/);
  });
});

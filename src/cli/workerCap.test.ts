/**
 * --workers N capped at the cores and at the work (workerCap.ts; issue 27, item 2: a 50-row fit
 * with --workers 100000 started ~3 000 threads and took 9.7 GB). The pools are watched: a pool
 * asked for more workers than the machine has cores fails the test before any thread starts.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { capWorkers } from '../job/workerCap';
import { rowWorkerCount } from '../job/rowWorkerRule';
import { workersFor } from '../job/node/groupBatch';
import { parseThreads, PARALLEL_MIN_BYTES } from '../data/node/parallelRead';

const sizes: number[] = [];
vi.mock('../parallel/node/nodePool', async (importOriginal) => {
  const real = await importOriginal<typeof import('../parallel/node/nodePool')>();
  return {
    ...real,
    createNodePool: (options: Parameters<typeof real.createNodePool>[0]) => {
      const size = options.size ?? real.defaultNodePoolSize();
      sizes.push(size);
      if (size > availableParallelism()) throw new Error(`a pool of ${size} workers on ${availableParallelism()} cores`);
      return real.createNodePool(options);
    },
  };
});

const { file } = tempFiles('fitbench-workercap');
const run = cliRunner();

describe('capWorkers', () => {
  it('caps at the cores, and says so in one line', () => {
    expect(capWorkers(100_000, 2)).toEqual({ workers: 2, note: '--workers 100000 capped at 2 (the cores of this machine).' });
    expect(capWorkers(2, 2)).toEqual({ workers: 2, note: null });
    expect(capWorkers(0, 8)).toEqual({ workers: 0, note: null });
  });

  it('caps at one worker per chunk of rows, naming the rows', () => {
    // 50 rows are one chunk of the passes: one worker, whatever the cores.
    expect(rowWorkerCount(50, 100_000, 64)).toEqual({ workers: 1, note: '--workers 100000 capped at 1 (50 rows: a worker takes 65 536 rows at least; this machine has 64 cores).' });
    expect(rowWorkerCount(150_000, 8, 64).workers).toBe(3);
    expect(rowWorkerCount(150_000, 8, 2)).toEqual({ workers: 2, note: '--workers 8 capped at 2 (the cores of this machine).' });
    expect(rowWorkerCount(150_000, 0, 2)).toEqual({ workers: 0, note: null });
    // The default: no pool below 200 000 rows; above, all cores (from 4 cores) up to one per chunk.
    expect(rowWorkerCount(50, null, 64)).toEqual({ workers: 0, note: null });
    expect(rowWorkerCount(300_000, null, 4)).toEqual({ workers: 4, note: null });
    expect(rowWorkerCount(300_000, null, 64)).toEqual({ workers: 5, note: null });
    expect(rowWorkerCount(300_000, null, 2)).toEqual({ workers: 0, note: null });
  });

  it('caps a batch at the cores and the groups, and a parse at the cores', () => {
    expect(workersFor(100_000, 3, 64)).toEqual({ workers: 3, note: '--workers 100000 capped at 3 (3 groups; this machine has 64 cores).' });
    expect(workersFor(100_000, 500, 4).workers).toBe(4);
    expect(workersFor(null, 10, 4).workers).toBe(0);
    expect(parseThreads(PARALLEL_MIN_BYTES, 100_000, 8)).toBe(8);
  });
});

describe('fitbench fit --workers 100000', () => {
  const csv = file('line.csv', ['x,y', ...Array.from({ length: 50 }, (_, i) => `${i},${(2 * i + 1 + 0.01 * Math.sin(i)).toFixed(6)}`)].join('\n'));

  it('a 50-row fit runs on one worker and says why in one stderr line', async () => {
    sizes.length = 0;
    const r = await run('fit', csv, '--model', 'a*x + b', '--p0', 'a=1,b=0', '--workers', '100000', '--json');
    expect(r.code, r.err).toBe(0);
    expect(sizes).toEqual([1]);
    expect(JSON.parse(r.out).workers).toBe(1);
    const lines = r.err.split('\n').filter((l) => l.includes('--workers'));
    expect(lines).toEqual([`fitbench: --workers 100000 capped at 1 (50 rows: a worker takes 65 536 rows at least; this machine has ${availableParallelism()} core${availableParallelism() === 1 ? '' : 's'}).`]);
    expect(JSON.parse(r.out).params.a).toBeCloseTo(2, 3);
  });

  it('a per-group batch runs on at most one worker per group, at most the cores', async () => {
    sizes.length = 0;
    const grouped = file('groups.csv', ['g,x,y', ...Array.from({ length: 40 }, (_, i) => `${i % 2 ? 'b' : 'a'},${i},${(3 * i - 1 + 0.01 * Math.cos(i)).toFixed(6)}`)].join('\n'));
    const r = await run('fit', grouped, '--model', 'a*x + b', '--p0', 'a=1,b=0', '--group', 'g', '--workers', '100000', '--json');
    expect(r.code, r.err).toBe(0);
    expect(sizes).toEqual([Math.min(2, availableParallelism())]);
    expect(r.err).toMatch(/^fitbench: --workers 100000 capped at \d+ \(/m);
  });
});

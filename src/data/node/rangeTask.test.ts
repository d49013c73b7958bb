/**
 * The parse worker's side of the board (rangeTask.ts), run in this thread: it counts the ranges
 * left to count, takes the jobs from its port (published before it runs, as for a worker that
 * starts late), and parses the ranges left to parse; with no jobs (null) it parses nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesSource, rangeCuts } from '../parallelIngest';
import { countClaimed, markPublished, rangeBoard } from '../rangeClaim';
import { countLineBreaks } from '../rangeParse';
import { rangeJobs } from '../testing/rangeJobs';
import { fileSource } from './fileSource';
import { task } from './rangeTask';

const dir = mkdtempSync(join(tmpdir(), 'fitbench-range-task-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function setUp(rows: number) {
  const file = join(dir, `rows${rows}.csv`);
  writeFileSync(file, `t,v\n${Array.from({ length: rows }, (_, i) => `${i / 4},${(i * 0.3).toFixed(3)}`).join('\n')}\n`);
  const bytes = readFileSync(file);
  const cuts = rangeCuts(fileSource(file, bytes.length), 6)!;
  const board = rangeBoard(cuts);
  const jobs = rangeJobs(bytes, cuts, rows);
  return { file, bytes, cuts, board, jobs };
}

describe('the parse worker task', () => {
  it('counts what is left to count, then parses what is left to parse', async () => {
    const { file, bytes, cuts, board, jobs } = setUp(3000);
    countClaimed(bytesSource(bytes), board, 2); // the calling thread counted two ranges first
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(jobs);
    markPublished(board);
    const parsed = await task({ file, size: bytes.length, board, jobs: port2 }, { progress: () => undefined });
    expect(Array.from(board.breaks)).toEqual(cuts.slice(0, -1).map((c, k) => countLineBreaks(bytes.subarray(c, cuts[k + 1]))));
    expect(parsed.map(([k]) => k)).toEqual([0, 1, 2, 3, 4]);
    expect(parsed.every(([, o]) => o.ok)).toBe(true);
    port1.close();
  });

  it('parses nothing when the calling thread publishes no jobs', async () => {
    const { file, bytes, board } = setUp(3000);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(null);
    markPublished(board);
    expect(await task({ file, size: bytes.length, board, jobs: port2 }, { progress: () => undefined })).toEqual([]);
    port1.close();
  });
});

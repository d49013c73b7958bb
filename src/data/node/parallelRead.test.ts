/**
 * The CLI's parallel parse with real worker threads (the pool's workers read their ranges from the
 * file): the one-thread Table, bit for bit, on a file with a quoted header, CRLF, blank and comment
 * lines, empty and NaN cells and rows of the wrong width; and how many threads a file gets.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBytes } from '../byteIngest';
import { canonical } from '../testing/ingestFiles';
import { PARALLEL_MIN_BYTES, parseThreads, readTableParallel } from './parallelRead';

const dir = mkdtempSync(join(tmpdir(), 'fitbench-parallel-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readTableParallel', () => {
  it('gives the one-thread Table, bit for bit, with the line numbers of issues and notes', async () => {
    const lines = ['"time","signal"', ...Array.from({ length: 60000 }, (_, i) => `${i / 16},${Math.sin(i / 100).toPrecision(12)}`)];
    lines[30001] = '';
    lines[30002] = '# calibration';
    lines[41000] = '12.5,'; // empty cell
    lines[45000] = '1,2,3'; // too many fields
    lines[52000] = 'NaN,4';
    const file = join(dir, 'errors.csv');
    writeFileSync(file, lines.join('\r\n'));
    const size = readFileSync(file).length;
    for (const threads of [2, 3]) {
      const parallel = await readTableParallel(file, size, threads);
      expect(parallel).not.toBeNull();
      expect(canonical(parallel!)).toEqual(canonical(parseBytes(readFileSync(file))));
      if (!parallel!.ok) throw new Error(parallel!.error.message);
      const t = parallel!.value;
      expect(t.issues.map((i) => i.line)).toEqual([45001]);
      expect(t.columns[1]!.notes.map((n) => t.lines[n.row])).toEqual([41001, 45001]);
      expect(t.columns[0]!.notes.map((n) => t.lines[n.row])).toEqual([45001, 52001]);
    }
  }, 60_000);

  it('hands a file with a text cell past the head to one thread (null)', async () => {
    const lines = ['x,y', ...Array.from({ length: 20000 }, (_, i) => `${i},${i * 2}`)];
    lines[15000] = 'n/a,3';
    const file = join(dir, 'text.csv');
    writeFileSync(file, lines.join('\n'));
    expect(await readTableParallel(file, readFileSync(file).length, 2)).toBeNull();
  }, 60_000);

  it('parses on every core from PARALLEL_MIN_BYTES on, as --workers says, and on one thread below', () => {
    expect(parseThreads(PARALLEL_MIN_BYTES - 1, null, 8)).toBe(1);
    expect(parseThreads(PARALLEL_MIN_BYTES, null, 8)).toBe(8);
    expect(parseThreads(PARALLEL_MIN_BYTES, 0, 8)).toBe(1);
    expect(parseThreads(PARALLEL_MIN_BYTES, 3, 8)).toBe(3);
  });
});

/**
 * Issue 27, item 1: the CLI refuses every destructive output path without touching it.
 * `--checkpoint data.csv` exited 0 and replaced the data with the checkpoint; a FIFO (and, run as
 * root, /dev/null) was swapped for a regular file by the write-then-rename. Each case here ran the
 * fit and wrote before the fix; now each is refused with exit 2 before the data are read, and the
 * file is left as it was, byte for byte and of the same kind.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const { file, dir } = tempFiles('fitbench-output-target');
const run = cliRunner();
const rows = Array.from({ length: 12 }, (_, i) => `${i},${(2 * Math.exp(-i / 3) + 0.5 + 0.01 * Math.sin(7 * i)).toFixed(6)}`);
const text = 'x,y\n' + rows.join('\n') + '\n';
const data = file('decay.csv', text);
const fit = (...extra: string[]) => run('fit', data, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=2,tau=3,c=0.5', '--json', ...extra);

/** The run was refused before the fit: exit 2, one line on stderr, nothing on stdout. */
function expectRefused(r: { code: number; out: string; err: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
  expect(r.err.split('\n')).toHaveLength(1);
  expect(r.err).toMatch(message);
}

describe('output paths that would destroy what the user has', () => {
  it('--checkpoint at the data file, by its name, a symbolic link or a hard link, leaves the data as they were', async () => {
    const link = join(dir, 'decay-link.csv');
    symlinkSync(data, link);
    const hard = join(dir, 'decay-hard.csv');
    linkSync(data, hard);
    for (const path of [data, join(dir, '.', 'decay.csv'), link, hard]) {
      const r = await fit('--checkpoint', path, '--checkpoint-every', '0');
      expectRefused(r, /--checkpoint .* is the data file .*decay\.csv; writing there would overwrite your data: give another file, e\.g\. --checkpoint .*decay\.fit\.ckpt\.json\./);
      expect(readFileSync(data, 'utf8')).toBe(text);
    }
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('--checkpoint at a FIFO is refused and the FIFO stays a FIFO', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const before = readdirSync(dir).sort();
    const r = await fit('--checkpoint', fifo);
    expectRefused(r, /--checkpoint .*pipe is a FIFO \(named pipe\), not a regular file; fitbench writes only regular files and would replace it: give a file name, e\.g\. --checkpoint .*fit\.ckpt\.json\./);
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('--checkpoint at an existing file that is not a checkpoint is refused; an empty file or a checkpoint is reused', async () => {
    const results = file('results.csv', 'name,value\na,1\n');
    expectRefused(await fit('--checkpoint', results), /--checkpoint .*results\.csv exists and is not a fitbench checkpoint; the first save would replace it: give another file, or delete it first if it may go\./);
    expect(readFileSync(results, 'utf8')).toBe('name,value\na,1\n');
    const empty = file('empty.ckpt.json', '');
    const first = await fit('--checkpoint', empty, '--checkpoint-every', '0');
    expect(first.code).toBe(0);
    expect(JSON.parse(readFileSync(empty, 'utf8')).format).toBe('fitbench-checkpoint');
    // A checkpoint already there is what --checkpoint is for: it is saved over (or resumed).
    const again = await fit('--checkpoint', empty, '--checkpoint-every', '0');
    expect(again.code).toBe(0);
  });

  it('--report at a FIFO, at the checkpoint file, or in a missing folder is refused before the fit', async () => {
    const fifo = join(dir, 'report.html');
    execFileSync('mkfifo', [fifo]);
    expectRefused(await fit('--report', fifo), /--report .*report\.html is a FIFO \(named pipe\), not a regular file/);
    expect(statSync(fifo).isFIFO()).toBe(true);
    const both = join(dir, 'both.html');
    expectRefused(await fit('--checkpoint', both, '--report', both), /--report and --checkpoint both name .*both\.html; each needs its own file\./);
    expect(existsSync(both)).toBe(false);
    // Before, a report into a missing folder failed after the whole fit.
    const missing = join(dir, 'no-such-folder', 'fit.html');
    expectRefused(await fit('--report', missing), /--report .*no-such-folder\/fit\.html: could not write it: the folder .*no-such-folder does not exist \(ENOENT\); give a file in a folder that exists/);
    const folder = join(dir, 'reports.html');
    execFileSync('mkdir', [folder]);
    expectRefused(await fit('--report', folder), /--report .*reports\.html is a folder; give a file in it, e\.g\. --report .*reports\.html\/report\.html\./);
  });
});

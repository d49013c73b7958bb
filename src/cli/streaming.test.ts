/**
 * --memory-limit (issue 12): a file whose columns exceed the limit is streamed from a temporary
 * file, and the fit is the in-memory fit to the last bit (parameters, errors, statistics,
 * diagnostics); bad sizes are refused naming the option; the temporary file never outlives the
 * run (its name is gone while it runs; a Ctrl-C leaves nothing).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { normal, rng } from '../../test/random';
import { parseMemoryLimit } from './memoryLimit';

const { file, dir } = tempFiles('fitbench-stream');
const run = cliRunner();

// 300 000 rows, sorted x with triplicates, σ per row: ≈ 13 MB of text, ≈ 17 MB in memory.
const r = rng(21);
const lines = ['x,y,s'];
for (let i = 0; i < 300_000; i++) {
  const x = Math.floor(i / 3) * 1e-4;
  const s = 0.01 + 0.01 * r();
  lines.push(`${x},${2 * Math.exp(-x / 5) + 0.3 + s * normal(r)},${s}`);
}
const big = file('big.csv', lines.join('\n') + '\n');
const bad = file('bad.csv', lines.slice(0, 250_000).join('\n') + '\n1.5,abc,0.01\n' + lines.slice(250_000).join('\n') + '\n');
const FIT = ['--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--sigma', 's', '--json'];

let tmp = '';
/** What streamed fits left in TMPDIR (tsx keeps its own cache there). */
const left = () => readdirSync(tmp).filter((name) => name.startsWith('fitbench-'));
const savedTmp = process.env.TMPDIR;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fitbench-stream-tmp-'));
  process.env.TMPDIR = tmp;
});
afterAll(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  // The data files are ≈ 13 MB each: not left in the system's temporary folder.
  rmSync(dir, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

describe('--memory-limit', () => {
  it('reads sizes with K, M, G suffixes', () => {
    expect(parseMemoryLimit('512M')).toBe(512 * 1024 ** 2);
    expect(parseMemoryLimit('1.5G')).toBe(1.5 * 1024 ** 3);
    expect(parseMemoryLimit('65536k')).toBe(64 * 1024 ** 2);
    expect(parseMemoryLimit('256MiB')).toBe(256 * 1024 ** 2);
  });

  for (const value of ['lots', '-5M', '12X', '', '1M']) {
    it(`refuses "${value}" in one line that names the option and an example`, async () => {
      const res = await run('fit', big, ...FIT, '--memory-limit', value);
      expect(res.code).toBe(2);
      expect(res.err.trim().split('\n')).toHaveLength(1);
      expect(res.err).toMatch(/--memory-limit/);
      expect(res.err).toMatch(/e\.g\. --memory-limit 512M/);
    });
  }

  it('streams a file over the limit and equals the in-memory fit to the last bit; the temporary file is gone', async () => {
    const memory = await run('fit', big, ...FIT);
    const streamed = await run('fit', big, ...FIT, '--memory-limit', '16M');
    expect(memory.code).toBe(0);
    expect(streamed.code).toBe(0);
    const m = JSON.parse(memory.out);
    const s = JSON.parse(streamed.out);
    expect(m.memory.mode).toBe('memory');
    expect(s.memory).toMatchObject({ mode: 'stream', limit: 16 * 1024 ** 2, chunkRows: 65_536, chunks: 5, tempBytes: 300_000 * 3 * 8 });
    expect(s.memory.estimateBytes).toBeGreaterThan(s.memory.limit);
    for (const key of ['params', 'stderr', 'pcov', 'ci', 'cost', 'chi2', 'rss', 'r2', 'aic', 'bicR', 'aicc', 'logLik', 'diagnostics', 'nfev', 'njev', 'nit', 'weighting']) {
      expect(s[key], key).toEqual(m[key]);
    }
    expect(s.diagnostics.replicates).not.toBeNull();
    // Progress names the pass and the chunk.
    expect(streamed.err).toMatch(/pass 1 \(linearize\), chunk 1\/5/);
    expect(memory.err).toBe('');
    expect(left()).toEqual([]);
  });

  it('a comment, a quoted header, CRLF, ";" and decimal commas: each piece is read as the first one was', async () => {
    const europe = file('europe.csv', '# exported\r\n"x";"y";"s"\r\n' + lines.slice(1).map((l) => l.replaceAll(',', ';').replaceAll('.', ',')).join('\r\n') + '\r\n');
    const memory = JSON.parse((await run('fit', europe, ...FIT)).out);
    const streamed = JSON.parse((await run('fit', europe, ...FIT, '--memory-limit', '16M')).out);
    expect(streamed.memory.mode).toBe('stream');
    expect(streamed.n).toBe(300_000);
    for (const key of ['params', 'stderr', 'chi2', 'diagnostics']) expect(streamed[key], key).toEqual(memory[key]);
  });

  it('a bad row deep in a streamed file is named by its line, and nothing is left behind', async () => {
    const res = await run('fit', bad, ...FIT, '--memory-limit', '16M');
    expect(res.code).toBe(2);
    // The header is line 1 and 249 999 rows precede it; the in-memory reader names the same line.
    expect(res.err).toMatch(/bad\.csv:250001: column "y": "abc" is not a number; fix or remove the row\./);
    const inMemory = await run('fit', bad, ...FIT);
    expect(inMemory.err).toMatch(/bad\.csv:250001: column "y": "abc" is not a number; fix or remove the row, or leave it out with --exclude-rows 250001\./);
    expect(left()).toEqual([]);
  });

  it('a quoted field in a streamed file is refused with its line (a quoted record may span the pieces read)', async () => {
    const quoted = file('quoted.csv', lines.slice(0, 200_000).join('\n') + '\n"6.6",1,0.01\n' + lines.slice(200_000).join('\n') + '\n');
    const res = await run('fit', quoted, ...FIT, '--memory-limit', '16M');
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/quoted\.csv:200001: a quoted field; a streamed file must be plain numeric text\. Remove the quotes, or raise --memory-limit/);
    expect(left()).toEqual([]);
  });

  it('what needs all rows in memory is refused with the fix: a missing start, --where', async () => {
    const noStart = await run('fit', big, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1', '--memory-limit', '16M');
    expect(noStart.code).toBe(2);
    expect(noStart.err).toMatch(/streamed from disk, where the automatic start search cannot run \(it needs all rows in memory\): give --p0 for every free parameter/);
    const where = await run('fit', big, ...FIT, '--where', 'x>1', '--memory-limit', '16M');
    expect(where.code).toBe(2);
    expect(where.err).toMatch(/streamed from disk, where row filters \(--where, --exclude-rows\) cannot run \(they need all rows in memory\)\. Raise --memory-limit above 16\.\d MiB/);
    // Sizes in powers of 1024 say so (trial 5: "--memory-limit 16.0 MB" for 16M, "41 MiB read" beside it).
    expect(where.err).toMatch(/about 16\.\d MiB in memory is more than --memory-limit 16\.0 MiB/);
  });

  it.skipIf(process.platform !== 'linux')('while a streamed fit runs its file has no name; Ctrl-C ends it and leaves nothing', async () => {
    const bin = fileURLToPath(new URL('../../bin/fitbench.mjs', import.meta.url));
    const child = spawn(process.execPath, [bin, 'fit', big, ...FIT, '--memory-limit', '16M'], { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    const started = new Promise<void>((resolve) => child.stderr.on('data', (b: Buffer) => {
      err += b.toString();
      if (/storing the columns/.test(err)) resolve();
    }));
    const ended = new Promise<string | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await started;
    // The open file: a descriptor to a name already removed, and nothing in TMPDIR.
    const open = readdirSync(`/proc/${child.pid}/fd`).map((fd) => { try { return readlinkSync(`/proc/${child.pid}/fd/${fd}`); } catch { return ''; } });
    expect(open.some((target) => target.startsWith(tmp) && target.endsWith('columns.f64 (deleted)'))).toBe(true);
    expect(left()).toEqual([]);
    child.kill('SIGINT');
    expect(await ended).toBe('SIGINT');
    expect(left()).toEqual([]);
  }, 60_000);
});

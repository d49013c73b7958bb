/**
 * --checkpoint and --resume on a streamed fit (--memory-limit, issue 12): a streamed fit stopped
 * early (by --max-nfev, as a killed run would be) resumes from its file and ends where the
 * uninterrupted streamed fit ends, with fewer evaluations after the interruption than a fresh fit;
 * the fingerprint is the usable-cells digest taken during the ingest, the one an in-memory fit of
 * the file takes, so the checkpoints of the two modes resume each other; a changed value is
 * refused; no temporary column file outlives a run.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { normal, rng } from '../../test/random';

const { file, dir } = tempFiles('fitbench-streamcp');
const run = cliRunner();

// 300 000 rows with σ per row: ≈ 17 MB in memory (streaming.test.ts), streamed under --memory-limit 16M.
const r = rng(5);
const lines = ['x,y,s'];
for (let i = 0; i < 300_000; i++) {
  const x = i * 1e-4;
  const s = 0.01 + 0.01 * r();
  lines.push(`${x},${2 * Math.exp(-x / 5) + 0.3 + s * normal(r)},${s}`);
}
const big = file('big.csv', lines.join('\n') + '\n');
// One y deep in the file changed in its last digit.
const changedLines = [...lines];
changedLines[200_001] = changedLines[200_001].replace(/,([^,]*),/, (_, y: string) => `,${Number(y) + 1e-12},`);
const changed = file('changed.csv', changedLines.join('\n') + '\n');
const FIT = ['--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--sigma', 's', '--json'];
const STREAM = ['--memory-limit', '16M'];

let tmp = '';
/** What streamed fits left in TMPDIR. */
const left = () => readdirSync(tmp).filter((name) => name.startsWith('fitbench-'));
const savedTmp = process.env.TMPDIR;
type Whole = { params: Record<string, number>; nfev: number; memory: { mode: string } };
let whole: Whole | null = null;
/** The uninterrupted streamed fit (run once, inside a test: the capture hooks are per test). */
const wholeFit = async (): Promise<Whole> => (whole ??= JSON.parse((await run('fit', big, ...FIT, ...STREAM)).out));
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fitbench-streamcp-tmp-'));
  process.env.TMPDIR = tmp;
});
afterAll(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  rmSync(dir, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

const closeTo = async (got: Record<string, number>) => {
  const whole = await wholeFit();
  for (const name of Object.keys(whole.params)) expect(Math.abs(got[name] - whole.params[name]), name).toBeLessThanOrEqual(1e-9 * Math.abs(whole.params[name]));
};

describe('checkpoints of streamed fits', () => {
  it('a stopped streamed fit resumes from its checkpoint and ends where the whole streamed fit ends; nothing is left behind', async () => {
    const whole = await wholeFit();
    expect(whole.memory.mode).toBe('stream');
    const ckpt = join(dir, 'stream.ckpt.json');
    const first = JSON.parse((await run('fit', big, ...FIT, ...STREAM, '--checkpoint', ckpt, '--checkpoint-every', '0', '--max-nfev', '3')).out);
    expect(first.memory.mode).toBe('stream');
    expect(first.success).toBe(false);
    expect(first.checkpoint.saves).toBe(first.nit);
    const saved = JSON.parse(readFileSync(ckpt, 'utf8'));
    expect(saved.data.rows).toBe(300_000);
    expect(saved.state.nit).toBe(first.nit);
    expect(left()).toEqual([]);

    const again = JSON.parse((await run('fit', big, ...FIT, ...STREAM, '--checkpoint', ckpt, '--resume')).out);
    expect(again.memory.mode).toBe('stream');
    expect(again.success).toBe(true);
    expect(again.checkpoint.resumed).toEqual({ nit: saved.state.nit, nfev: saved.state.nfev });
    await closeTo(again.params);
    expect(again.nfev - saved.state.nfev).toBeLessThan(whole.nfev);
    expect(left()).toEqual([]);
  });

  it('a streamed checkpoint resumes in memory (the same cells, the same fingerprint)', async () => {
    const streamed = join(dir, 'to-memory.ckpt.json');
    await run('fit', big, ...FIT, ...STREAM, '--checkpoint', streamed, '--checkpoint-every', '0', '--max-nfev', '3');
    const inMemory = JSON.parse((await run('fit', big, ...FIT, '--checkpoint', streamed, '--resume')).out);
    expect(inMemory.memory.mode).toBe('memory');
    expect(inMemory.checkpoint.resumed).not.toBeNull();
    await closeTo(inMemory.params);
    expect(left()).toEqual([]);
  });

  it('an in-memory checkpoint resumes streamed', async () => {
    const memory = join(dir, 'to-stream.ckpt.json');
    await run('fit', big, ...FIT, '--checkpoint', memory, '--checkpoint-every', '0', '--max-nfev', '3');
    const back = JSON.parse((await run('fit', big, ...FIT, ...STREAM, '--checkpoint', memory, '--resume')).out);
    expect(back.memory.mode).toBe('stream');
    expect(back.checkpoint.resumed).not.toBeNull();
    await closeTo(back.params);
    expect(left()).toEqual([]);
  });

  it('a changed value in the file makes --resume refuse, streamed or in memory, and leaves nothing behind', async () => {
    const ckpt = join(dir, 'changed.ckpt.json');
    await run('fit', big, ...FIT, ...STREAM, '--checkpoint', ckpt, '--max-nfev', '3');
    const streamed = await run('fit', changed, ...FIT, ...STREAM, '--checkpoint', ckpt, '--resume');
    expect(streamed.code).toBe(2);
    expect(streamed.err).toMatch(/--resume: .*changed\.ckpt\.json belongs to another fit: its data differ \(300000 rows saved, 300000 now, or other values\)/);
    expect((await run('fit', changed, ...FIT, '--checkpoint', ckpt, '--resume')).err).toMatch(/its data differ/);
    expect(left()).toEqual([]);
  });
});

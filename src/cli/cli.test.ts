import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from './main';

const dir = mkdtempSync(join(tmpdir(), 'fitbench-cli-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

// y = 3·exp(−x/2) + 0.5 exactly, on 12 points.
const xs = Array.from({ length: 12 }, (_, i) => i * 0.5);
const exact = file('exact.csv', 'x,y\n' + xs.map((x) => `${x},${3 * Math.exp(-x / 2) + 0.5}`).join('\n') + '\n');

let out: string[];
let err: string[];
beforeEach(() => {
  out = [];
  err = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
});
afterEach(() => vi.restoreAllMocks());

async function run(...argv: string[]) {
  const code = await main(argv);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('fitbench fit', () => {
  it('--json prints one object with the contract fields', async () => {
    const r = await run('fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    for (const key of ['success', 'status', 'message', 'params', 'stderr', 'pcov', 'cost', 'rss', 'chi2', 'redchi2', 'r2', 'nfev', 'njev', 'nit', 'backend', 'timing']) {
      expect(j).toHaveProperty(key);
    }
    expect(j.params.a).toBeCloseTo(3, 10);
    expect(j.params.tau).toBeCloseTo(2, 10);
    expect(j.params.c).toBeCloseTo(0.5, 10);
    expect(j.cost).toBeCloseTo(j.chi2 / 2, 20);
    expect(j.backend).toBe('cpu');
    expect(j.timing.parseMs).toBeGreaterThan(0);
    expect(j.pcov).toHaveLength(3);
  });

  it('bounds, fixed parameters and a loss are honoured', async () => {
    const r = await run('fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1', '--fix', 'c=0.4', '--bounds', 'tau=0:1.5', '--loss', 'soft_l1', '--json');
    const j = JSON.parse(r.out);
    expect(j.params.c).toBe(0.4);
    expect(j.fixed).toEqual(['c']);
    expect(j.params.tau).toBeLessThanOrEqual(1.5);
    expect(j.free).toEqual(['a', 'tau']);
  });

  it('the readable report lists parameters with errors and intervals', async () => {
    const r = await run('fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Converged/);
    expect(r.out).toMatch(/^\s+tau\s+2\.0000/m);
    expect(r.out).toMatch(/95% interval/);
  });

  const bad: [string, string[], RegExp][] = [
    ['missing file', ['fit', join(dir, 'nope.csv'), '--model', 'a*x'], /nope\.csv: no such file/],
    ['unknown y column', ['fit', exact, '--model', 'a*x', '--y', 'z', '--p0', 'a=1'], /column "z"/i],
    ['model parse error', ['fit', exact, '--model', 'a*sn(x)'], /--model: Unknown function "sn" at 1:3; did you mean "sin"\?/],
    ['model without columns', ['fit', exact, '--model', 'a*t'], /uses none of the columns .*\(x, y\)/],
    ['missing start value', ['fit', exact, '--model', 'a*x + b', '--p0', 'a=1'], /"b" has no start value: add it to --p0/],
    ['unknown parameter', ['fit', exact, '--model', 'a*x', '--p0', 'a=1,q=2'], /--p0: the model has no parameter "q"/],
    ['bad number', ['fit', exact, '--model', 'a*x', '--p0', 'a=one'], /--p0 a: "one" is not a number/],
    ['bad loss', ['fit', exact, '--model', 'a*x', '--p0', 'a=1', '--loss', 'l2'], /--loss must be one of/],
    ['unknown option', ['fit', exact, '--model', 'a*x', '--frobnicate'], /Unknown option '--frobnicate'/],
    ['no model', ['fit', exact], /Give the model with --model/],
  ];
  for (const [name, argv, message] of bad) {
    it(`bad input: ${name} → exit 2 with one line`, async () => {
      const r = await run(...argv);
      expect(r.code).toBe(2);
      expect(r.err.split('\n')).toHaveLength(1);
      expect(r.err).toMatch(message);
    });
  }

  it('non-numeric cells name the file, line and column', async () => {
    const path = file('bad.csv', 'x,y\n# a comment\n1,2\n2,abc\n3,4\n');
    const r = await run('fit', path, '--model', 'a*x', '--p0', 'a=1');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fitbench: ${path}:4: column "y": "abc" is not a number; fix or remove the row.`);
  });

  it('fewer rows than parameters is an error', async () => {
    const path = file('short.csv', 'x,y\n1,2\n2,3\n');
    const r = await run('fit', path, '--model', 'a*x^2 + b*x + c', '--p0', 'a=1,b=1,c=1');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/2 usable rows for 3 free parameters/);
  });

  it('an empty file and a directory are errors', async () => {
    expect((await run('fit', file('empty.csv', ''), '--model', 'a*x', '--p0', 'a=1')).err).toMatch(/empty/i);
    expect((await run('fit', dir, '--model', 'a*x', '--p0', 'a=1')).err).toMatch(/is a directory/);
  });
});

describe('the fitbench bin', () => {
  it('runs through bin/fitbench.mjs with exit codes', async () => {
    const { spawnSync } = await import('node:child_process');
    const bin = new URL('../../bin/fitbench.mjs', import.meta.url).pathname;
    const ok = spawnSync(process.execPath, [bin, 'fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--json'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).params.tau).toBeCloseTo(2, 9);
    const bad = spawnSync(process.execPath, [bin, 'fit', exact, '--model', 'a*'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('fitbench fit --backend gpu', () => {
  const run = async (env: NodeJS.ProcessEnv) => {
    const { spawnSync } = await import('node:child_process');
    const bin = new URL('../../bin/fitbench.mjs', import.meta.url).pathname;
    const args = [bin, 'fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--backend', 'gpu', '--json'];
    return spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  };

  it('falls back to the CPU with a message where no adapter is found', async () => {
    const r = await run({ VK_ICD_FILENAMES: '/nonexistent/icd.json' });
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.backend).toBe('cpu');
    expect(j.warnings.join(' ')).toMatch(/--backend gpu: .*CPU/);
    expect(j.params.tau).toBeCloseTo(2, 9);
  });

  const icd = '/usr/lib/chromium/vk_swiftshader_icd.json';
  it('runs the main phase on a WebGPU adapter through Dawn when one is present (SwiftShader here)', async (ctx) => {
    const { existsSync } = await import('node:fs');
    if (!existsSync(icd)) ctx.skip();
    const r = await run({ VK_ICD_FILENAMES: icd, LD_LIBRARY_PATH: '/usr/lib/chromium' });
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.backend).toBe('gpu+cpu');
    expect(j.phases[0]).toMatchObject({ role: 'fit', backend: 'gpu' });
    expect(j.params.tau).toBeCloseTo(2, 9);
  });
});

/**
 * The one-file CLI (fitbench.mjs, scripts/cliBundle.mjs) is the in-repo CLI: built here, run with
 * plain node outside the clone on a sample, its JSON is the in-repo CLI's, field for field (less
 * the timings); its worker threads (a grouped batch, a large fit's passes) are the bundle itself.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliBundle } from '../../scripts/cliBundle.mjs';

const root = join(import.meta.dirname, '..', '..');
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fitbench-cli-'));
  writeFileSync(join(dir, 'fitbench.mjs'), await buildCliBundle(root));
  copyFileSync(join(root, 'public/samples/decay.csv'), join(dir, 'decay.csv'));
  copyFileSync(join(root, 'public/samples/puromycin.csv'), join(dir, 'puromycin.csv'));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The JSON both CLIs print for these arguments, run in the temporary folder. */
function both(args: readonly string[]): [unknown, unknown] {
  const run = (program: string) => {
    const out = spawnSync(process.execPath, [program, ...args, '--json'], { cwd: dir, encoding: 'utf8' });
    expect(out.status, out.stderr).toBe(0);
    const json = JSON.parse(out.stdout) as { timing?: unknown };
    delete json.timing; // wall-clock times, different on every run
    return json;
  };
  return [run(join(dir, 'fitbench.mjs')), run(join(root, 'bin/fitbench.mjs'))];
}

describe('node fitbench.mjs', () => {
  it('fits the decay sample exactly as the in-repo CLI does', () => {
    const [single, repo] = both(['fit', 'decay.csv', '--model', 'A*exp(-t/tau) + c', '--sigma', 'sigma', '--absolute-sigma', '--p0', 'A=1000,tau=3,c=0', '--bounds', 'A=0:inf']);
    expect(single).toEqual(repo);
    expect((single as { success: boolean }).success).toBe(true);
  });

  it('fits each group of puromycin on its own worker threads, as the in-repo CLI does', () => {
    const [single, repo] = both(['fit', 'puromycin.csv', '--model', 'Vm*conc/(K+conc)', '--p0', 'Vm=200,K=0.1', '--y', 'rate', '--group', 'state', '--workers', '2']);
    const strip = (j: unknown) => JSON.parse(JSON.stringify(j, (k, v) => (k === 'workers' || k === 'fitMs' ? undefined : v)));
    expect(strip(single)).toEqual(strip(repo));
  });

  it('runs a fit\'s passes on worker threads that are the file itself, as the in-repo CLI does', () => {
    // 70 000 rows: two chunks of the passes, one per worker.
    const lines = ['t,y'];
    for (let i = 0; i < 70_000; i++) lines.push(`${(i / 7000).toFixed(4)},${(5 * Math.exp(-i / 21000) + 0.5 + 0.01 * Math.sin(i)).toFixed(6)}`);
    writeFileSync(join(dir, 'long.csv'), lines.join('\n'));
    const [single, repo] = both(['fit', 'long.csv', '--model', 'A*exp(-t/tau) + c', '--p0', 'A=4,tau=2,c=0', '--workers', '2']);
    expect((single as { workers: number }).workers).toBe(2);
    expect(single).toEqual(repo);
  });
});

/**
 * bin/fitbench.mjs runs the one-file CLI built from the checkout's sources and kept while they are
 * unchanged (scripts/cliBundle.mjs, bundleCache.mjs): what it prints is what the sources print
 * through tsx (FITBENCH_TSX=1, the start every run paid before), for usage and for a fit, less
 * the timings; and the kept script is the build of the sources as they are now.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cachedScriptFile } from './bundleCache.mjs';
import { buildCli } from '../../scripts/cliBundle.mjs';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin/fitbench.mjs');
const run = (args: readonly string[], env: Record<string, string> = {}) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
const fit = ['fit', 'public/samples/decay.csv', '--model', 'A*exp(-t/tau) + c', '--sigma', 'sigma', '--p0', 'A=1000,tau=3,c=0', '--json'];
const untimed = (text: string) => JSON.parse(text, (k, v) => (k === 'timing' ? undefined : v));

describe('bin/fitbench.mjs', () => {
  it('prints what the sources print through tsx, for --help and a fit', () => {
    const bundled = run(fit);
    const tsx = run(fit, { FITBENCH_TSX: '1' });
    expect(bundled.status, bundled.stderr).toBe(0);
    expect(tsx.status, tsx.stderr).toBe(0);
    expect(untimed(bundled.stdout)).toEqual(untimed(tsx.stdout));
    expect(untimed(bundled.stdout).success).toBe(true);
    expect(run(['--help']).stdout).toBe(run(['--help'], { FITBENCH_TSX: '1' }).stdout);
    const bad = run(['fit', 'public/samples/decay.csv', '--model', 'A*exp(-t/tau', '--json']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(run(['fit', 'public/samples/decay.csv', '--model', 'A*exp(-t/tau', '--json'], { FITBENCH_TSX: '1' }).stderr);
  }, 60_000);

  it('keeps the build of the sources as they are now', async () => {
    run(['--help']);
    const { version } = createRequire(import.meta.url)('esbuild/package.json') as { version: string };
    const kept = cachedScriptFile(root, 'cli', `esbuild ${version}`);
    expect(kept).not.toBeNull();
    const { text, inputs } = await buildCli(root);
    expect(readFileSync(kept!, 'utf8')).toBe(text);
    // The WGSL templates and the entry are among what the kept script's validity is checked on.
    expect(inputs).toContain(fileURLToPath(new URL('./singleFileMain.ts', import.meta.url)));
    expect(inputs.some((p) => p.endsWith('.wgsl'))).toBe(true);
  }, 60_000);
});

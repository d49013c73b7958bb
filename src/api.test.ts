/**
 * The programmatic API (issue 22): the README's example runs as a user runs it (`import { fit }
 * from 'fitbench'` through package.json's exports, in a fresh Node), and its report is the CLI's
 * --json on the same rows written as a CSV file, to the last bit (timings and the memory facts of
 * a file aside). The example's values are binary fractions, so the file's decimal text is the
 * arrays' numbers exactly.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../test/cli';
import { fit, FitApiError } from './api';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = cliRunner();
const { file } = tempFiles('fitbench-api');

/** The README's ```js block under "## In JavaScript". */
function readmeExample(): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /## In JavaScript\n[\s\S]*?```js\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no ```js block under "## In JavaScript"');
  return block[1];
}

const comparable = (report: Record<string, unknown>) => {
  const { timing: _timing, memory: _memory, ...rest } = report;
  return rest;
};

describe("import { fit } from 'fitbench'", () => {
  it("runs the README's example and gives the CLI's --json on the same rows", async () => {
    const code = readmeExample() + "\nconsole.log('REPORT ' + JSON.stringify(report));\n";
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
    const lines = out.trim().split('\n');
    const api = JSON.parse(lines.find((l) => l.startsWith('REPORT '))!.slice('REPORT '.length));
    // The example's own line: tau, its error and the derived half-life.
    expect(lines[0]).toMatch(/^[\d.]+ ± [\d.e-]+ half-life [\d.]+$/);
    const t = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4];
    const counts = [3.5, 2.84375, 2.3125, 1.90625, 1.59375, 1.34375, 1.15625, 1.015625, 0.90625];
    const csv = file('decay.csv', 't,counts\n' + t.map((x, i) => `${x},${counts[i]}`).join('\n') + '\n');
    const cli = await run('fit', csv, '--model', 'a*exp(-t/tau) + c', '--y', 'counts', '--p0', 'a=3,tau=1,c=0.5', '--derive', 'half=ln(2)*tau', '--json');
    expect(cli.code).toBe(0);
    expect(comparable(api)).toEqual(comparable(JSON.parse(cli.out)));
    expect(api.derived.half.value).toBeCloseTo(Math.LN2 * api.params.tau, 12);
  }, 60_000);

  it('finds missing starts as the CLI does, and names a bad field', async () => {
    const x = Array.from({ length: 40 }, (_, i) => i / 4);
    const y = x.map((v) => 3 * Math.exp(-v / 2) + 0.5);
    const report = await fit({ model: 'a*exp(-x/tau) + c', data: { x, y } });
    expect(report.autoStart).not.toBeNull();
    expect(report.params.tau).toBeCloseTo(2, 9);
    await expect(fit({ model: 'a*exp(-x/tau) + c', data: { x, y }, p0: { b: 1 } })).rejects.toThrow(/p0: the model has no parameter "b"; its parameters are a, tau, c/);
    await expect(fit({ model: 'a*x', data: { x, y: y.slice(1) } })).rejects.toThrow(FitApiError);
  });
});

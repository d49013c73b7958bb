/**
 * The exported Python script of an errors-in-variables fit (issue 24), RUN with python3 + scipy
 * (scipy.odr, ODRPACK) on the fixtures' CSVs: York's line with σx and σy gives York's exact
 * answer (York 1966: a = 5.47991, b = −0.480533) and ODRPACK's sd_beta (fixtures/odr/fits.json,
 * made by fixtures/odr/make_fits.py), and the circle (an implicit model) through ODRPACK's
 * implicit mode gives the fixture's β. The CLI command carries --sigma-x beside --sigma.
 * Skipped, with the reason, when python3 or scipy.odr is missing.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../share/testSpecs.test';
import type { FitSpec } from '../share/types';
import { cliWords } from './cliCommand';
import { pythonScript } from './python/script';

function scipyAvailable(): string | null {
  try {
    execFileSync('python3', ['-c', 'import numpy, scipy.odr'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'python3 with numpy and scipy.odr is not available; the exported ODR script cannot be run here';
  }
}
const missing = scipyAvailable();

interface OdrFixture { name: string; beta: number[]; sd_beta: number[]; sum_square: number }
const fits = (JSON.parse(readFileSync(join('fixtures', 'odr', 'fits.json'), 'utf8')) as { fits: OdrFixture[] }).fits;
const fixture = (name: string): OdrFixture => fits.find((f) => f.name === name) as OdrFixture;

const dir = mkdtempSync(join(tmpdir(), 'fitbench-odr-py-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface PyOdr { success: boolean; sum_square: number; parameters: { name: string; value: number; stderr: number | null }[] }

function runScript(spec: FitSpec, csv: string): { json: PyOdr; script: string } {
  copyFileSync(join('fixtures', 'odr', csv), join(dir, csv));
  const script = pythonScript(spec, { csvFileName: csv, delimiter: ',', decimalComma: false, header: true });
  const path = join(dir, `${csv}.py`);
  writeFileSync(path, script);
  const out = execFileSync('python3', [path], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  return { json: JSON.parse(out.trim().split('\n').at(-1) ?? '') as PyOdr, script };
}

const param = (name: string, value: number) => ({ name, value, min: -Infinity, max: Infinity, fixed: false });

const york: FitSpec = {
  version: 1,
  model: 'a + b*x',
  libraryId: null,
  columns: { x: ['x'], y: 'y', sigma: 'sy', sigmaX: { x: 'sx' } },
  parameters: [param('a', 5), param('b', -0.5)],
  settings: DEFAULT_SETTINGS,
  data: null,
};

const circle: FitSpec = {
  version: 1,
  model: '(px-a)^2 + (py-b)^2 = R^2',
  libraryId: null,
  columns: { x: ['px'], y: 'py', sigma: 's', sigmaX: { px: 's' } },
  parameters: [param('a', 0.8), param('b', -0.3), param('R', 1.8)],
  settings: DEFAULT_SETTINGS,
  data: null,
};

describe.skipIf(missing !== null)('the exported scipy.odr script (issue 24)', () => {
  it('fits York’s line with σx and σy to York’s exact answer and ODRPACK’s sd_beta', () => {
    const { json, script } = runScript(york, 'york.csv');
    expect(script).toContain('from scipy import odr');
    expect(script).toMatch(/deprecated in SciPy 1\.17[^\n]*odrpack/);
    expect(json.success).toBe(true);
    const [a, b] = json.parameters;
    expect(Math.abs(a.value - 5.47991)).toBeLessThan(1e-5);
    expect(Math.abs(b.value - -0.480533)).toBeLessThan(1e-6);
    const want = fixture('pearson-york');
    json.parameters.forEach((p, i) => {
      expect(Math.abs(p.value - want.beta[i]), p.name).toBeLessThan(1e-6);
      expect(Math.abs((p.stderr ?? NaN) - want.sd_beta[i]) / want.sd_beta[i], p.name).toBeLessThan(1e-3);
    });
    expect(Math.abs(json.sum_square - want.sum_square) / want.sum_square).toBeLessThan(1e-6);
  });

  it('fits the circle through ODRPACK’s implicit mode to the fixture’s β', () => {
    const { json, script } = runScript(circle, 'circle.csv');
    expect(script).toContain('implicit=True');
    expect(json.success).toBe(true);
    const want = fixture('circle');
    json.parameters.forEach((p, i) => expect(Math.abs(p.value - want.beta[i]), p.name).toBeLessThan(1e-6));
    expect(Math.abs(json.sum_square - want.sum_square) / want.sum_square).toBeLessThan(1e-6);
  });
});

describe('the CLI command of an errors-in-variables fit', () => {
  it('carries --sigma-x beside --sigma', () => {
    const words = cliWords(york, { csvFileName: 'york.csv' });
    expect(words).toEqual(expect.arrayContaining(['--sigma', 'sy', '--sigma-x', 'x=sx']));
    expect(words.indexOf('--sigma-x')).toBe(words.indexOf('--sigma') + 2);
  });
});

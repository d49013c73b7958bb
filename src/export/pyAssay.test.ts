/**
 * The exported Python script's assay steps (issue 26, src/export/python/pyAssay.ts), run with
 * python3 + scipy on the ELISA plate: the unknowns' x̂ and inverse-prediction intervals (brentq
 * on the curve and on the inverted prediction band) and the predictions agree with the CLI's JSON
 * on the same file (fixtures/assay/make_elisa_cli.mjs, without ROUT: the script does not repeat it)
 * to 1e-6; open interval ends and the above-range status come out the same. The bootstrap prints
 * an interval per parameter around the fit. Skipped (with the reason) when python3 or scipy is missing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ASSAY } from '../share/assay';
import { DEFAULT_SETTINGS } from '../share/testSpecs.test';
import { SPEC_VERSION, type FitSpec } from '../share/types';
import { pythonScript } from './python/script';

function scipyAvailable(): string | null {
  try {
    execFileSync('python3', ['-c', 'import numpy, scipy.optimize, scipy.stats'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'python3 with numpy and scipy is not available; the exported script cannot be run here';
  }
}
const missing = scipyAvailable();
const cli = JSON.parse(readFileSync(new URL('../../fixtures/assay/elisa_cli.json', import.meta.url), 'utf8')).withoutRout;
const csvPath = new URL('../../public/samples/elisa_plate.csv', import.meta.url).pathname;
const starts: Record<string, number> = { bottom: 0.1, top: 2.5, EC50: 100, hill: 1 };

const spec: FitSpec = {
  version: SPEC_VERSION,
  model: 'bottom + (top - bottom)*conc^hill/(EC50^hill + conc^hill)',
  libraryId: null,
  columns: { x: ['conc'], y: 'od', sigma: null },
  parameters: ['bottom', 'top', 'hill', 'EC50'].map((name) => ({ name, value: starts[name], min: -Infinity, max: Infinity, fixed: false })),
  settings: DEFAULT_SETTINGS,
  data: null,
  assay: { ...DEFAULT_ASSAY, interpolate: true, sample: 'sample', predict: '50, 200', bootstrap: true, resamples: 200, seed: 7 },
};

const close = (got: number | null, want: number | null, what: string) => {
  if (want === null) return expect(got, what).toBeNull();
  expect(Math.abs((got as number) - want) / Math.abs(want), what).toBeLessThan(1e-6);
};
const num = (s: string): number | null => (s === 'None' ? null : Number(s));

describe('the Python export’s assay steps', () => {
  const dir = missing === null ? mkdtempSync(join(tmpdir(), 'fitbench-assay-')) : '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the unknowns off the curve and predicts as the CLI does, and bootstraps', (ctx) => {
    if (missing !== null) return ctx.skip(missing);
    const script = pythonScript(spec, { csvFileName: 'elisa_plate.csv', delimiter: ',', decimalComma: false, header: true });
    expect(script).not.toMatch(/ROUT/);
    const path = join(dir, 'fit.py');
    writeFileSync(path, script);
    const out = execFileSync('python3', [path, csvPath], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const unknowns = [...out.matchAll(/^ {2}line (\d+) \((\w+), n = (\d+)\): y = \S+, x = (\S+) \[(\S+), (\S+)\] (\S+)$/gm)];
    expect(unknowns.map((m) => [Number(m[1]), m[2], m[7]])).toEqual(cli.interpolated.map((u: { row: number; sample: string; status: string }) => [u.row, u.sample, u.status]));
    unknowns.forEach((m, i) => {
      const u = cli.interpolated[i];
      close(num(m[4]), u.x, `x̂ of ${u.sample}`);
      close(num(m[5]), u.lower, `lower of ${u.sample}`);
      close(num(m[6]), u.upper, `upper of ${u.sample}`);
    });
    const predicted = [...out.matchAll(/^ {2}x = (\S+): y = (\S+) \[(\S+), (\S+)\]; \[(\S+), (\S+)\]$/gm)];
    expect(predicted.length).toBe(2);
    predicted.forEach((m, i) => {
      const p = cli.predicted[i];
      [p.x, p.y, p.confLower, p.confUpper, p.predLower, p.predUpper].forEach((want: number, j: number) => close(Number(m[j + 1]), want, `prediction ${i} field ${j}`));
    });
    const boot = [...out.matchAll(/^ {2}(\w+): \[(\S+), (\S+)\]$/gm)];
    expect(boot.map((m) => m[1])).toEqual(['bottom', 'top', 'hill', 'EC50']);
    for (const m of boot) {
      const fitted = cli.params[m[1]];
      expect(Number(m[2])).toBeLessThan(fitted);
      expect(Number(m[3])).toBeGreaterThan(fitted);
    }
    // The last line is still the JSON of the parameters.
    const json = JSON.parse(out.trim().split('\n').pop() ?? '');
    for (const p of json.parameters) close(p.value, cli.params[p.name], p.name);
  });
});

/**
 * The exported Python script's assay steps (issue 26, src/export/python/pyAssay.ts), run with
 * python3 + scipy on the ELISA plate: the unknowns' x̂ and inverse-prediction intervals (brentq
 * on the curve and on the inverted prediction band) and the predictions agree with the CLI's JSON
 * on the same file (fixtures/assay/make_elisa_cli.mjs, without ROUT: the script does not repeat it)
 * to 1e-6; open interval ends and the above-range status come out the same. The bootstrap prints
 * an interval per parameter around the fit.
 *
 * With ROUT and the bootstrap (pyRout.ts, pyBootstrap.ts): the script flags the CLI's outlier
 * (its 0-based index and file line), its fit without it is the CLI's, and since it draws
 * Fitbench's resamples with Fitbench's generator, its percentile, BCa and studentized intervals
 * are the CLI's to 1e-6 of each interval's width (measured: about 1e-7; the refits differ by
 * scipy's forward differences), not to Monte Carlo error. A line put back is never flagged.
 * Skipped (with the reason) when python3 or scipy is missing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliRunner } from '../../test/cli';
import { cliWords } from './cliCommand';
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
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/assay/elisa_cli.json', import.meta.url), 'utf8'));
const cli = fixture.withoutRout;
const run = cliRunner();
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
    const boot = [...out.matchAll(/^ {2}percentile (\w+): \[(\S+), (\S+)\]$/gm)];
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

  /** The script's lines "  KIND name: [lo, hi]" as {KIND: {name: [lo, hi]}}. */
  const intervals = (out: string) => {
    const found: Record<string, Record<string, [number, number]>> = {};
    for (const m of out.matchAll(/^ {2}(percentile|studentized|bca) (\w+): \[(\S+), (\S+)\]$/gm)) (found[m[1]] ??= {})[m[2]] = [Number(m[3]), Number(m[4])];
    return found;
  };
  const sameIntervals = (got: Record<string, [number, number]>, want: Record<string, [number, number]>, what: string) => {
    expect(Object.keys(got).sort(), what).toEqual(Object.keys(want).sort());
    for (const [name, [lo, hi]] of Object.entries(want)) {
      const width = hi - lo;
      expect(Math.abs(got[name][0] - lo), `${what} ${name} lower`).toBeLessThan(1e-6 * width);
      expect(Math.abs(got[name][1] - hi), `${what} ${name} upper`).toBeLessThan(1e-6 * width);
    }
  };
  const script = (assay: FitSpec['assay']) => {
    const path = join(dir, 'rout.py');
    writeFileSync(path, pythonScript({ ...spec, assay }, { csvFileName: 'elisa_plate.csv', delimiter: ',', decimalComma: false, header: true }));
    return execFileSync('python3', [path, csvPath], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  };

  it('runs ROUT and draws Fitbench’s resamples: the same outlier, fit and bootstrap intervals as the CLI', async (ctx) => {
    if (missing !== null) return ctx.skip(missing);
    const assay = { ...DEFAULT_ASSAY, interpolate: true, sample: 'sample', rout: true, bootstrap: true, resamples: 200, seed: 7, interval: 'bca' as const };
    const out = script(assay);
    const rout = out.match(/^ROUT \(Q = 1%\): 1 outlier, 0-based rows \[(\d+)\], lines \[(\d+)\] \(RSDR (\S+)\)$/m);
    expect(rout, out).not.toBeNull();
    expect([Number(rout![1])]).toEqual(fixture.outliers.indices);
    expect([Number(rout![2])]).toEqual(fixture.outliers.rows);
    close(Number(rout![3]), fixture.outliers.rsdr, 'RSDR');
    const json = JSON.parse(out.trim().split('\n').pop() ?? '');
    for (const p of json.parameters) close(p.value, fixture.params[p.name], p.name);
    const got = intervals(out);
    sameIntervals(got.percentile, fixture.bootstrapCi, 'percentile');
    sameIntervals(got.bca, fixture.bca.bootstrapBca, 'BCa');
    // The studentized interval of the same resamples, from the CLI on the same settings.
    const words = cliWords({ ...spec, assay: { ...assay, interval: 'studentized' } }, { csvFileName: csvPath });
    const j = JSON.parse((await run(...words.slice(words.indexOf('fit')), '--json')).out);
    sameIntervals(got.studentized, j.bootstrapStudentized, 'studentized');
  }, 30_000);

  it('never flags a line put back: the fit of every standard', (ctx) => {
    if (missing !== null) return ctx.skip(missing);
    const out = script({ ...DEFAULT_ASSAY, interpolate: true, sample: 'sample', rout: true, keep: [13] });
    expect(out).toMatch(/^ROUT \(Q = 1%\): 0 outliers, 0-based rows \[\], lines \[\]/m);
    const json = JSON.parse(out.trim().split('\n').pop() ?? '');
    for (const p of json.parameters) close(p.value, cli.params[p.name], p.name);
  });
});

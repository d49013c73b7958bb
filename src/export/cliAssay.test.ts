/**
 * The exported command carries the assay settings (issue 26): run through the real CLI on the
 * ELISA plate, the page's interpolate + ROUT + predict + bootstrap settings give the CLI's JSON of
 * fixtures/assay/elisa_cli.json (the page's numbers, src/state/assayPage.test.ts) exactly, the
 * page's BCa choice as --bootstrap-interval bca with its bootstrapBca. The page's "put back" is
 * --keep-rows: with the plate's one outlier (line 13) put back, the command's fit is the fit of
 * every standard, the fixture's fit without ROUT (as the page's, src/state/assayPage.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner } from '../../test/cli';
import { DEFAULT_ASSAY } from '../share/assay';
import { DEFAULT_SETTINGS } from '../share/testSpecs.test';
import { SPEC_VERSION, type FitSpec } from '../share/types';
import { cliWords } from './cliCommand';

const cli = JSON.parse(readFileSync(new URL('../../fixtures/assay/elisa_cli.json', import.meta.url), 'utf8'));
const csv = new URL('../../public/samples/elisa_plate.csv', import.meta.url).pathname;
const starts: Record<string, number> = { bottom: 0.1, top: 2.5, EC50: 100, hill: 1 };
const run = cliRunner();

const spec = (assay: FitSpec['assay']): FitSpec => ({
  version: SPEC_VERSION,
  model: 'bottom + (top - bottom)*conc^hill/(EC50^hill + conc^hill)',
  libraryId: null,
  columns: { x: ['conc'], y: 'od', sigma: null },
  parameters: Object.entries(starts).map(([name, value]) => ({ name, value, min: -Infinity, max: Infinity, fixed: false })),
  settings: DEFAULT_SETTINGS,
  data: null,
  ...(assay ? { assay } : {}),
});

describe('the exported command with the assay settings', () => {
  it('writes each switch as its option, and nothing when they are off', () => {
    const on = cliWords(spec({ ...DEFAULT_ASSAY, interpolate: true, sample: 'sample', predict: '50; 200', rout: true, q: 5, bootstrap: true, resamples: 300, kind: 'case', seed: 3, interval: 'studentized' }), { csvFileName: 'plate.csv' });
    expect(on.join(' ')).toContain('--interpolate --sample sample --predict conc=50,200 --outliers rout --outlier-q 5 --ci bootstrap --bootstrap 300 --bootstrap-kind case --bootstrap-interval studentized --seed 3');
    // Percentile, the CLI's default, is left out.
    const percentile = cliWords(spec({ ...DEFAULT_ASSAY, bootstrap: true }), { csvFileName: 'plate.csv' });
    expect(percentile).not.toContain('--bootstrap-interval');
    expect(cliWords(spec(DEFAULT_ASSAY), { csvFileName: 'plate.csv' })).toEqual(cliWords(spec(undefined), { csvFileName: 'plate.csv' }));
  });

  it('runs in the CLI to the page’s numbers', async () => {
    const words = cliWords(spec({ ...DEFAULT_ASSAY, interpolate: true, sample: 'sample', predict: '50, 200', rout: true, bootstrap: true, resamples: 200, seed: 7, interval: 'bca' }), { csvFileName: csv });
    const j = JSON.parse((await run(...words.slice(words.indexOf('fit')), '--json')).out);
    expect(j.interpolated).toEqual(cli.interpolated);
    expect(j.predicted).toEqual(cli.predicted);
    expect(j.outliers).toEqual(cli.outliers);
    expect(j.bootstrapCi).toEqual(cli.bootstrapCi);
    expect(j.bootstrapBca).toEqual(cli.bca.bootstrapBca);
  });

  it('writes the lines put back as --keep-rows, and the CLI keeps them in the fit', async () => {
    expect(cli.outliers.rows).toEqual([13]);
    const words = cliWords(spec({ ...DEFAULT_ASSAY, interpolate: true, sample: 'sample', rout: true, keep: [13] }), { csvFileName: csv });
    expect(words.join(' ')).toContain('--outliers rout --keep-rows 13');
    const j = JSON.parse((await run(...words.slice(words.indexOf('fit')), '--json')).out);
    expect(j.outliers.rows).toEqual([]);
    expect(j.n).toBe(cli.withoutRout.n);
    for (const [name, value] of Object.entries(cli.withoutRout.params as Record<string, number>)) expect(Math.abs(j.params[name] - value)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(value)));
  });
});

/**
 * Golden exports in fixtures/export/: what a user downloads for the decay example, reviewed as
 * files (vitest writes a missing one on a local run and compares afterwards; in CI a difference
 * fails). Regenerate deliberately with `npx vitest run src/export/golden.test.ts -u`.
 */
import { describe, expect, it } from 'vitest';
import { decaySpec, DEFAULT_SETTINGS } from '../share/testSpecs.test';
import { cliCommand } from './cliCommand';
import { pythonScript } from './python/script';

const spec = decaySpec({
  columns: { x: ['t'], y: 'counts', sigma: 'sigma' },
  parameters: [
    { name: 'A', value: 1000, min: 0, max: Infinity, fixed: false },
    { name: 'tau', value: 3, min: 0.01, max: 100, fixed: false },
    { name: 'c', value: 0, min: -Infinity, max: Infinity, fixed: false },
  ],
  settings: { ...DEFAULT_SETTINGS, absoluteSigma: true },
  data: null,
});

/** Puromycin (R's datasets) by treatment with a shared K; rows above the lowest concentration, line 5 excluded. */
const groupSpec = decaySpec({
  model: 'Vm*conc/(K + conc)',
  columns: { x: ['conc'], y: 'rate', sigma: null },
  parameters: [
    { name: 'Vm', value: 200, min: 0, max: Infinity, fixed: false },
    { name: 'K', value: 0.1, min: 0, max: Infinity, fixed: false },
  ],
  settings: DEFAULT_SETTINGS,
  data: null,
  rows: { where: ['conc>0.02'], exclude: [5] },
  groups: { column: 'state', mode: 'global', shared: ['K'] },
});
const groupCsv = { csvFileName: 'puromycin.csv', delimiter: ',', decimalComma: false, header: true };

describe('golden exports', () => {
  it('Python script of a global fit, and of per-group fits', async () => {
    await expect(pythonScript(groupSpec, groupCsv)).toMatchFileSnapshot('../../fixtures/export/puromycin_global.py');
    await expect(pythonScript({ ...groupSpec, groups: { column: 'state', mode: 'each', shared: [], pick: ['treated', 'untreated'] } }, groupCsv)).toMatchFileSnapshot('../../fixtures/export/puromycin_each.py');
  });

  it('command line of a global fit', async () => {
    await expect(`${cliCommand(groupSpec, groupCsv)}\n`).toMatchFileSnapshot('../../fixtures/export/puromycin_global.sh');
  });

  it('Python script', async () => {
    await expect(pythonScript(spec, { csvFileName: 'decay.csv', delimiter: ',', decimalComma: false, header: true })).toMatchFileSnapshot('../../fixtures/export/decay_fit.py');
  });

  it('command line', async () => {
    await expect(`${cliCommand(spec, { csvFileName: 'decay.csv' })}\n`).toMatchFileSnapshot('../../fixtures/export/decay_fit.sh');
  });
});

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

describe('golden exports', () => {
  it('Python script', async () => {
    await expect(pythonScript(spec, { csvFileName: 'decay.csv', delimiter: ',', decimalComma: false, header: true })).toMatchFileSnapshot('../../fixtures/export/decay_fit.py');
  });

  it('command line', async () => {
    await expect(`${cliCommand(spec, { csvFileName: 'decay.csv' })}\n`).toMatchFileSnapshot('../../fixtures/export/decay_fit.sh');
  });
});

/**
 * The exported Python script repeats the row filters and excluded points (issue 9): run with
 * python3 + scipy on R's Puromycin file, it fits the rows R's nls fitted
 * (fixtures/groups/nls_puromycin.json, fixtures/groups/make_groups.R). Skipped without scipy.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../share/testSpecs.test';
import type { FitSpec } from '../share/types';
import { pythonScript } from './index';
import { sweep } from '../../test/sweep';

const fixtures = new URL('../../fixtures/groups/', import.meta.url);
const csv = new URL('puromycin.csv', fixtures).pathname;
const nls = JSON.parse(readFileSync(new URL('nls_puromycin.json', fixtures), 'utf8')) as Record<string, { Vm: number; K: number; rss: number; n: number }>;

function scipyMissing(): string | null {
  try {
    execFileSync('python3', ['-c', 'import numpy, scipy.optimize'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'python3 with numpy and scipy is not available';
  }
}
const missing = scipyMissing();

const spec = (rows: FitSpec['rows']): FitSpec => ({
  version: 1,
  model: 'Vm*conc/(K + conc)',
  libraryId: null,
  columns: { x: ['conc'], y: 'rate', sigma: null },
  parameters: [
    { name: 'Vm', value: 200, min: -Infinity, max: Infinity, fixed: false },
    { name: 'K', value: 0.1, min: -Infinity, max: Infinity, fixed: false },
  ],
  settings: DEFAULT_SETTINGS,
  data: null,
  ...(rows ? { rows } : {}),
});

describe.skipIf(missing !== null)('Python script with rows', () => {
  // npm test runs the case with both filters and excluded lines; FITBENCH_FULL=1 also the two
  // simpler ones (each case is a python3 + scipy start, seconds on 2 cores: test/sweep.ts).
  const cases = [
    ['untreated_without_lines_14_16', { where: ['state!=treated', 'conc>0'], exclude: [14, 15, 16] }],
    ['treated', { where: ['state=treated'], exclude: [] }],
    ['treated_without_line_2', { where: ['state=treated'], exclude: [2] }],
  ] as const;
  for (const [name, rows] of cases.slice(0, sweep(cases.length, 1))) {
    it(`fits the rows R fitted: ${name}`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'fitbench-py-rows-'));
      const script = join(dir, 'fit.py');
      writeFileSync(script, pythonScript(spec(rows), { csvFileName: csv, delimiter: ',', decimalComma: false, header: true }));
      const out = execFileSync('python3', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const last = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { parameters: { name: string; value: number }[] };
      const ref = nls[name];
      const value = (n: string) => last.parameters.find((p) => p.name === n)?.value ?? NaN;
      expect(Math.abs(value('Vm') - ref.Vm) / ref.Vm).toBeLessThan(1e-6);
      expect(Math.abs(value('K') - ref.K) / ref.K).toBeLessThan(1e-5);
    });
  }
});

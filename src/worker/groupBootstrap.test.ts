/**
 * "Fit each group" with the assay card's bootstrap (issue 26) through the worker's adapter: each
 * group's intervals equal the single-fit bootstrap (src/fit/bootstrap.ts) of that group's rows
 * alone, fitted by curveFit from the table's starts with the same seed (an independent path: no
 * batch, no group job); progress counts the resamples of all groups; without the switch the
 * outcome has no bootstrap.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootstrapFit } from '../fit/bootstrap';
import { curveFit } from '../fit/curveFit';
import { compileModel } from '../model';
import { DEFAULT_SETTINGS } from '../state/slices/settings';
import type { GroupBatchProgress, GroupBatchRequest } from './api';
import { fitEachGroup } from './groupFit';
import { loadText } from './load';

const text = readFileSync(join(import.meta.dirname, '../../fixtures/groups/puromycin.csv'), 'utf8');
const parameters = [
  { name: 'Vm', value: 200, min: -Infinity, max: Infinity, fixed: false },
  { name: 'K', value: 0.1, min: -Infinity, max: Infinity, fixed: false },
];
const request: GroupBatchRequest = { model: 'Vm*conc/(K+conc)', libraryId: null, mapping: { x: ['conc'], y: 'rate', sigma: null }, group: 'state', keys: null, parameters, settings: DEFAULT_SETTINGS, plotVar: 0 };

/** The group's rows read straight from the file, fitted and bootstrapped on their own. */
async function alone(state: string, bootstrap: { kind: 'residual' | 'case'; resamples: number; seed: number }) {
  const lines = text.trim().split('\n').slice(1).map((l) => l.split(','));
  const rows = lines.filter((c) => c[2].replaceAll('"', '') === state);
  const compiled = compileModel('Vm*conc/(K+conc)', { columns: ['conc'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const input = { model: compiled.value, data: { vars: [Float64Array.from(rows, (c) => Number(c[0]))], y: Float64Array.from(rows, (c) => Number(c[1])) }, parameters: parameters.map(({ name, value }) => ({ name, value })) };
  const fit = await curveFit(input);
  return bootstrapFit(input, fit, { ...bootstrap, level: 0.95 });
}

describe('"Fit each group" with the bootstrap', () => {
  it('gives each group the bootstrap of its rows alone, with progress over every resample', async () => {
    const loaded = loadText(text, 'puromycin.csv');
    if (!loaded.ok) throw new Error(loaded.error.message);
    const bootstrap = { kind: 'case' as const, resamples: 20, seed: 9, interval: 'percentile' as const };
    const progress: GroupBatchProgress[] = [];
    const each = await fitEachGroup({ ...request, bootstrap }, (p) => progress.push(p));
    if (!each.ok) throw new Error(each.error.message);
    const boot = each.value.bootstrap!;
    expect(boot).toHaveLength(2);
    for (const [i, state] of ['treated', 'untreated'].entries()) {
      const want = await alone(state, bootstrap);
      expect(boot[i]!.failed).toBe(want.failed);
      for (const name of ['Vm', 'K']) {
        for (const [got, ref] of [[boot[i]!.intervals[name], want.intervals[name]], [boot[i]!.studentized[name], want.studentized[name]]]) {
          ref.forEach((v, e) => expect(Math.abs(got[e] - v)).toBeLessThanOrEqual(1e-9 * Math.abs(v)));
        }
      }
      expect(boot[i]!.bca).toBeUndefined();
    }
    expect(progress.at(-1)?.bootstrap).toEqual({ done: 40, total: 40 });
    const plain = await fitEachGroup(request);
    if (!plain.ok) throw new Error(plain.error.message);
    expect(plain.value.bootstrap).toBeUndefined();
  });
});

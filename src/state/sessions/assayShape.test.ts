/** A saved fit's assay results (issue 26) are checked as they are read back from a session. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { problem } from './shapeChecks';
import { optionalAssay } from './assayShape';

const cli = JSON.parse(readFileSync(new URL('../../../fixtures/assay/elisa_cli.json', import.meta.url), 'utf8'));
const good = {
  interpolated: cli.interpolated,
  predicted: cli.predicted,
  outliers: { q: 0.01, lines: [13], x: [250], y: [2.42], rsdr: 0.035 },
  bootstrap: { kind: 'residual', resamples: 200, seed: 7, failed: 0, intervals: cli.bootstrapCi, samples: { EC50: new Float64Array([138, 139]) } },
};
const check = (v: unknown) => problem(() => optionalAssay(v, 'outcome.assay'));

describe('the assay results of a saved fit', () => {
  it('accepts what the worker sends, and its absence', () => {
    expect(check(good)).toBeNull();
    expect(check(undefined)).toBeNull();
    expect(check({ interpolated: null, predicted: null, outliers: null, bootstrap: null })).toBeNull();
  });

  it('names the first damaged field', () => {
    expect(check({ ...good, interpolated: [{ ...cli.interpolated[0], status: 'fine' }] })).toMatch(/^outcome\.assay\.interpolated\[0\]\.status is not one of/);
    expect(check({ ...good, outliers: { ...good.outliers, lines: ['13'] } })).toBe('outcome.assay.outliers.lines[0] is not a number');
    expect(check({ ...good, bootstrap: { ...good.bootstrap, samples: { EC50: [1, 2] } } })).toBe('outcome.assay.bootstrap.samples.EC50 is not a Float64Array');
    expect(check({ ...good, bootstrap: { ...good.bootstrap, intervals: { EC50: [1] } } })).toBe('outcome.assay.bootstrap.intervals.EC50 is not a [lower, upper] pair');
    // BCa and studentized ends: checked when present (a fit saved before them has neither).
    expect(check({ ...good, bootstrap: { ...good.bootstrap, bca: cli.bca.bootstrapBca, studentized: cli.bca.bootstrapBca } })).toBeNull();
    expect(check({ ...good, bootstrap: { ...good.bootstrap, bca: { EC50: [1, '2'] } } })).toBe('outcome.assay.bootstrap.bca.EC50 is not a [lower, upper] pair');
    const { predicted: _p, ...noPredicted } = good;
    expect(check(noPredicted)).toBe('outcome.assay.predicted is missing');
  });
});

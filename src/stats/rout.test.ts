/** ROUT's outlier rule against numpy/scipy (fixtures/assay/make_rout.py): RSDR and the flagged set. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { robustSdOfResiduals, routOutlierIndices } from './rout';

const cases: { residuals: number[]; k: number; q: number; rsdr: number; outliers: number[] }[] = JSON.parse(readFileSync(new URL('../../fixtures/assay/rout_ref.json', import.meta.url), 'utf8'));

describe('ROUT outlier rule', () => {
  it.each(cases.map((c, i) => [i, c] as const))('case %i: RSDR and the outliers as numpy and scipy give them', (_, c) => {
    expect(robustSdOfResiduals(c.residuals, c.k)).toBeCloseTo(c.rsdr, 12);
    expect(routOutlierIndices(c.residuals, c.k, c.q).sort((a, b) => a - b)).toEqual(c.outliers);
  });
});

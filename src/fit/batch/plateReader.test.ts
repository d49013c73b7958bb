/**
 * The plate-reader sample (public/samples/plate_reader.csv, 96 wells as columns) fitted per well
 * as the page does it: splitWide over every numeric column but conc, the library 4PL's guesser
 * starting each well, fitGroups. Against scipy's per-well least_squares (fixtures/plate/
 * plate_fits.json, from plate_fits.py): the residual sum of squares to 1e-6 relative for every
 * well that converges in both, and the three wells made to fail fail, each saying why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDelimitedText } from '../../data/parseText';
import { splitWide } from '../../data/splitWide';
import { doseResponse4PL } from '../../library/models/doseResponse';
import { compileModel } from '../../model/index';
import { fitGroups } from './fitGroups';

interface RefWell { well: string; n: number; converged: boolean; rss?: number; reason?: string }
const root = new URL('../../../', import.meta.url);
const ref = (JSON.parse(readFileSync(new URL('fixtures/plate/plate_fits.json', root), 'utf8')) as { wells: RefWell[] }).wells;
const MODEL = 'bottom + (top - bottom)*conc^hill/(EC50^hill + conc^hill)';

describe('the plate-reader sample fitted per well', () => {
  it('matches scipy per well (RSS to 1e-6) and explains the failed wells', async () => {
    const table = parseDelimitedText(readFileSync(new URL('public/samples/plate_reader.csv', root), 'utf8'));
    if (!table.ok) throw new Error(table.error.message);
    const ys = table.value.columns.map((c) => c.name).filter((n) => n !== 'conc');
    expect(ys).toHaveLength(96);
    const split = splitWide(table.value, { x: ['conc'], ys });
    if (!split.ok) throw new Error(split.error.message);
    const model = compileModel(MODEL, { columns: ['conc'] });
    if (!model.ok) throw new Error(model.error.message);
    const batch = await fitGroups({
      model: model.value,
      groups: split.value.groups,
      parameters: ['bottom', 'top', 'EC50', 'hill'].map((name) => ({ name, value: null })),
      guess: (x, y) => doseResponse4PL.guess(x, y),
    });
    expect(batch.rows.map((r) => r.key)).toEqual(ref.map((w) => w.well));
    let compared = 0;
    for (const [i, row] of batch.rows.entries()) {
      const w = ref[i]!;
      expect(row.rows, w.well).toBe(w.n);
      const converged = row.success && Array.from(row.stderr).every(Number.isFinite);
      if (!converged || !w.converged) continue;
      // χ² is Σr² with unit weights: the residual sum of squares.
      expect(Math.abs(row.chi2 - w.rss!) / w.rss!, w.well).toBeLessThan(1e-6);
      compared++;
    }
    // Every well scipy fits, fitbench fits too (93 of 96).
    expect(compared).toBe(ref.filter((w) => w.converged).length);
    expect(compared).toBe(93);
    const byKey = new Map(batch.rows.map((r) => [r.key, r]));
    // Three readings for four parameters, and no reading at all: not fitted, with the reason.
    for (const well of ['G12', 'H12']) {
      const row = byKey.get(well)!;
      expect(row.success, well).toBe(false);
      expect(row.code, well).toBe('too-few-rows');
      expect(row.message, well).toMatch(/row/);
    }
    // The flat well: the solver stops, but no step of any height or place is determined by the data.
    const flat = byKey.get('H11')!;
    expect([flat.stderr[2], flat.stderr[3]]).toEqual([Infinity, Infinity]);
  });
});

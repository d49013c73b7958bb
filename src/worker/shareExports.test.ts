/** The worker's side of links, exports and sessions in Node: fingerprints over the selection,
 *  links planned where the data are, curve CSVs of the last fit, and storage failing as a status. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprint } from '../share/index';
import { SPEC_VERSION, type FitSpec } from '../share/types';
import { DEFAULT_SETTINGS } from '../state/slices/settings';
import { exportCurve } from './exports';
import { runFit } from './fit';
import { loadText } from './load';
import { exportDataCsv, select } from './select';
import { fingerprintSelection, planShareLink } from './share';
import { restoreFit, saveTable } from './tables';

const decay = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', 'decay.csv'), 'utf8');
const plot = { plotVar: 0, logX: false, buckets: 800 };
const mapping = { x: ['t'], y: 'counts', sigma: 'sigma' };
const model = 'A*exp(-t/tau) + c';
const parameters = [
  { name: 'A', value: 800, min: -Infinity, max: Infinity, fixed: false },
  { name: 'tau', value: 3, min: -Infinity, max: Infinity, fixed: false },
  { name: 'c', value: 10, min: -Infinity, max: Infinity, fixed: false },
];

describe('worker: links, exports, sessions', () => {
  it('fingerprints exactly the rows and columns a fit uses', () => {
    // Line 3 has an unusable sigma: the selection drops it, and so does the fingerprint.
    const lines = decay.trimEnd().split('\n');
    lines[3] = lines[3].replace(/,[^,]*$/, ',-1');
    loadText(lines.join('\n'), 'decay.csv');
    const sel = select(mapping, plot);
    expect(sel.ok && sel.value.rows).toBe(80);
    const print = fingerprintSelection(mapping);
    if (!print.ok) throw new Error(print.error.message);
    expect(print.value.rows).toBe(80);
    const rows = lines.slice(1).map((l) => l.split(',').map(Number)).filter((r) => r[2] > 0);
    expect(print.value.hash).toBe(fingerprint([rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])]).hash);
    // Unweighted: sigma is not part of it.
    const unweighted = fingerprintSelection({ ...mapping, sigma: null });
    expect(unweighted.ok && unweighted.value.rows).toBe(81);
    expect(fingerprintSelection({ ...mapping, y: 'nope' }).ok).toBe(false);
  });

  it('plans a link from the selection, inline or fingerprinted', () => {
    loadText(decay, 'decay.csv');
    const spec: FitSpec = { version: SPEC_VERSION, model, libraryId: null, columns: mapping, parameters, settings: DEFAULT_SETTINGS, data: null };
    const inline = planShareLink(spec, { fileName: 'decay.csv' });
    expect(inline.ok && inline.value.dataIncluded).toBe(true);
    const printed = planShareLink(spec, { fileName: 'decay.csv', budget: 100 });
    expect(printed.ok && printed.value.data).toMatchObject({ kind: 'fingerprint', rows: 81, fileName: 'decay.csv' });
    const invalid = planShareLink({ ...spec, parameters: parameters.slice(1) }, {});
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.error.message).toMatch(/lacks the model's parameter A/);
  });

  it('exports the last fit at the data points and on the grid with its bands', async () => {
    loadText(decay, 'decay.csv');
    const request = { kind: 'points' as const, model, mapping, plotVar: 0, logX: false };
    const before = exportCurve(request);
    expect(!before.ok && before.error.code).toBe('not-fitted');
    const fit = await runFit({ model, mapping, parameters, settings: DEFAULT_SETTINGS, ...plot });
    if (!fit.ok) throw new Error(fit.error.message);
    const points = exportCurve(request);
    if (!points.ok) throw new Error(points.error.message);
    const rows = points.value.trimEnd().split('\n');
    expect(rows[0]).toBe('t,counts,fit,residual');
    expect(rows).toHaveLength(82);
    const [, y, f, r] = rows[1].split(',').map(Number);
    expect(r).toBe(y - f);
    const grid = exportCurve({ ...request, kind: 'grid' });
    if (!grid.ok) throw new Error(grid.error.message);
    expect(grid.value.split('\n')[0]).toBe('t,fit,conf_lower,conf_upper,pred_lower,pred_upper');
    // Another model: the last fit does not describe it.
    expect(exportCurve({ ...request, model: 'A*exp(-t/tau)' }).ok).toBe(false);

    // A saved fit handed back makes the exports and bands work again after a reload of the data.
    loadText(decay, 'decay.csv');
    expect(exportCurve(request).ok).toBe(false);
    expect(restoreFit({ model, mapping, result: fit.value.result, absoluteSigma: false }).ok).toBe(true);
    expect(exportCurve(request).ok).toBe(true);
  });

  it('exports the data a fit uses as comma CSV: usable rows, round-trip numbers, model names', () => {
    // Semicolons and decimal commas in, a header that is not a name (the table renames it), one
    // row with an unusable y.
    loadText('"time, s";signal;err\n0,5;1,25;0,1\n1,5;x;0,1\n2,5;0,1;0,2\n', 'paste');
    const m = { x: ['time_s'], y: 'signal', sigma: 'err' };
    const out = exportDataCsv(m);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.value).toBe('time_s,signal,err\n0.5,1.25,0.1\n2.5,0.1,0.2\n');
    const unweighted = exportDataCsv({ ...m, sigma: null });
    expect(unweighted.ok && unweighted.value.split('\n')[0]).toBe('time_s,signal');
    expect(exportDataCsv({ ...m, y: 'nope' }).ok).toBe(false);
  });

  it('reports storage that is not there as a status', async () => {
    loadText(decay, 'decay.csv');
    const saved = await saveTable('data:test');
    expect(saved.ok).toBe(false);
    if (!saved.ok) expect(saved.error.code).toBe('storage');
  });
});

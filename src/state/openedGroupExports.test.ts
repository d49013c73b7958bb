/**
 * Issue 27, item 4: one fit per report and export. R's CO2 fitted pooled (all 84 rows, the plants
 * ignored), then each Plant; Mc1 opened and closed again. The report, the curve exports and the
 * script describe the fit on screen, name it (which group, which mode), and agree with R's nls
 * (fixtures/groups/make_co2.R): before the fix the report of the pooled fit drew Mc1's 7 rows and
 * "Fit and residuals" said "Fit first" while the card said Converged; the script of an opened
 * group was a one-group per-group fit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { pageReport } from '../app/export/reportExport';
import { runExport } from '../app/export/run';
import { runGroupFits } from './actions/batch';
import { loadText, setMapping } from './actions/data';
import { runFit } from './actions/fit';
import { setGroupBy } from './actions/groups';
import { setModelText } from './actions/model';
import { closeGroup, openGroup } from './actions/openGroup';
import { setParamValue } from './actions/params';
import { getState, initialState, setState } from './store';

const groups = join(import.meta.dirname, '..', '..', 'fixtures', 'groups');
const csv = readFileSync(join(groups, 'co2.csv'), 'utf8');
interface NlsFit { rows: number; rss: number; params: Record<string, number> }
const nls = JSON.parse(readFileSync(join(groups, 'co2_nls.json'), 'utf8')) as { model: string; start: Record<string, number>; pooled: NlsFit; Mc1: NlsFit };

async function text(id: Parameters<typeof runExport>[0]): Promise<string> {
  const out = await runExport(id);
  if (out.kind !== 'file') throw new Error(`${id}: ${out.kind === 'error' ? out.message : 'a copy'}`);
  return out.blob.text();
}

/** The value of a report cell: data-value of the parameter's value cell, or of a statistic. */
function reportParam(html: string, name: string): number {
  const row = new RegExp(`<tr data-param="${name}"><th[^>]*>.*?</th><td class="num" data-value="([^"]*)"`).exec(html);
  return Number(row?.[1]);
}
const reportChi2 = (html: string) => Number(/<tr data-stat="chi2">.*?data-value="([^"]*)"/.exec(html)?.[1]);
const reportRows = (html: string) => Number(/data-rows="(\d+)"/.exec(html)?.[1]);
/** Data lines of a CSV (after the header and comment lines). */
const csvRows = (t: string) => t.trim().split('\n').filter((l) => !l.startsWith('#')).length - 1;

function expectNls(params: Record<string, number>, ref: NlsFit): void {
  for (const [name, value] of Object.entries(ref.params)) expect(Math.abs(params[name] - value) / Math.abs(value)).toBeLessThan(1e-5);
}

describe('an opened group and back: one fit per report and export (CO2)', () => {
  beforeEach(async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'co2.csv')).toBe(true);
    await setMapping({ x: ['conc'], y: 'uptake', sigma: null });
    setModelText(nls.model);
    for (const [name, value] of Object.entries(nls.start)) setParamValue(name, value);
    await runFit();
    expect(getState().fitStatus).toBe('done');
    await setGroupBy('Plant');
    await runGroupFits();
    expect(getState().batchStatus).toBe('done');
  });

  it('back from Mc1, the report and the curve exports describe the pooled fit of all 84 rows, named', async () => {
    await openGroup('Mc1');
    expect(getState().outcome?.result.stats.points).toBe(7);
    await closeGroup();
    const s = getState();
    const params = Object.fromEntries(s.outcome!.result.parameters.map((p) => [p.name, p.value]));
    expectNls(params, nls.pooled);
    const report = await pageReport(s);
    if (!report.ok) throw new Error(report.message);
    expect(reportRows(report.html)).toBe(84);
    expect(Math.abs(reportChi2(report.html) - nls.pooled.rss) / nls.pooled.rss).toBeLessThan(1e-6);
    expect(reportParam(report.html, 'Asym')).toBeCloseTo(nls.pooled.params.Asym, 4);
    // Named: the pooled fit of every plant, not a group's.
    expect(report.html).toContain('data-scope="pooled"');
    expect(report.html).toMatch(/One fit to all 84 rows, every Plant together/);
    expect(csvRows(await text('points-csv'))).toBe(84);
    // The page's residual plots (the same worker data) are the pooled fit's too.
    const json = JSON.parse(await text('results-json')) as { statistics?: { points?: number } };
    expect(JSON.stringify(json)).toContain('"points":84');
  });

  it('an opened group: its report names Plant = Mc1 and its script is a single fit of its 7 rows', async () => {
    await openGroup('Mc1');
    const s = getState();
    const params = Object.fromEntries(s.outcome!.result.parameters.map((p) => [p.name, p.value]));
    expectNls(params, nls.Mc1);
    const report = await pageReport(s);
    if (!report.ok) throw new Error(report.message);
    expect(reportRows(report.html)).toBe(7);
    expect(Math.abs(reportChi2(report.html) - nls.Mc1.rss) / nls.Mc1.rss).toBeLessThan(1e-6);
    expect(report.html).toContain('data-scope="group"');
    expect(report.html).toMatch(/Plant = Mc1/);
    expect(csvRows(await text('points-csv'))).toBe(7);
    const script = await text('python');
    expect(script).not.toContain('GROUP_COLUMN');
    expect(script).not.toContain('def fit_group');
    // The one group's rows: the Data CSV export holds them (a pasted table's script reads it).
    expect(csvRows(await text('data-csv'))).toBe(7);
  });
});

describe('the Export menu names the fit its items describe', () => {
  it('pooled beside the group cards, and an opened group', async () => {
    const { exportScopeNote } = await import('../app/export/catalogue');
    const base = { ...initialState, groupBy: 'Plant' };
    expect(exportScopeNote(initialState)).toBeNull();
    expect(exportScopeNote(base)).toBe('Results, report and curves: the fit of all rows, every Plant pooled. Script and command: the fits of each Plant.');
    expect(exportScopeNote({ ...base, groupMode: 'global' })).toContain('Script and command: the global fit over every Plant.');
    expect(exportScopeNote({ ...base, batchOpen: { key: 'Mc1', before: { mapping: base.mapping, params: [], fit: { ...initialState, outcome: null } } } })).toBe('Every item describes the fit of Plant = Mc1 alone.');
  });
});

/**
 * "Fit each group" through the store's actions with the worker API in-thread (issue 9): per-group
 * Puromycin fits against R's nls per state (fixtures/groupfits/nls_groups.json), a one-row group
 * that fails with its reason while the others converge, and Cancel keeping the finished groups.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { cancelGroupFits, runGroupFits } from './actions/batch';
import { loadText, setMapping, setPlot } from './actions/data';
import { runFit } from './actions/fit';
import { setGroupBy, toggleGroup } from './actions/groups';
import { pickLibraryModel, setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { setTie } from './actions/ties';
import { batchCsv, sortedBatchRows } from './batchTable';
import { getState, initialState, setState } from './store';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures');
const csv = readFileSync(join(fixtures, 'groups', 'puromycin.csv'), 'utf8');
interface NlsGroup { group: string; n: number; rss: number; params: Record<string, number>; stderr: Record<string, number> }
const nls = (JSON.parse(readFileSync(join(fixtures, 'groupfits', 'nls_groups.json'), 'utf8')) as { puromycin: { perGroup: NlsGroup[] } }).puromycin.perGroup;

async function setUp(text: string): Promise<void> {
  setClient(localClient());
  setState(initialState, true);
  expect(await loadText(text, 'puromycin.csv')).toBe(true);
  setModelText('Vm*conc/(K + conc)');
  setParamValue('Vm', 200);
  setParamValue('K', 0.1);
  await setGroupBy('state');
}

/** RSS = 2·cost for the linear loss. */
const rss = (cost: number) => 2 * cost;

describe('fit each group', () => {
  beforeEach(() => setUp(csv));

  it('fits each state of Puromycin as R nls does (RSS to 1e-6, parameters and standard errors)', async () => {
    await runGroupFits();
    const s = getState();
    expect(s.batchStatus).toBe('done');
    const b = s.batch!;
    expect(b.rows.map((r) => r.key)).toEqual(['treated', 'untreated']);
    expect(s.batchProgress).toEqual({ done: 2, total: 2, failed: 0 });
    for (const ref of nls) {
      const row = b.rows.find((r) => r.key === ref.group)!;
      expect(row.success).toBe(true);
      expect(row.rows).toBe(ref.n);
      expect(Math.abs(rss(row.cost) - ref.rss) / ref.rss).toBeLessThan(1e-6);
      b.names.forEach((name, j) => {
        expect(Math.abs(row.params[j] - ref.params[name]) / Math.abs(ref.params[name])).toBeLessThan(1e-5);
        expect(Math.abs(row.stderr[j] - ref.stderr[name]) / ref.stderr[name]).toBeLessThan(1e-4);
      });
      expect(row.redchi2).toBeCloseTo(ref.rss / (ref.n - 2), 6);
    }
    // Both groups drawn, each with its curve through its own fitted parameters.
    expect(b.overlay.map((o) => o.key)).toEqual(['treated', 'untreated']);
    expect(b.overlay[0].x.length).toBe(12);
    expect(b.overlayCapped).toBe(false);
    const c = b.overlay[1].curve!;
    const u = nls[1].params;
    expect(c.y[c.y.length - 1]).toBeCloseTo((u.Vm * c.x[c.x.length - 1]) / (u.K + c.x[c.x.length - 1]), 6);
  });

  it('other data or no grouping clear the per-group results', async () => {
    await runGroupFits();
    expect(getState().batch?.rows).toHaveLength(2);
    await setGroupBy(null);
    expect(getState().batch).toBeNull();
    await setGroupBy('state');
    await runGroupFits();
    expect(await loadText(csv, 'again.csv')).toBe(true);
    expect(getState().batch).toBeNull();
    expect(getState().batchStatus).toBe('idle');
  });

  it('fits only the picked groups', async () => {
    toggleGroup('treated');
    await runGroupFits();
    expect(getState().batch?.rows.map((r) => r.key)).toEqual(['untreated']);
  });

  it('a group with one row fails with its reason while the others converge', async () => {
    await setUp(`${csv.trim()}\n0.5,150,"solo"\n`);
    await runGroupFits();
    const b = getState().batch!;
    // Rows come in the file's group order.
    expect(b.rows.map((r) => r.key)).toEqual(['treated', 'untreated', 'solo']);
    const solo = b.rows[2];
    expect(solo.success).toBe(false);
    expect(solo.code).toBe('too-few-rows');
    expect(solo.message).toMatch(/row/);
    expect(b.failed).toBe(1);
    expect(b.rows.slice(0, 2).every((r) => r.success)).toBe(true);
    expect(getState().batchProgress?.failed).toBe(1);
  });

  it('cancel stops the batch and keeps the groups it finished', async () => {
    // 4000 copies of the treated rows, one group each: every finished group must equal R's fit.
    const treated = csv.trim().split('\n').slice(1).filter((l) => l.endsWith('"treated"'));
    const lines = ['"conc","rate","state"'];
    for (let g = 0; g < 4000; g++) for (const l of treated) lines.push(l.replace('"treated"', `"g${g}"`));
    await setUp(lines.join('\n'));
    expect(getState().groupList?.groups.length).toBe(4000);
    const running = runGroupFits();
    // A single fit does not start meanwhile (it would stop the batch).
    await runFit();
    expect(getState().fitStatus).toBe('idle');
    // Cancelled once more groups are done than the overlay draws (20), however loaded the machine
    // (a fixed 5 ms saw 12 done under a load of 14 on 2 cores).
    const cancelPast = (done: number): unknown => ((getState().batchProgress?.done ?? 0) > done ? cancelGroupFits() : setTimeout(() => cancelPast(done), 1));
    cancelPast(20);
    await running;
    const s = getState();
    expect(s.batchStatus).toBe('cancelled');
    const b = s.batch!;
    expect(b.cancelled).toBe(true);
    expect(b.total).toBe(4000);
    expect(b.rows.length).toBeGreaterThan(0);
    expect(b.rows.length).toBeLessThan(4000);
    const ref = nls[0];
    for (const row of b.rows) {
      expect(row.success).toBe(true);
      expect(Math.abs(rss(row.cost) - ref.rss) / ref.rss).toBeLessThan(1e-6);
    }
    expect(b.overlay.length).toBe(20);
    expect(b.overlayCapped).toBe(true);
  });
});

describe('the overlay of a model with a variable held per group (issue 13: a dose per subject)', () => {
  interface TheophRef { model: string; start: Record<string, number>; perGroup: NlsGroup[] }
  const theoph = (JSON.parse(readFileSync(join(fixtures, 'groupfits', 'nls_groups.json'), 'utf8')) as { theoph: TheophRef }).theoph;
  const text = readFileSync(join(fixtures, 'groups', 'theoph.csv'), 'utf8');
  const rows = text.trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
  // Columns: Subject, Wt, Dose, Time, conc. Each subject has one dose.
  const doseOf = (subject: string) => rows.find((r) => String(r[0]) === subject)![2];
  // R's formula (fixtures/groupfits/nls_groups.R), written here, not compiled by the page.
  const fol = (p: Record<string, number>, dose: number, t: number) =>
    (dose * Math.exp(p.lKe + p.lKa - p.lCl) * (Math.exp(-Math.exp(p.lKe) * t) - Math.exp(-Math.exp(p.lKa) * t))) / (Math.exp(p.lKa) - Math.exp(p.lKe));

  async function fitTheoph(x: string[], plotted: string): Promise<void> {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(text, 'theoph.csv')).toBe(true);
    // Wt is mapped but not in the model: the plotted column is found by name among the model's.
    await setMapping({ x, y: 'conc', sigma: null });
    await setPlot({ plotVar: x.indexOf(plotted) });
    setModelText(theoph.model);
    for (const [name, value] of Object.entries(theoph.start)) setParamValue(name, value);
    await setGroupBy('Subject');
    await runGroupFits();
    expect(getState().batchStatus).toBe('done');
  }

  it('draws each subject’s curve over Time at its own dose, through R’s fit', async () => {
    await fitTheoph(['Wt', 'Time', 'Dose'], 'Time');
    const b = getState().batch!;
    expect(b.overlay.map((o) => o.key)).toEqual(theoph.perGroup.map((g) => g.group));
    for (const ref of theoph.perGroup) {
      const o = b.overlay.find((g) => g.key === ref.group)!;
      // The points against Time (not Dose or Wt): the subject's own times.
      expect(Array.from(o.x)).toEqual(rows.filter((r) => String(r[0]) === ref.group).map((r) => r[3]));
      const c = o.curve!;
      expect(c.x.length).toBeGreaterThan(o.x.length);
      expect(c.x[0]).toBe(Math.min(...o.x));
      expect(c.x[c.x.length - 1]).toBeCloseTo(Math.max(...o.x), 9);
      // nls stops Theoph at tol = 1e-6: the curves agree to about that.
      for (let i = 0; i < c.x.length; i += 20) expect(Math.abs(c.y[i] - fol(ref.params, doseOf(ref.group), c.x[i]))).toBeLessThan(1e-4 * Math.max(1, Math.abs(c.y[i])));
    }
  });

  it('draws no curve against Dose, since Time varies within each subject', async () => {
    await fitTheoph(['Time', 'Dose'], 'Dose');
    const b = getState().batch!;
    expect(b.overlay.every((o) => o.curve === null)).toBe(true);
    expect(Array.from(b.overlay[0].x)).toEqual(rows.filter((r) => r[0] === 1).map((r) => r[2]));
  });
});

describe('the per-group results table', () => {
  beforeEach(() => setUp(`${csv.trim()}\n0.5,150,"solo"\n`));

  it('sorts by a parameter (failed groups last either way) and by group, and exports one CSV row per group', async () => {
    await runGroupFits();
    const b = getState().batch!;
    expect(sortedBatchRows(b, { column: 'Vm', descending: false }).map((r) => r.key)).toEqual(['untreated', 'treated', 'solo']);
    expect(sortedBatchRows(b, { column: 'Vm', descending: true }).map((r) => r.key)).toEqual(['treated', 'untreated', 'solo']);
    expect(sortedBatchRows(b, { column: 'group', descending: true }).map((r) => r.key)).toEqual(['untreated', 'treated', 'solo']);
    const text = batchCsv(b, 'state');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('state,rows,status,Vm,Vm_stderr,K,K_stderr,redchi2,r2,message');
    expect(lines).toHaveLength(4);
    const treated = lines[1].split(',');
    expect(treated.slice(0, 3)).toEqual(['treated', '12', 'converged']);
    expect(Number(treated[3])).toBeCloseTo(nls[0].params.Vm, 4);
    expect(Number(treated[6])).toBeCloseTo(nls[0].stderr.K, 7);
    expect(lines[3]).toMatch(/^solo,1,not fitted,,,,,,,/);
  });
});

describe('fit each group with a library model', () => {
  beforeEach(() => setUp(csv));

  it('guesses each group its own start values (the table’s starts are not used), and fits as R', async () => {
    await pickLibraryModel('michaelis-menten');
    expect(getState().libraryId).toBe('michaelis-menten');
    // Starts far from either group: a single start table would not serve both.
    for (const p of getState().params) setParamValue(p.name, 1e4);
    await runGroupFits();
    const b = getState().batch!;
    expect(b.rows.map((r) => r.success)).toEqual([true, true]);
    for (const ref of nls) {
      const row = b.rows.find((r) => r.key === ref.group)!;
      expect(Math.abs(rss(row.cost) - ref.rss) / ref.rss).toBeLessThan(1e-6);
      // The start each group began from is its own guess, not the table's 1e4.
      expect(Array.from(row.start).every((v) => v !== 1e4)).toBe(true);
    }
    expect(b.rows[0].start[0]).not.toBe(b.rows[1].start[0]);
  });
});

describe('a tied parameter in group fits', () => {
  beforeEach(() => setUp(csv));

  it("shows each group's tied value, as the model written by hand gives it, in the table's data and the CSV", async () => {
    // The reference: the same groups fitted with the tie written into the model by hand.
    setModelText('Vm*conc/(K + conc) - Vm/20');
    await runGroupFits();
    const byHand = getState().batch!;
    setModelText('Vm*conc/(K + conc) + c');
    expect(setTie('c', '-Vm/20')).toBeNull();
    await runGroupFits();
    const b = getState().batch!;
    expect(b.names).toEqual(['Vm', 'K']);
    expect(b.ties).toEqual([{ name: 'c', expression: '-Vm/20' }]);
    const lines = batchCsv(b, 'state').trim().split('\n');
    expect(lines[0]).toBe('state,rows,status,Vm,Vm_stderr,K,K_stderr,c_tied,redchi2,r2,message');
    byHand.rows.forEach((hand, i) => {
      const vm = hand.params[byHand.names.indexOf('Vm')];
      expect(Math.abs(b.rows[i].params[0] - vm) / vm).toBeLessThan(1e-9);
      const c = Number(lines[i + 1].split(',')[7]);
      expect(Math.abs(c - -vm / 20) / (vm / 20)).toBeLessThan(1e-9);
    });
  });
});

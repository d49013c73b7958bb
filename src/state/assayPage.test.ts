/**
 * The assay workflow on the page (issue 26), through the store's actions and the worker's code
 * (localClient): the ELISA plate with its unknowns interpolated, ROUT and a bootstrap gives the
 * CLI's JSON on the same file (fixtures/assay/make_elisa_cli.mjs) to 1e-9, the BCa interval chosen on
 * the page the CLI's bootstrapBca (--bootstrap-interval bca); "put back" refits with
 * the outlier kept; the settings are part of the fit signature (results go stale when one changes).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { cancelFit, runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { putBackOutlier, setAssay } from './actions/assay';
import { shownInterval } from '../app/assay/shownInterval';
import { resultsFresh } from './signature';
import { getState, initialState, setState, store } from './store';

const cli = JSON.parse(readFileSync(new URL('../../fixtures/assay/elisa_cli.json', import.meta.url), 'utf8'));
const plate = readFileSync(new URL('../../public/samples/elisa_plate.csv', import.meta.url), 'utf8');
const close = (a: number | null, b: number | null, tol = 1e-9) => {
  if (b === null) return expect(a).toBeNull();
  expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));
};

async function loadPlate(): Promise<void> {
  setState(initialState, true);
  expect(await loadText(plate, 'elisa_plate.csv')).toBe(true);
  setModelText('bottom + (top - bottom)*conc^hill/(EC50^hill + conc^hill)');
  for (const [name, v] of Object.entries({ bottom: 0.1, top: 2.5, EC50: 100, hill: 1 })) setParamValue(name, v);
}

describe('the assay workflow on the page', () => {
  beforeAll(() => setClient(localClient()));

  it('reads the unknowns, flags the outlier, predicts and bootstraps as the CLI does on the same file', async () => {
    await loadPlate();
    setAssay({ interpolate: true, sample: 'sample', rout: true, predict: '50, 200', bootstrap: true, resamples: 200, seed: 7, interval: 'bca' });
    await runFit();
    const s = getState();
    expect(s.fitError).toBeNull();
    const a = s.outcome!.assay!;
    for (const p of s.outcome!.result.parameters) close(p.value, cli.params[p.name]);
    expect(a.outliers!.lines).toEqual(cli.outliers.rows);
    close(a.outliers!.rsdr, cli.outliers.rsdr);
    expect(a.interpolated!.map((u) => [u.row, u.sample, u.status])).toEqual(cli.interpolated.map((u: { row: number; sample: string; status: string }) => [u.row, u.sample, u.status]));
    a.interpolated!.forEach((u, i) => {
      const want = cli.interpolated[i];
      close(u.y, want.y);
      close(u.x, want.x);
      close(u.lower, want.lower);
      close(u.upper, want.upper);
    });
    a.predicted!.forEach((p, i) => {
      const want = cli.predicted[i];
      for (const k of ['x', 'y', 'confLower', 'confUpper', 'predLower', 'predUpper'] as const) close(p[k], want[k]);
    });
    for (const name of cli.free as string[]) {
      close(a.bootstrap!.intervals[name][0], cli.bootstrapCi[name][0]);
      close(a.bootstrap!.intervals[name][1], cli.bootstrapCi[name][1]);
      expect(a.bootstrap!.samples[name].length).toBe(200 - a.bootstrap!.failed);
      // BCa, the interval chosen on the page, as the CLI's --bootstrap-interval bca gives it.
      const bca = shownInterval(a.bootstrap!, getState().assay.interval);
      expect(bca.interval).toBe('bca');
      close(bca.ends[name][0], cli.bca.bootstrapBca[name][0]);
      close(bca.ends[name][1], cli.bca.bootstrapBca[name][1]);
      expect(bca.ends[name]).not.toEqual(cli.bootstrapCi[name]);
    }
    expect(resultsFresh(getState())).toBe(true);
    // Percentile and studentized come with every bootstrap: choosing between them needs no refit.
    // BCa's jackknife runs only when BCa is asked for, so leaving BCa or picking it is a change.
    setAssay({ interval: 'studentized' });
    expect(resultsFresh(getState())).toBe(false);
    await runFit();
    const refit = getState().outcome!.assay!.bootstrap!;
    expect(refit.bca).toBeUndefined();
    // The same seed, the same resamples (the refit starts at the fit's values: its last digits move).
    for (const name of cli.free as string[]) refit.intervals[name].forEach((end, k) => close(end, a.bootstrap!.intervals[name][k]));
    expect(shownInterval(refit, 'studentized').interval).toBe('studentized');
    setAssay({ interval: 'percentile' });
    expect(resultsFresh(getState())).toBe(true);
    setAssay({ interval: 'bca' });
    expect(resultsFresh(getState())).toBe(false);
    // Until the refit the page names what it shows: the percentile interval.
    expect(shownInterval(refit, 'bca').interval).toBe('percentile');
    setAssay({ interval: 'studentized' });
    // A changed assay setting makes the results stale; set back, fresh again.
    setAssay({ q: 5 });
    expect(resultsFresh(getState())).toBe(false);
    setAssay({ q: 1 });
    expect(resultsFresh(getState())).toBe(true);
  });

  it('puts the outlier back: the fit keeps it and has one more row', async () => {
    await loadPlate();
    setAssay({ interpolate: true, sample: 'sample', rout: true });
    await runFit();
    const before = getState().outcome!;
    const line = before.assay!.outliers!.lines[0];
    expect(line).toBe(13);
    await putBackOutlier(line);
    const after = getState().outcome!;
    expect(getState().assay.keep).toEqual([13]);
    expect(after.assay!.outliers!.lines).toEqual([]);
    expect(before.result.stats.points).toBe(cli.n);
    expect(after.result.stats.points).toBe(cli.n + 1);
  });

  it('reports the bootstrap’s progress, and Cancel stops it and keeps the fit', async () => {
    await loadPlate();
    setAssay({ interpolate: true, sample: 'sample', bootstrap: true, resamples: 1_000_000 });
    const seen: number[] = [];
    const stop = new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe((s) => {
        const b = s.progress?.bootstrap;
        if (!b) return;
        seen.push(b.done);
        if (b.done >= 20) {
          unsubscribe();
          cancelFit();
          resolve();
        }
      });
    });
    const fitting = runFit();
    await stop;
    await fitting;
    const s = getState();
    expect(s.fitStatus).toBe('done');
    expect(s.outcome!.assay!.bootstrap).toBeNull();
    // The fit and the unknowns stand.
    expect(s.outcome!.assay!.interpolated!.length).toBe(6);
    expect(seen[seen.length - 1]).toBeGreaterThanOrEqual(20);
    expect(seen.every((d, i) => i === 0 || d >= seen[i - 1])).toBe(true);
  });

  it('says which control to change when there are no unknowns', async () => {
    setState(initialState, true);
    expect(await loadText('conc,od\n1,0.1\n2,0.2\n4,0.35\n8,0.6\n', 'plain.csv')).toBe(true);
    setModelText('a*conc + b');
    setAssay({ interpolate: true });
    await runFit();
    expect(getState().fitError).toMatchObject({ code: 'no-unknowns', field: 'assay' });
    expect(getState().fitError!.message).toMatch(/Interpolate unknowns: no row has a od value and an empty conc cell/);
  });
});

/**
 * The page's side of a lost worker (actions/recovery.ts, actions/fit.ts) with in-thread workers
 * under the real supervisor: a worker that dies mid-fit leaves no fit "running", the page says so,
 * the data come back, what the user entered is untouched, and a new fit reaches scipy's answer
 * (fixtures/scipy/curve_fit.json); Cancel on a fit that does not stop returns the page to idle
 * with the last accepted parameters.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { inThreadWorkers, type InThreadWorkers } from '../client/inThreadWorker';
import { supervise } from '../client/supervisor';
import { reportWorkerEvent, setClient } from '../client/worker';
import { session } from '../worker/session';
import { loadText } from './actions/data';
import { cancelFit, runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamBound, setParamValue } from './actions/params';
import { setSettings } from './actions/settings';
import { getState, initialState, setState, store } from './store';

const ref = JSON.parse(readFileSync(new URL('../../fixtures/scipy/curve_fit.json', import.meta.url), 'utf8')) as {
  t: number[];
  y: number[];
  cases: { name: string; popt: number[] }[];
};
const csv = ['t,y', ...ref.t.map((t, i) => `${t},${ref.y[i]}`)].join('\n');
const popt = ref.cases.find((c) => c.name === 'unweighted')?.popt ?? [];
const settle = (ms = 0) => new Promise((r) => setTimeout(r, ms));

let workers: InThreadWorkers;

async function prepared(): Promise<void> {
  setState(initialState, true);
  expect(await loadText(csv, 'decay.csv')).toBe(true);
  setModelText('A*exp(-t/tau) + c');
  setParamValue('A', 1);
  setParamValue('tau', 1);
  setParamValue('c', 0);
  setParamBound('tau', 'min', 0.01);
  setSettings({ backend: 'cpu' });
}

/** Calls `action` once, the first time the store passes `when`. */
function onceWhen(when: (s: ReturnType<typeof getState>) => boolean, action: () => void): void {
  const stop = store.subscribe((s) => {
    if (!when(s)) return;
    stop();
    action();
  });
}

describe('a lost worker, from the page', () => {
  beforeEach(() => {
    workers = inThreadWorkers();
    setClient(supervise(workers.spawn, { cancelGraceMs: 50, onEvent: reportWorkerEvent }));
  });

  it('a worker killed mid-fit: the fit ends, the page says so, the data are back, the input is kept, and a new fit works', async () => {
    await prepared();
    const entered = { model: getState().modelText, params: getState().params, settings: getState().settings, mapping: getState().mapping };
    onceWhen((s) => s.fitStatus === 'running' && s.progress !== null, () => workers.kill('it crashed'));
    await runFit();

    const s = getState();
    expect(s.fitStatus).toBe('error');
    expect(s.fitError?.code).toBe('worker-lost');
    expect(s.fitError?.message).toMatch(/press Fit to run it again/);
    await settle();
    const notice = getState().workerNotice;
    expect(notice?.state).toBe('restored');
    expect(notice?.message).toMatch(/stopped \(it crashed\) and was restarted: decay\.csv was reloaded\. Your model, parameters and settings are unchanged\./);
    // Nothing the user entered changed.
    expect(getState().modelText).toBe(entered.model);
    expect(getState().params).toEqual(entered.params);
    expect(getState().settings).toEqual(entered.settings);
    expect(getState().mapping).toEqual(entered.mapping);
    expect(getState().table?.rows).toBe(ref.t.length);
    // The fresh worker holds the data, and fits them.
    expect(workers.spawned).toBe(2);
    expect(session.table?.rowCount).toBe(ref.t.length);
    await runFit();
    expect(getState().fitStatus).toBe('done');
    getState().outcome?.result.parameters.forEach((p, i) => expect(p.value).toBeCloseTo(popt[i], 6));
  });

  it('Cancel on a fit whose worker does not answer: idle within the grace period, last accepted parameters kept', async () => {
    await prepared();
    workers.kill('make the next worker a stuck one');
    workers.stuck = true;
    await settle();
    workers.stuck = false;
    expect(getState().workerNotice?.state).toBe('restored');
    // The stuck worker runs the fit (its progress arrives) but never answers, and ignores Cancel.
    let cancelledAt = 0;
    onceWhen(
      (s) => s.fitStatus === 'running' && (s.progress?.accepted?.values.length ?? 0) === 3 && s.progress?.phase === 'fit',
      () => {
        cancelledAt = performance.now();
        cancelFit();
      },
    );
    const started = runFit();
    // The in-thread fit runs to its end before the grace timer can fire; the answer is withheld.
    await started;
    const waited = performance.now() - cancelledAt;
    expect(getState().fitStatus).toBe('idle');
    expect(getState().fitCancelled).toBe(true);
    expect(waited).toBeLessThan(1000);
    expect(workers.terminated).toBe(1);
    const accepted = getState().progress?.accepted;
    expect(accepted?.names).toEqual(['A', 'tau', 'c']);
    // The rows show the last accepted iterate the worker reported.
    expect(getState().params.map((p) => p.value)).toEqual(accepted?.values);
    accepted?.values.forEach((v, i) => expect(v).toBeCloseTo(popt[i], 4));
    await settle();
    expect(getState().workerNotice).toMatchObject({ state: 'restored', cause: 'cancel' });
    expect(getState().workerNotice?.message).toMatch(/^Cancelled\. The fit did not stop at once, so its worker was restarted: decay\.csv was reloaded\./);
  });
});

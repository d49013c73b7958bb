/** The supervisor with in-thread workers: a dead worker's calls answer, the data come back, Cancel
 *  always returns. The fitted numbers are checked against scipy's (fixtures/scipy/curve_fit.json). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FitRequest, Status } from '../worker/api';
import { session } from '../worker/session';
import { inThreadWorkers } from './inThreadWorker';
import { supervise, type WorkerEvent } from './supervisor';

const ref = JSON.parse(readFileSync(new URL('../../fixtures/scipy/curve_fit.json', import.meta.url), 'utf8')) as {
  t: number[];
  y: number[];
  cases: { name: string; popt: number[] }[];
};
const csv = ['t,y', ...ref.t.map((t, i) => `${t},${ref.y[i]}`)].join('\n');
const popt = ref.cases.find((c) => c.name === 'unweighted')?.popt ?? [];
const mapping = { x: ['t'], y: 'y', sigma: null };
const plot = { plotVar: 0, logX: false, buckets: 100 };
const request: FitRequest = {
  model: 'A*exp(-t/tau) + c',
  mapping,
  parameters: [
    { name: 'A', value: 1, min: -Infinity, max: Infinity, fixed: false },
    { name: 'tau', value: 1, min: -Infinity, max: Infinity, fixed: false },
    { name: 'c', value: 0, min: -Infinity, max: Infinity, fixed: false },
  ],
  settings: { loss: 'linear', fScale: 1, ftol: 1e-8, xtol: 1e-8, gtol: 1e-8, maxNfev: null, xScale: 1, method: 'auto', backend: 'cpu', absoluteSigma: false },
  ...plot,
};

function values(status: Status<{ result: { parameters: { value: number }[] } }>): number[] {
  if (!status.ok) throw new Error(status.error.message);
  return status.value.result.parameters.map((p) => p.value);
}

const settle = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('worker supervisor', () => {
  it('answers the calls of a worker that died, and gives a fresh worker the data', async () => {
    const workers = inThreadWorkers();
    const events: WorkerEvent[] = [];
    const client = supervise(workers.spawn, { onEvent: (e) => events.push(e) });
    expect((await client.loadText(csv, 'decay.csv')).ok).toBe(true);
    expect((await client.select(mapping, plot)).ok).toBe(true);

    // The worker dies while a fit is in flight (killed at the fit's first progress message).
    const fit = client.fit(request, () => workers.kill('it crashed'));
    const status = await fit;
    expect(status.ok).toBe(false);
    if (!status.ok) expect(status.error.code).toBe('worker-lost');

    await settle();
    expect(workers.spawned).toBe(2);
    expect(events.map((e) => e.type)).toEqual(['lost', 'restored']);
    expect(events[1]).toMatchObject({ type: 'restored', cause: 'crash', data: 'reloaded', dataName: 'decay.csv' });
    // The fresh worker (spawned with an empty session) holds the data and the selection again.
    expect(session.table?.rowCount).toBe(ref.t.length);
    expect(session.selection?.rows).toBe(ref.t.length);
    // …and fits them to scipy's answer.
    values(await client.fit(request)).forEach((v, i) => expect(v).toBeCloseTo(popt[i], 6));
  });

  it('stops a fit that ignores Cancel by restarting its worker within the grace period', async () => {
    const workers = inThreadWorkers();
    const events: WorkerEvent[] = [];
    const client = supervise(workers.spawn, { cancelGraceMs: 50, onEvent: (e) => events.push(e) });
    expect((await client.loadText(csv, 'decay.csv')).ok).toBe(true);
    workers.kill('make the next worker a stuck one');
    workers.stuck = true;
    await settle();
    workers.stuck = false;
    const fit = client.fit(request);
    await settle(10);
    const t0 = performance.now();
    await client.cancelFit();
    const status = await fit;
    const waited = performance.now() - t0;
    expect(status.ok).toBe(false);
    if (!status.ok) expect(status.error.code).toBe('cancelled');
    expect(waited).toBeLessThan(1000);
    expect(workers.terminated).toBe(1);
    await settle();
    expect(events.at(-1)).toMatchObject({ type: 'restored', cause: 'cancel', data: 'reloaded' });
    values(await client.fit(request)).forEach((v, i) => expect(v).toBeCloseTo(popt[i], 6));
  });

  it('does not restart a worker whose fit stopped on its own, nor for a Cancel with no fit running', async () => {
    const workers = inThreadWorkers();
    const client = supervise(workers.spawn, { cancelGraceMs: 20 });
    expect((await client.loadText(csv, 'decay.csv')).ok).toBe(true);
    values(await client.fit(request));
    await client.cancelFit();
    await settle(60);
    expect(workers.spawned).toBe(1);
    expect(workers.terminated).toBe(0);
  });

  it('asks a fresh worker again for a read or a save that was in flight (not a storage failure)', async () => {
    const workers = inThreadWorkers();
    const client = supervise(workers.spawn);
    expect((await client.loadText(csv, 'decay.csv')).ok).toBe(true);
    expect((await client.select(mapping, plot)).ok).toBe(true);
    const columns = client.exportColumns();
    workers.kill('it crashed');
    const answer = await columns;
    expect(workers.spawned).toBe(2);
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.t).toEqual(ref.t);
    expect(answer.value.y).toEqual(ref.y);
  });

  it('gives up after repeated deaths, and calls still answer', async () => {
    const workers = inThreadWorkers();
    const events: WorkerEvent[] = [];
    const client = supervise(workers.spawn, { onEvent: (e) => events.push(e) });
    for (let i = 0; i < 4; i++) {
      workers.kill('it keeps crashing');
      await settle();
    }
    expect(events.at(-1)).toMatchObject({ type: 'lost', restarting: false });
    const status = await client.loadText(csv, 'decay.csv');
    expect(status.ok).toBe(false);
    if (!status.ok) expect(status.error.code).toBe('worker-lost');
  });
});

/**
 * The fit job over the page's host (issue 22), in Node (no navigator: no row workers; the CPU
 * backend): NIST Misra1a to its certified values and to the bits of the job over a bare host,
 * progress heard per iteration, the cancel flag stops the fit at the next iteration, and the IndexedDB checkpoint store
 * (storage mocked as in checkpoint.test.ts) saves with the history, refuses a resume with nothing
 * stored in the page's words, and resumes a saved state to the uninterrupted fit's parameters.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNist, lre } from '../../../test/nist';
import { bareHost, nistJob } from '../../../test/nistJob';
import { runJob } from '../run';
import type { CheckpointRecord } from '../../store/checkpointRecord';
import { checkpointTiming } from './checkpoint';
import { CheckpointUnavailable, pageHost, type PageHostOptions } from './pageHost';

const db = new Map<string, unknown>();
const written: CheckpointRecord[] = [];

vi.mock('./storage', () => ({
  storageReason: (e: unknown) => String(e),
  readValue: async (key: string) => structuredClone(db.get(key)),
  writeValue: async (key: string, value: unknown) => {
    written.push(structuredClone(value) as CheckpointRecord);
    db.set(key, structuredClone(value));
  },
  deleteValue: async (key: string) => void db.delete(key),
}));

const misra = loadNist().find((q) => q.name === 'Misra1a')!;
const bare = bareHost;
const misraJob = () => nistJob('Misra1a');

function host(overrides: Partial<PageHostOptions> = {}) {
  const heard: number[] = [];
  const options: PageHostOptions = { method: 'auto', signal: { aborted: false }, onChunk: () => undefined, onPlanned: () => undefined, onIteration: (s) => void heard.push(s.iteration), checkpoint: null, ...overrides };
  return { host: pageHost(options), heard };
}

const values = (run: { result: { parameters: readonly { value: number }[] } }) => run.result.parameters.map((p) => p.value);

afterEach(() => {
  db.clear();
  written.length = 0;
  checkpointTiming.everyMs = 2000;
});

describe('the fit job over the page host', () => {
  it('fits NIST Misra1a to the certified values, to the bits of a bare host, with progress per iteration', async () => {
    const page = host();
    const run = await runJob(misraJob(), page.host);
    misra.params.forEach((q, i) => expect(lre(run.result.parameters.find((r) => r.name === q)!.value, misra.certified.values[i])).toBeGreaterThanOrEqual(8));
    expect(values(run)).toEqual(values(await runJob(misraJob(), bare)));
    expect(page.heard).toEqual(run.result.history.map((h) => h.iteration));
    expect(page.heard.length).toBe(run.result.phases[0].nit);
    expect(page.host.backendReport(run.result)).toMatchObject({ requested: 'cpu', used: 'cpu' });
    expect(page.host.rowWorkerFacts()).toBeNull();
  });

  it('stops at the iteration after the cancel flag is set, with the solver’s cancel status', async () => {
    const signal = { aborted: false };
    const page = host({ signal, onIteration: (s) => void (s.iteration >= 2 && (signal.aborted = true)) });
    const run = await runJob(misraJob(), page.host);
    expect(run.result.status).toBe(-2);
    expect(run.result.phases[0].nit).toBe(2);
  });

  it('refuses to resume with nothing stored, in the page words', async () => {
    const job = misraJob();
    const page = host({ checkpoint: { key: 'k', subject: { model: job.model, data: job.data.kind === 'memory' ? job.data.data : (undefined as never), parameters: job.parameters, options: {} } } });
    const failed = await runJob({ ...job, checkpoint: { resume: true } }, page.host).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CheckpointUnavailable);
    expect((failed as CheckpointUnavailable).error).toMatchObject({ code: 'checkpoint', message: expect.stringContaining('it is no longer stored') });
  });

  // Cauchy's loss: the resume of a robust fit, which e2e/page-stream.spec.ts checked in the page
  // until its interrupted fit became the linear loss's (a shorter fit, for the suite's time).
  it.each([
    ['the linear loss', {}],
    ["Cauchy's loss, f_scale 0.1", { loss: 'cauchy', fScale: 0.1 }],
  ] as const)('saves the state with its history, deletes it at the end, and resumes a saved state to the same fit (%s)', async (_, options) => {
    checkpointTiming.everyMs = 0;
    const job = { ...misraJob(), options };
    const subject = { model: job.model, data: job.data.kind === 'memory' ? job.data.data : (undefined as never), parameters: job.parameters, options };
    const first = host({ checkpoint: { key: 'k', subject } });
    const whole = await runJob({ ...job, checkpoint: { resume: false } }, first.host);
    const stats = await first.host.closeCheckpoint();
    expect(stats?.saves).toBe(written.length);
    expect(written.length).toBeGreaterThan(3);
    expect(db.has('k')).toBe(false);
    expect(written[2].history?.length).toBe(written[2].state.nit);

    db.set('k', written[2]);
    const again = host({ checkpoint: { key: 'k', subject } });
    const resumed = await runJob({ ...job, checkpoint: { resume: true } }, again.host);
    await again.host.closeCheckpoint();
    expect(again.host.resumed()?.state.nit).toBe(written[2].state.nit);
    expect(resumed.checkpoint?.resumed).toEqual({ nit: written[2].state.nit, nfev: written[2].state.nfev });
    expect(values(resumed)).toEqual(values(whole));
  });
});

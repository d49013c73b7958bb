/**
 * The fit job over a host of its own (issue 22): a job is plain data and the runner asks the host
 * for pools, the backend and the checkpoint store, so a host with none of them (this thread, the
 * CPU, an in-memory store) runs the NIST StRD problems to their certified values; the clash rules
 * refuse what cannot run before anything does; the checkpoint store is read, written and its note
 * said.
 */
import { describe, expect, it } from 'vitest';
import { loadNist, lre } from '../../test/nist';
import { bareHost, nistJob } from '../../test/nistJob';
import type { TrfState } from '../solver/trfState';
import type { CheckpointStore } from './host';
import { runJob } from './run';
import { JobInputError, notCheckpointed } from './validate';

const host = bareHost;

describe('runJob over a bare host', () => {
  for (const name of ['Misra1a', 'Thurber', 'MGH09']) {
    it(`fits NIST ${name} from start 1 to the certified values (≥ 8 digits)`, async () => {
      const p = loadNist().find((q) => q.name === name)!;
      const run = await runJob(nistJob(name), host);
      expect(run.result.success).toBe(true);
      p.params.forEach((q, i) => {
        const fitted = run.result.parameters.find((r) => r.name === q)!;
        expect(lre(fitted.value, p.certified.values[i])).toBeGreaterThanOrEqual(8);
        expect(lre(fitted.stderr, p.certified.std_errors[i])).toBeGreaterThanOrEqual(6);
      });
      expect(run.backend).toBe('cpu');
      expect(run.autoStart).toBeNull();
    });
  }

  it('finds missing starts with the search (Misra1a without any start)', async () => {
    const p = loadNist().find((q) => q.name === 'Misra1a')!;
    const run = await runJob(nistJob('Misra1a', 'none'), host);
    expect(run.autoStart).not.toBeNull();
    expect(lre(run.result.parameters[0].value, p.certified.values[0])).toBeGreaterThanOrEqual(8);
  });

  it('refuses clashing settings before anything runs, with a code', async () => {
    await expect(runJob({ ...nistJob('Misra1a'), objective: 'poisson', varpro: true }, host)).rejects.toMatchObject({ clash: 'varpro-poisson' });
    await expect(runJob({ ...nistJob('Misra1a'), intervals: 'profile', options: { loss: 'huber' } }, host)).rejects.toThrow(JobInputError);
    await expect(runJob({ ...nistJob('Misra1a'), checkpoint: { resume: false }, varpro: true }, host)).rejects.toMatchObject({ clash: 'varpro' });
    const job = nistJob('Misra1a');
    if (job.data.kind !== 'memory') throw new Error('a NIST job holds its rows in memory');
    const second = { model: job.model, compiled: job.data.model, data: job.data.data, parameters: job.parameters, nested: false };
    await expect(runJob({ ...job, objective: 'poisson', compareModel: second }, host)).rejects.toMatchObject({ clash: 'compare-least-squares' });
    expect(notCheckpointed({ grouped: true })).toBe('groups');
    expect(notCheckpointed({ objective: 'poisson' })).toBe('objective');
    expect(notCheckpointed({ compareModel: true })).toBe('compare-model');
    expect(notCheckpointed({ objective: 'least-squares', varpro: false })).toBeNull();
  });

  it('saves through the host store, and resumes from its state to the same fit', async () => {
    const saved: TrfState[] = [];
    const store = (resumeFrom: TrfState | null): CheckpointStore => ({
      read: () => resumeFrom,
      writer: () => ({ onState: (s) => void saved.push(s), flush() {}, report: () => ({ file: 'memory', saves: saved.length, saveMs: 0 }), failure: () => null }),
      missingNote: 'nothing saved yet',
      startSearchNote: 'search unsaved',
    });
    const job = { ...nistJob('MGH09'), checkpoint: { resume: true } };
    const first = await runJob(job, { ...host, checkpoints: store(null) });
    expect(first.notes).toEqual(['nothing saved yet']);
    expect(saved.length).toBe(first.result.phases[0].nit);
    const resumed = await runJob(job, { ...host, checkpoints: store(saved[2]) });
    expect(resumed.checkpoint?.resumed).toEqual({ nit: saved[2].nit, nfev: saved[2].nfev });
    expect(resumed.result.parameters.map((q) => q.value)).toEqual(first.result.parameters.map((q) => q.value));
  });
});

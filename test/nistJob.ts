/**
 * A NIST StRD problem (test/nist.ts) as a fit job in memory, and a host with nothing of its own
 * (this thread, the CPU, no pools): the fixtures of the job's tests (src/job/run.test.ts) and the
 * page host's (src/job/browser/pageHost.test.ts).
 */
import type { FitData } from '../src/data';
import type { JobHost } from '../src/job/host';
import type { FitJob } from '../src/job/job';
import { compileModel } from '../src/model';
import { loadNist } from './nist';

export const bareHost: JobHost = {
  now: () => 0,
  rowWorkers: () => ({ workers: 0, rowPasses: undefined, close() {} }),
  backend: async () => ({ primary: null, notes: [], release() {} }),
  candidatePool: () => null,
};

/** `start`: NIST's start 1, or none (the start search finds them). */
export function nistJob(name: string, start: 'start1' | 'none' = 'start1'): FitJob {
  const p = loadNist().find((q) => q.name === name)!;
  const model = compileModel(p.model, { columns: Object.keys(p.columns) });
  if (!model.ok) throw new Error(model.error.message);
  const m = model.value;
  const vars = m.variables.map((v) => p.columns[v].hi);
  const data: FitData = { names: { x: [...m.variables], y: 'y', sigma: null }, vars, varsLo: m.variables.map((v) => p.columns[v].lo), y: p.y.hi, yLo: p.y.lo, sigma: null, rows: p.y.hi.length, lines: new Int32Array(p.y.hi.length), dropped: [], droppedCount: 0 };
  return {
    model: p.model,
    ties: [],
    data: { kind: 'memory', model: m, data },
    parameters: m.params.map((name, i) => ({ name, value: start === 'start1' ? p.start1[p.params.indexOf(name)] ?? i : null, fixed: false })),
    options: {},
    objective: 'least-squares',
    varpro: false,
    start: { always: false, starts: null, seed: 0 },
    intervals: 'wald',
    derive: [],
    checkpoint: null,
    backend: 'cpu',
    workers: null,
  };
}

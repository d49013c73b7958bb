/**
 * The checkpoint's pure parts (issue 12): the subject of a fit and what differs between two, and
 * the field-by-field reading of a stored record (the CLI's JSON file and the page's IndexedDB
 * value alike): a valid record reads back as written; each damaged field is named; another
 * version is refused as such; a "__proto__" key stays data.
 */
import { describe, expect, it } from 'vitest';
import { readCheckpointRecord, CHECKPOINT_FORMAT, CHECKPOINT_VERSION, type CheckpointRecord } from './checkpointRecord';
import { checkpointSubject, dataDigest, subjectDifference } from './checkpointSubject';

const x = Float64Array.from({ length: 50 }, (_, i) => i / 10);
const y = x.map((v) => 2 * Math.exp(-v) + 0.1);
const parameters: { name: string; value: number; min?: number; max?: number; fixed?: boolean }[] = [
  { name: 'A', value: 1, min: 0, max: Infinity },
  { name: 'k', value: 0.5 },
  { name: 'c', value: 0.1, fixed: true },
];
const subject = checkpointSubject('A*exp(-k*x) + c', { vars: [x], y }, parameters, { loss: 'soft_l1', ftol: 1e-12 });

const record: CheckpointRecord = {
  format: CHECKPOINT_FORMAT,
  version: CHECKPOINT_VERSION,
  savedAt: '2026-11-27T04:00:00.000Z',
  ...subject,
  state: { x: [1.8, 0.9], Delta: 0.25, alpha: 0, scaleInv: [3, 4], nfev: 6, njev: 5, nit: 4 },
  history: [{ iteration: 1, nfev: 2, njev: 2, cost: 3.5, optimality: 0.2, Delta: 1, stepNorm: 0.3, actualReduction: 0.1, stepKind: 'trust-region', x: [1.2, 0.7], elapsedMs: 1.5 }],
};

describe('the subject of a checkpoint', () => {
  it('keeps fixed values and bounds (open ones as null), and the options with their defaults, sorted', () => {
    expect(subject.parameters).toEqual([
      { name: 'A', fixed: null, min: 0, max: null },
      { name: 'k', fixed: null, min: null, max: null },
      { name: 'c', fixed: 0.1, min: null, max: null },
    ]);
    expect(Object.keys(subject.options)).toEqual([...Object.keys(subject.options)].sort());
    expect(subject.options).toMatchObject({ loss: 'soft_l1', ftol: 1e-12, xtol: 1e-15, weights: 'sigma', xScale: 'jac' });
    expect('maxNfev' in subject.options).toBe(false);
  });

  it('is the same however the options are spelled or ordered, and the budget may differ', () => {
    const again = checkpointSubject('A*exp(-k*x) + c', { vars: [Float64Array.from(x)], y: Float64Array.from(y) }, parameters, { maxNfev: 5000, ftol: 1e-12, weights: 'sigma', loss: 'soft_l1', xtol: 1e-15 });
    expect(subjectDifference(subject, again)).toBeNull();
  });

  it('names the first part that differs, and which parameters or options', () => {
    const other = (model: string, yy: Float64Array, ps: typeof parameters, options: object) => subjectDifference(subject, checkpointSubject(model, { vars: [x], y: yy }, ps, { loss: 'soft_l1', ftol: 1e-12, ...options }));
    expect(other('A*exp(-k*x)+c', y, parameters, {})).toEqual({ part: 'model', saved: 'A*exp(-k*x) + c' });
    const nudged = Float64Array.from(y);
    nudged[17] = Math.fround(nudged[17]);
    expect(other('A*exp(-k*x) + c', nudged, parameters, {})).toEqual({ part: 'data', savedRows: 50, rows: 50 });
    expect(other('A*exp(-k*x) + c', y, [parameters[0], { name: 'k', value: 0.5, min: 0 }, { ...parameters[2], value: 0.2 }], {})).toEqual({ part: 'parameters', names: ['k', 'c'] });
    expect(other('A*exp(-k*x) + c', y, parameters, { loss: 'cauchy', gtol: 1e-10 })).toEqual({ part: 'options', keys: ['gtol', 'loss'] });
  });

  it('tells columns apart by every bit and by their order', () => {
    const a = dataDigest([x, y]);
    expect(a).toEqual(dataDigest([Float64Array.from(x), Float64Array.from(y)]));
    expect(dataDigest([y, x]).hash).not.toBe(a.hash);
    const flipped = Float64Array.from(y);
    flipped[49] = y[49] + Number.EPSILON * y[49];
    expect(flipped[49]).not.toBe(y[49]);
    expect(dataDigest([x, flipped]).hash).not.toBe(a.hash);
    expect(a.hash).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('reading a stored checkpoint', () => {
  it('reads a valid record (as JSON or as a structured clone) as written', () => {
    expect(readCheckpointRecord(JSON.parse(JSON.stringify(record)))).toEqual({ ok: true, record });
    expect(readCheckpointRecord(structuredClone(record))).toEqual({ ok: true, record });
    const { history: _h, ...cli } = record;
    expect(readCheckpointRecord(cli)).toEqual({ ok: true, record: cli });
  });

  it('refuses what is not a checkpoint of this version as such', () => {
    for (const value of [null, 42, 'text', [], {}, { ...record, format: 'fitbench-session' }]) expect(readCheckpointRecord(value)).toMatchObject({ ok: false, kind: 'format' });
    expect(readCheckpointRecord({ ...record, version: 2 })).toEqual({ ok: false, kind: 'format', problem: 'it is a checkpoint of another version (2; this one reads version 1)' });
  });

  it('names the first damaged field', () => {
    const damaged = (patch: Record<string, unknown>) => readCheckpointRecord({ ...record, ...patch });
    expect(damaged({ model: 7 })).toEqual({ ok: false, kind: 'damaged', problem: 'model is not text' });
    expect(damaged({ data: { rows: 50 } })).toEqual({ ok: false, kind: 'damaged', problem: 'data.hash is missing' });
    expect(damaged({ data: { rows: -1, hash: subject.data.hash } })).toEqual({ ok: false, kind: 'damaged', problem: 'data.rows is not a row count' });
    expect(damaged({ parameters: [{ name: 'A', fixed: null, min: 'zero', max: null }] })).toEqual({ ok: false, kind: 'damaged', problem: 'parameters[0].min is not a number or null' });
    expect(damaged({ options: { loss: () => 1 } })).toEqual({ ok: false, kind: 'damaged', problem: 'options.loss is not a number, text, true/false or a list' });
    expect(damaged({ savedAt: undefined })).toEqual({ ok: false, kind: 'damaged', problem: 'savedAt is missing' });
    expect(damaged({ state: { ...record.state, x: [1] } })).toEqual({ ok: false, kind: 'damaged', problem: 'the saved parameters are not 2 finite numbers' });
    expect(damaged({ state: { ...record.state, nit: 1.5 } })).toEqual({ ok: false, kind: 'damaged', problem: 'the saved nit is not a whole number ≥ 0' });
    expect(damaged({ history: {} })).toEqual({ ok: false, kind: 'damaged', problem: 'history is not a list' });
    expect(damaged({ history: [{ ...record.history![0], stepKind: 'leap' }] })).toEqual({ ok: false, kind: 'damaged', problem: 'history[0].stepKind is not one of trust-region, reflected, cauchy, none' });
    expect(damaged({ history: [{ ...record.history![0], x: [1, 2, 3] }] })).toEqual({ ok: false, kind: 'damaged', problem: 'history[0].x has 3 values for 2 free parameters' });
  });

  it('keeps a "__proto__" key as data: nothing inherits it, and the subject then differs', () => {
    const text = JSON.stringify(record).replace('"options":{', '"options":{"__proto__":{"polluted":true},').replace('"state":{', '"state":{"__proto__":{"x":[0,0]},');
    const reading = readCheckpointRecord(JSON.parse(text));
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.record.state.x).toEqual([1.8, 0.9]);
    expect(Object.getPrototypeOf(reading.record.options)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(subjectDifference(reading.record, subject)).toEqual({ part: 'options', keys: ['__proto__'] });
  });
});

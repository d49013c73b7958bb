import { describe, expect, it } from 'vitest';
import type { SessionMeta } from '../slices/sessions';
import { isSessionRecord, linkSessionId, readIndex, sessionName, updateIndex } from './record';

const meta = (id: string, savedAt: number): SessionMeta => ({ id, name: id, fileName: `${id}.csv`, model: 'a*x', rows: 3, savedAt, fitted: false });

describe('session records', () => {
  it('names a session by its data and model', () => {
    expect(sessionName('decay.csv', 'A*exp(-t/tau) +  c')).toBe('decay.csv · A*exp(-t/tau) + c');
    expect(sessionName('Pasted data', '  ')).toBe('Pasted data');
    const long = sessionName('x.csv', `a*x + ${'b'.repeat(100)}`);
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThan(80);
  });

  it('keeps the index newest first, one entry per session, at most the limit', () => {
    let index: SessionMeta[] = [];
    for (let i = 0; i < 12; i++) {
      const out = updateIndex(index, meta(`s${i}`, 1000 + i), 10);
      index = out.index;
      expect(out.removed).toEqual(i < 10 ? [] : [`s${i - 10}`]);
    }
    expect(index.map((m) => m.id)).toEqual(['s11', 's10', 's9', 's8', 's7', 's6', 's5', 's4', 's3', 's2']);
    const again = updateIndex(index, meta('s5', 2000), 10);
    expect(again.index[0].id).toBe('s5');
    expect(again.index).toHaveLength(10);
    expect(again.removed).toEqual([]);
  });

  it('reads back only well-formed entries and records', () => {
    expect(readIndex(null)).toEqual([]);
    expect(readIndex([meta('a', 1), { id: 'b' }, 'c', meta('d', 5)]).map((m) => m.id)).toEqual(['d', 'a']);
    const record = { format: 'fitbench-session', version: 1, meta: meta('a', 1), source: { kind: 'sample', name: 'decay.csv', sampleId: 'decay' }, spec: '{}', plot: {}, outcome: null, fittedSignature: null };
    expect(isSessionRecord(record)).toBe(true);
    expect(isSessionRecord({ ...record, version: 2 })).toBe(false);
    expect(isSessionRecord({ ...record, source: { kind: 'ftp', name: 'x' } })).toBe(false);
    expect(isSessionRecord({ ...record, outcome: { result: {} } })).toBe(false);
    expect(isSessionRecord(undefined)).toBe(false);
  });

  it('gives a link one session id', () => {
    expect(linkSessionId('fit=v1.abc')).toBe(linkSessionId('fit=v1.abc'));
    expect(linkSessionId('fit=v1.abc')).not.toBe(linkSessionId('fit=v1.abd'));
    expect(linkSessionId('fit=v1.abc')).toMatch(/^link-[0-9a-z]+-[0-9a-z]+$/);
  });
});

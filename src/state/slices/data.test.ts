import { describe, expect, it } from 'vitest';
import type { ColumnShape } from '../../data/columnShape';
import type { ColumnInfo } from '../../worker/api';
import { defaultMapping } from './data';

const col = (name: string, shape?: ColumnShape, integer = false): ColumnInfo => ({ name, label: name, numeric: 10, nonNumeric: 0, empty: 0, categories: shape === 'text' ? 3 : null, ...(shape ? { shape, integer } : {}) });

describe('defaultMapping', () => {
  const none = { x: [], y: '', sigma: null };
  it('takes x, y and a sigma-like column', () => {
    expect(defaultMapping([col('t', 'monotone'), col('counts', 'scatter'), col('dy', 'scatter')], none)).toEqual({ x: ['t'], y: 'counts', sigma: 'dy' });
    expect(defaultMapping([col('t', 'monotone'), col('counts', 'scatter'), col('temp', 'blocks')], none)).toEqual({ x: ['t'], y: 'counts', sigma: null });
    expect(defaultMapping([col('only')], none)).toEqual({ x: ['only'], y: '', sigma: null });
  });
  it('skips an ID column and a text column (issue 13)', () => {
    expect(defaultMapping([col('run', 'counter', true), col('time', 'monotone'), col('signal', 'scatter'), col('site', 'text')], none)).toEqual({ x: ['time'], y: 'signal', sigma: null });
  });
  it('keeps the previous mapping when the new table has its columns, without the old table\'s rows', () => {
    const prev = { x: ['b'], y: 'c', sigma: null, rows: { where: ['a>1'], exclude: [4] } };
    expect(defaultMapping([col('a'), col('b'), col('c')], prev)).toEqual({ x: ['b'], y: 'c', sigma: null });
    expect(defaultMapping([col('a'), col('c')], prev)).toEqual({ x: ['a'], y: 'c', sigma: null });
    // a column of that name that holds text is no longer usable: the default takes over
    expect(defaultMapping([col('a', 'monotone'), col('b', 'text'), col('c')], prev)).toEqual({ x: ['a'], y: 'c', sigma: null });
  });
});

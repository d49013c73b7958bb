import { describe, expect, it } from 'vitest';
import { defaultMapping } from './data';

describe('defaultMapping', () => {
  const none = { x: [], y: '', sigma: null };
  it('takes x, y and a sigma-like column', () => {
    expect(defaultMapping(['t', 'counts', 'dy'], none)).toEqual({ x: ['t'], y: 'counts', sigma: 'dy' });
    expect(defaultMapping(['t', 'counts', 'temp'], none)).toEqual({ x: ['t'], y: 'counts', sigma: null });
    expect(defaultMapping(['only'], none)).toEqual({ x: ['only'], y: '', sigma: null });
  });
  it('keeps the previous mapping when the new table has its columns, without the old table\'s rows', () => {
    const prev = { x: ['b'], y: 'c', sigma: null, rows: { where: ['a>1'], exclude: [4] } };
    expect(defaultMapping(['a', 'b', 'c'], prev)).toEqual({ x: ['b'], y: 'c', sigma: null });
    expect(defaultMapping(['a', 'c'], prev)).toEqual({ x: ['a'], y: 'c', sigma: null });
  });
});

/** The second model's fixed parameters as typed in "Compare with another model". */
import { describe, expect, it } from 'vitest';
import { parseFixedList } from './actions/modelCompare';

describe('fixed parameters of the second model', () => {
  it('reads name=value lists, Object.prototype names included', () => {
    expect(parseFixedList(' K=0.05, b = -1e-3 ,')).toEqual({ ok: true, value: [{ name: 'K', value: 0.05 }, { name: 'b', value: -0.001 }] });
    expect(parseFixedList('__proto__=1')).toEqual({ ok: true, value: [{ name: '__proto__', value: 1 }] });
    expect(parseFixedList('')).toEqual({ ok: true, value: [] });
  });

  it('says which entry is wrong and how to write it', () => {
    expect(parseFixedList('K=abc')).toEqual({ ok: false, message: '"K=abc" is not name=number; write the fixed parameters as K=0.05, b=0.' });
    expect(parseFixedList('K=inf')).toMatchObject({ ok: false });
    expect(parseFixedList('0.05')).toMatchObject({ ok: false });
    expect(parseFixedList('K=1,K=2')).toEqual({ ok: false, message: '"K" is fixed twice; give it once.' });
  });
});

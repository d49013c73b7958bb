import { describe, expect, it } from 'vitest';
import { applyGuesses, makeRow, reconcileParams, updateRow } from './params';

describe('parameter rows', () => {
  it('keeps rows by name, remembers removed ones, and brings them back', () => {
    const s0 = { params: [makeRow('A', { value: 5, min: 0 }), makeRow('tau', { value: 2 })], paramMemory: new Map(), paramErrors: new Map() };
    const s1 = { ...s0, ...reconcileParams(s0, ['A']) };
    expect(s1.params.map((r) => r.name)).toEqual(['A']);
    expect(s1.paramMemory.get('tau')?.value).toBe(2);
    const s2 = { ...s1, ...reconcileParams(s1, ['A', 'tau', 'c']) };
    expect(s2.params.map((r) => [r.name, r.value])).toEqual([
      ['A', 5],
      ['tau', 2],
      ['c', null], // new: no start value (Fit searches for it)
    ]);
    expect(s2.paramMemory.get('tau')).toBeUndefined();
    expect(s2.params[0]).toBe(s0.params[0]);
  });

  it('returns the same arrays when nothing changed', () => {
    const s0 = { params: [makeRow('A')], paramMemory: new Map(), paramErrors: new Map() };
    const r = reconcileParams(s0, ['A']);
    expect(r.params).toBe(s0.params);
  });

  it('applies guesses with bounds and positive flags; fixed rows keep their values', () => {
    const rows = [makeRow('A', { value: 1 }), makeRow('tau', { value: 1, fixed: true })];
    const out = applyGuesses(rows, [
      { name: 'A', value: 900 },
      { name: 'tau', value: 4, min: 0, positive: true },
    ]);
    expect(out[0].value).toBe(900);
    expect(out[1].value).toBe(1);
    expect(out[1].positive).toBe(true);
    expect(out[1].range.log).toBe(true);
  });

  it('keeps the slider range while dragging and recomputes it otherwise', () => {
    const row = makeRow('A', { value: 10 });
    expect(updateRow(row, { value: 25 }, true).range).toBe(row.range);
    expect(updateRow(row, { value: 25 }).range.hi).toBe(75);
  });
});

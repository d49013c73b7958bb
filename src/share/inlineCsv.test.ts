/** A link's inline columns as CSV (inlineCsv.ts) read back by the ingest: the same numbers and group keys. */
import { describe, expect, it } from 'vitest';
import { parseDelimitedText } from '../data/index';
import { inlineCsv } from './inlineCsv';

describe('inlineCsv', () => {
  it('round-trips numbers and quoted group keys through the ingest', () => {
    const text = inlineCsv({ x: [0.1, 2e-7, -3], y: [1, NaN, 1.5] }, { g: ['a,b', 'say "hi"', ''], x: ['ignored', '', ''] });
    expect(text.split('\n')[0]).toBe('x,y,g');
    const parsed = parseDelimitedText(text, { header: true, delimiter: ',' });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const t = parsed.value;
    expect(Array.from(t.columns[0].values)).toEqual([0.1, 2e-7, -3]);
    expect(t.columns[1].values[0]).toBe(1);
    expect(Number.isNaN(t.columns[1].values[1])).toBe(true);
    expect(t.rowCount).toBe(3);
    expect(text.split('\n')[1]).toBe('0.1,1,"a,b"');
    expect(text.split('\n')[2]).toBe('2e-7,NaN,"say ""hi"""');
  });
});

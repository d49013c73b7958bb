/**
 * The unknown-row rule (issue 26, src/fit/unknownRows.ts): rows with a y and an empty x cell are
 * unknowns (Prism's rule); a text x is a typo, not an unknown; consecutive rows of one sample cell
 * are one sample, a standard between them or another group splits them; skipped rows do not count;
 * a σ-weighted unknown without a usable σ is named by its file line.
 */
import { describe, expect, it } from 'vitest';
import { parseDelimitedText } from '../data/parseText';
import type { Table } from '../data/types';
import { unknownRows, type UnknownColumns } from './unknownRows';

function table(text: string): Table {
  const t = parseDelimitedText(text);
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

function columns(t: Table, names: { sample?: string; sigma?: string } = {}, skip: Uint8Array | null = null): UnknownColumns {
  const col = (name: string) => {
    const c = t.columns.find((k) => k.name === name);
    if (!c) throw new Error(name);
    return c;
  };
  return { x: col('conc'), y: col('od'), sigma: names.sigma ? col(names.sigma) : null, sample: names.sample ? col(names.sample) : null, skip };
}

const PLATE = ['conc,od,sample,sd', '1,0.1,std,0.01', ',0.5,U1,0.02', ',0.6,U1,0.02', '10,1.0,std,0.01', ',0.7,U1,0.02', ',0.8,U2,0.02', ',,U3,0.02', 'abc,0.9,U4,0.02'].join('\n');

describe('unknownRows', () => {
  it('marks rows with a y and an empty x, joins consecutive replicates of one sample, and leaves text x and empty y alone', () => {
    const t = table(PLATE);
    const found = unknownRows(t, columns(t, { sample: 'sample' }));
    if (!found.ok) throw new Error('refused');
    // Rows 1, 2, 4, 5 (0-based) are unknowns; row 6 has no y, row 7's x is text.
    expect(Array.from(found.value.mask)).toEqual([0, 1, 1, 0, 1, 1, 0, 0]);
    // U1 at lines 3-4 is one sample; the standard at line 5 ends it, so U1 at line 6 is another.
    expect(found.value.samples.map((s) => ({ lines: s.lines, y: s.y, sample: s.sample }))).toEqual([
      { lines: [3, 4], y: [0.5, 0.6], sample: 'U1' },
      { lines: [6], y: [0.7], sample: 'U1' },
      { lines: [7], y: [0.8], sample: 'U2' },
    ]);
    expect(found.value.groups).toEqual([null, null, null]);
  });

  it('without a sample column reads each row alone, and skipped rows are not unknowns', () => {
    const t = table(PLATE);
    const skip = new Uint8Array(t.rowCount);
    skip[2] = 1;
    const found = unknownRows(t, columns(t, {}, skip));
    if (!found.ok) throw new Error('refused');
    expect(found.value.samples.map((s) => s.lines)).toEqual([[3], [6], [7]]);
    expect(found.value.mask[2]).toBe(0);
  });

  it('carries each unknown row’s σ, and names the line of one whose σ is not a positive number', () => {
    const t = table(PLATE);
    const found = unknownRows(t, columns(t, { sample: 'sample', sigma: 'sd' }));
    if (!found.ok) throw new Error('refused');
    expect(found.value.samples[0].sigma).toEqual([0.02, 0.02]);
    const bad = table(PLATE.replace(',0.6,U1,0.02', ',0.6,U1,0'));
    expect(unknownRows(bad, columns(bad, { sample: 'sample', sigma: 'sd' }))).toEqual({ ok: false, problem: { line: 4 } });
  });

  it('splits replicates of one sample cell that lie in different groups', () => {
    const t = table(['conc,od,sample,plate', '1,0.1,std,A', ',0.5,U1,A', ',0.6,U1,B'].join('\n'));
    const plate = t.columns.find((c) => c.name === 'plate');
    const groupOf = (r: number) => plate?.categories?.levels[plate.categories.codes[r]] ?? null;
    const found = unknownRows(t, { ...columns(t, { sample: 'sample' }), groupOf });
    if (!found.ok) throw new Error('refused');
    expect(found.value.samples.map((s) => s.lines)).toEqual([[3], [4]]);
    expect(found.value.groups).toEqual(['A', 'B']);
  });
});

import { describe, expect, it } from 'vitest';
import { formatIssue } from './formatIssue';
import { parseDelimitedText } from './parseText';
import { selectColumns, type ColumnSelection, type FitData } from './selectColumns';
import type { DataError, Table } from './types';

function table(text: string): Table {
  const r = parseDelimitedText(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function select(t: Table, s: ColumnSelection): FitData {
  const r = selectColumns(t, s);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function selectError(t: Table, s: ColumnSelection): DataError {
  const r = selectColumns(t, s);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

// Physical lines: 1 comment, 2 header, 3.. data with a blank line (6) and a comment (9) inside.
const TEXT = [
  '# decay run 7',
  't,counts,sigma,label',
  '0,100,10,a',
  '1,abc,7.7,b',
  '2,45,6.7,c',
  '',
  '3,,5.5,d',
  '4,20,0,e',
  '# detector reset',
  '5,inf,4,f',
  '6,9,-1,g',
  '7,5,2.2,h',
  '8,3,2,i,extra',
].join('\n');

describe('selectColumns', () => {
  const t = table(TEXT);

  it('keeps rows where every chosen cell is usable', () => {
    const d = select(t, { x: ['t'], y: 'counts' });
    expect(d.names).toEqual({ x: ['t'], y: 'counts', sigma: null });
    expect(Array.from(d.vars[0] ?? [])).toEqual([0, 2, 4, 6, 7]);
    expect(Array.from(d.y)).toEqual([100, 45, 20, 9, 5]);
    expect(Array.from(d.lines)).toEqual([3, 5, 8, 11, 12]);
    expect(d.rows).toBe(5);
    expect(d.sigma).toBeNull();
    expect(d.yLo).not.toBeNull();
  });

  it('lists every dropped row with its physical line, column and reason', () => {
    const d = select(t, { x: ['t'], y: 'counts', sigma: 'sigma' });
    expect(d.dropped.map(formatIssue)).toEqual([
      'Line 4, column "counts": "abc" is not a number',
      'Line 7, column "counts": is empty',
      'Line 8, column "sigma": sigma must be > 0, got 0',
      'Line 10, column "counts": "inf" is not a finite number',
      'Line 11, column "sigma": sigma must be > 0, got -1',
      'Line 13, column "t": was not read: the line has 5 fields, expected 4',
    ]);
    expect(d.droppedCount).toBe(6);
    expect(Array.from(d.sigma ?? [])).toEqual([10, 6.7, 2.2]);
    expect(Array.from(d.lines)).toEqual([3, 5, 12]);
  });

  it('caps the dropped list but counts every dropped row', () => {
    const d = select(t, { x: ['t'], y: 'counts', sigma: 'sigma', maxDropped: 2 });
    expect(d.dropped).toHaveLength(2);
    expect(d.droppedCount).toBe(6);
  });

  it('turns the first dropped row into an error in strict mode', () => {
    const e = selectError(t, { x: ['t'], y: 'counts', strict: true });
    expect(e.code).toBe('strict');
    expect(e.line).toBe(4);
    expect(e.message).toBe('Line 4, column "counts": "abc" is not a number (strict mode stops at the first unusable row)');
    const clean = select(table('x,y\n1,2\n3,4\n'), { x: ['x'], y: 'y', strict: true });
    expect(clean.rows).toBe(2);
  });

  it('finds columns by header label too', () => {
    const u = table('Time (s),Signal [V]\n0,1\n1,2\n');
    const d = select(u, { x: ['Time (s)'], y: 'Signal_V' });
    expect(d.names).toEqual({ x: ['Time_s'], y: 'Signal_V', sigma: null });
  });

  it('rejects unknown columns with a suggestion', () => {
    const e = selectError(t, { x: ['tt'], y: 'counts' });
    expect(e.code).toBe('unknown-column');
    expect(e.message).toBe('Unknown column "tt"; did you mean "t"? (columns: t, counts, sigma, label)');
    const far = selectError(t, { x: ['t'], y: 'zzzzzz' });
    expect(far.message).toBe('Unknown column "zzzzzz" (columns: t, counts, sigma, label)');
    expect(selectError(t, { x: ['t'], y: 'Counts' }).message).toMatch(/did you mean "counts"/);
  });

  it('rejects y among the x columns, repeated x, and sigma reused', () => {
    expect(selectError(t, { x: ['t'], y: 't' }).code).toBe('duplicate-column');
    expect(selectError(t, { x: ['t'], y: 't' }).message).toMatch(/both x and y/);
    expect(selectError(t, { x: ['t', 't'], y: 'counts' }).code).toBe('duplicate-column');
    expect(selectError(t, { x: ['t'], y: 'counts', sigma: 'counts' }).code).toBe('duplicate-column');
    expect(selectError(t, { x: [], y: 'counts' }).code).toBe('no-x');
  });

  it('fails when no row is usable, naming the first problem', () => {
    const e = selectError(t, { x: ['t'], y: 'label' });
    expect(e.code).toBe('no-usable-rows');
    expect(e.message).toBe('No usable rows: all 9 rows were dropped; the first is Line 3, column "label": "a" is not a number');
  });

  it('carries the decimal residuals of the kept rows', () => {
    const u = table('x,y\n0.1,1\nbad,2\n0.3,0.7\n');
    const d = select(u, { x: ['x'], y: 'y' });
    expect(Array.from(d.varsLo[0] ?? [])).toEqual([-5.551115123125783e-18, 1.1102230246251566e-17]);
    // 0.7 = 0.6999999999999999555910790149937… + 4.44089209850062616…e-17
    expect(Array.from(d.yLo ?? [])).toEqual([0, 4.4408920985006264e-17]);
  });

  it('supports several x variables', () => {
    const u = table('x1,x2,y\n1,2,3\n4,5,6\n');
    const d = select(u, { x: ['x1', 'x2'], y: 'y' });
    expect(d.vars.map((v) => Array.from(v))).toEqual([[1, 4], [2, 5]]);
  });

  it('shares the table\'s arrays only when asked and every row is kept', () => {
    const u = table('x,y\n1,2\n3,4\n');
    const shared = select(u, { x: ['x'], y: 'y', share: true });
    expect(shared.vars[0]).toBe(u.columns[0]?.values);
    expect(shared.y).toBe(u.columns[1]?.values);
    expect(shared.lines).toBe(u.lines);
    const copied = select(u, { x: ['x'], y: 'y' });
    expect(copied.y).not.toBe(u.columns[1]?.values);
    expect(Array.from(copied.y)).toEqual(Array.from(shared.y));
    const v = table('x,y\n1,2\nbad,4\n5,6\n');
    const partial = select(v, { x: ['x'], y: 'y', share: true });
    expect(Array.from(partial.y)).toEqual([2, 6]); // a dropped row: gathered, so copies anyway
    expect(Array.from(partial.lines)).toEqual([2, 4]);
  });
});

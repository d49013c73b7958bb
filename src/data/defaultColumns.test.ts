/**
 * Default columns on real layouts (issue 13: an ID column became x or y in 6 of 10 real files):
 * the R datasets in fixtures/groups, the page's samples, and fixtures/datain's own reproductions
 * of each case (a run counter first, trees in blocks, labels leading, R's row names).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnFacts } from './columnShape';
import { defaultColumns, defaultY, tableCandidates } from './defaultColumns';
import { parseDelimitedText } from './parseText';
import type { Table } from './types';

const root = join(import.meta.dirname, '..', '..');
function table(path: string): Table {
  const t = parseDelimitedText(readFileSync(join(root, path), 'utf8'));
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const choose = (path: string) => defaultColumns(tableCandidates(table(path)));

describe('column shapes', () => {
  const shape = (values: number[]) => columnFacts({ values: Float64Array.from(values), categories: null, numericCount: values.length }).shape;
  it('tells counters, axes, grids, steps, blocks and scatter apart', () => {
    expect(shape([1, 2, 3, 4, 5, 6])).toBe('counter');
    expect(shape([3, 1, 2, 0])).toBe('counter'); // an ID in any order
    expect(shape([0, 0.5, 1, 1.5, 2, 2.5])).toBe('monotone');
    expect(shape([9, 7, 4, 4, 1])).toBe('monotone');
    expect(shape([1, 1, 1, 2, 2, 2, 3, 3, 3])).toBe('steps');
    expect(shape([0, 1, 2, 4, 0, 1, 2, 4, 0, 1, 2, 4])).toBe('grid');
    expect(shape([79.6, 79.6, 79.6, 72.4, 72.4, 72.4, 80, 80, 80])).toBe('blocks');
    expect(shape([3.1, 0.2, 5.5, 1.1, 4.2, 0.3])).toBe('scatter');
    expect(shape([2, 2, 2])).toBe('constant');
    expect(shape([1, NaN, 3, 4])).toBe('monotone'); // NaN cells are skipped (not a counter: 2 is missing)
  });
});

describe('defaultColumns on real layouts', () => {
  it('Theoph: Subject first; x Time (a grid per subject), y conc, not the per-subject Wt or Dose', () => {
    expect(choose('fixtures/groups/theoph.csv')).toEqual({ x: 'Time', y: 'conc', sigma: null });
  });
  it('DNase: Run first; x conc, y density', () => {
    expect(choose('fixtures/groups/dnase.csv')).toEqual({ x: 'conc', y: 'density', sigma: null });
  });
  it('Puromycin: conc, rate, state (text)', () => {
    expect(choose('fixtures/groups/puromycin.csv')).toEqual({ x: 'conc', y: 'rate', sigma: null });
  });
  it('samples keep their plain choice: decay (t, counts, sigma), dose_response', () => {
    expect(choose('public/samples/decay.csv')).toEqual({ x: 't', y: 'counts', sigma: 'sigma' });
    expect(choose('public/samples/dose_response.csv')).toEqual({ x: 'dose', y: 'response', sigma: null });
    expect(choose('public/samples/thurber.csv')).toEqual({ x: 'x', y: 'y', sigma: null });
  });
  it('a run counter first (fixtures/datain/id_first.csv)', () => {
    expect(choose('fixtures/datain/id_first.csv')).toEqual({ x: 'time', y: 'signal', sigma: null });
  });
  it('trees in blocks, ages repeated (tree_growth.csv)', () => {
    expect(choose('fixtures/datain/tree_growth.csv')).toEqual({ x: 'age', y: 'circumference', sigma: null });
  });
  it('labels leading (text_leading.csv)', () => {
    expect(choose('fixtures/datain/text_leading.csv')).toEqual({ x: 'dose', y: 'response', sigma: null });
  });
  it("R's row names (row_names.csv)", () => {
    expect(choose('fixtures/datain/row_names.csv')).toEqual({ x: 'conc', y: 'rate', sigma: null });
  });
  it('an ID column is used when nothing else is there', () => {
    const c = (name: string, shape: 'counter' | 'scatter') => ({ name, shape, integer: shape === 'counter' });
    expect(defaultColumns([c('day', 'counter'), c('weight', 'scatter')])).toEqual({ x: 'day', y: 'weight', sigma: null });
  });
});

describe('defaultY (the CLI: the model names x)', () => {
  it('a column named y, else the last usable one that is no identifier', () => {
    expect(defaultY(tableCandidates(table('fixtures/datain/id_first.csv')), ['time'])).toBe('signal');
    expect(defaultY(tableCandidates(table('fixtures/groups/theoph.csv')), ['Time'])).toBe('conc');
    const t = parseDelimitedText('x,y,run\n1,2,1\n2,3,2\n3,5,3\n');
    expect(t.ok && defaultY(tableCandidates(t.value), ['x'])).toBe('y');
    const u = parseDelimitedText('t,counts,run\n1,20,1\n2,13,2\n3,15,3\n');
    expect(u.ok && defaultY(tableCandidates(u.value), ['t'])).toBe('counts');
  });
});

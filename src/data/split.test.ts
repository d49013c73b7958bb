/**
 * The group split (long files by a group column, wide files by y column) against R: group order and
 * counts after filters (reference.json), the long and wide DNase files giving the same data per
 * run, and the per-group accounting of excluded, filtered and unusable rows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GroupInput } from '../fit/groupInput';
import { chooseRows, type RowRules } from './chooseRows';
import { parseDelimitedText } from './parseText';
import { selectColumns } from './selectColumns';
import { splitGroups, type GroupSelection, type GroupSplit } from './splitGroups';
import { splitWide } from './splitWide';
import type { Table } from './types';
import { parseWhere, type WhereClause } from './where';

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/groups/${name}`, import.meta.url), 'utf8');
function table(text: string): Table {
  const r = parseDelimitedText(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const where = (texts: string[]): WhereClause[] => texts.map((t) => { const r = parseWhere(t); if (!r.ok) throw new Error(r.error.message); return r.value; });
function split(t: Table, s: Omit<GroupSelection, 'rows'>, rules: RowRules = {}): GroupSplit {
  const rows = chooseRows(t, rules);
  if (!rows.ok) throw new Error(rows.error.message);
  const r = splitGroups(t, { ...s, rows: rows.value });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

interface GroupsRef { keys: string[]; counts: number[] }
const ref = JSON.parse(fixture('reference.json')) as {
  dnase: { filteredGroups: { where: string[]; groups: GroupsRef } };
  theoph: { filteredGroups: { where: string[]; groups: GroupsRef } };
  dnase_wide: { columns: string[]; usable: number[]; sums: number[] };
};

describe('splitGroups', () => {
  it('DNase by Run after R\'s filter: R\'s groups and counts, and each group\'s rows are the file\'s', () => {
    const t = table(fixture('dnase.csv'));
    const f = ref.dnase.filteredGroups;
    const s = split(t, { x: ['conc'], y: 'density', group: 'Run' }, { where: where(f.where) });
    expect(s.groups.map((g) => g.key)).toEqual(f.groups.keys);
    expect(s.groups.map((g) => g.data.rows)).toEqual(f.groups.counts);
    expect(s.groups.map((g) => g.filteredCount)).toEqual(f.groups.keys.map(() => 4)); // conc ≥ 5: 4 rows per run
    expect(s.filteredCount).toBe(176 - 120);
    // Group "4" equals the single-fit selection of the same rows (one code path for both).
    const single = selectColumns(t, { x: ['conc'], y: 'density', skip: Uint8Array.from(t.lines, (_, r) => (t.columns[0]!.values[r] === 4 && t.columns[1]!.values[r]! < 5 ? 0 : 1)) });
    const g4 = s.groups.find((g) => g.key === '4')!.data;
    expect(single.ok && Array.from(single.value.y)).toEqual(Array.from(g4.y));
    expect(single.ok && Array.from(single.value.vars[0]!)).toEqual(Array.from(g4.vars[0]!));
    expect(single.ok && Array.from(single.value.lines)).toEqual(Array.from(g4.lines));
    expect(g4.yLo).not.toBeNull(); // decimal residuals travel with the group
  });

  it('Theoph by Subject after R\'s filter', () => {
    const f = ref.theoph.filteredGroups;
    const s = split(table(fixture('theoph.csv')), { x: ['Time'], y: 'conc', group: 'Subject' }, { where: where(f.where) });
    expect(s.groups.map((g) => [g.key, g.data.rows])).toEqual(f.groups.keys.map((k, i) => [k, f.groups.counts[i]]));
  });

  it('Puromycin by its text column; a split group is a GroupInput', () => {
    const s = split(table(fixture('puromycin.csv')), { x: ['conc'], y: 'rate', group: 'state' });
    const inputs: GroupInput[] = s.groups; // the contract with the engine
    expect(inputs.map((g) => [g.key, g.data.y.length])).toEqual([['treated', 12], ['untreated', 11]]);
    expect(Array.from(s.groups[1]!.data.y.slice(0, 3))).toEqual([67, 51, 84]);
  });

  it('counts excluded, unusable and group-less rows per group; empty groups stay', () => {
    // lines: 2 a ok, 3 a excluded, 4 b bad y, 5 (no group), 6 b bad x, 7 c excluded, 8 a ok, 9 c filtered out
    const t = table('x,y,g\n1,1,a\n2,2,a\n3,abc,b\n4,4,\n,5,b\n6,6,c\n7,7,a\n-8,8,c\n');
    const s = split(t, { x: ['x'], y: 'y', group: 'g' }, { where: where(['x>0']), exclude: [{ from: 3, to: 3 }, { from: 7, to: 7 }] });
    expect(s.groups.map((g) => [g.key, g.data.rows, g.excludedCount, g.data.droppedCount, g.filteredCount])).toEqual([
      ['a', 2, 1, 0, 0],
      ['b', 0, 0, 1, 1], // x>0 filters line 6 (an empty x satisfies no >); line 4's y is "abc"
      ['c', 0, 1, 0, 1],
    ]);
    expect(split(t, { x: ['x'], y: 'y', group: 'g' }).groups.map((g) => [g.key, g.data.rows, g.data.droppedCount])).toEqual([
      ['a', 3, 0],
      ['b', 0, 2],
      ['c', 2, 0],
    ]);
    const all = split(t, { x: ['x'], y: 'y', group: 'g' });
    expect(all.groups[1]!.data.dropped.map((d) => [d.line, d.column, d.reason])).toEqual([[4, 'y', '"abc" is not a number'], [6, 'x', 'is empty']]);
    expect(all.ungroupedCount).toBe(1);
    expect(all.ungrouped[0]).toEqual({ line: 5, column: 'g', reason: 'is empty, so the row is in no group' });
    expect(Array.from(all.groups[0]!.data.lines)).toEqual([2, 3, 8]);
  });

  it('refuses a group column that is also x, y or sigma', () => {
    const r = splitGroups(table(fixture('dnase.csv')), { x: ['conc'], y: 'density', group: 'conc' });
    expect(!r.ok && r.error.message).toBe('The group column "conc" is also a variable of the model; group by another column');
  });

  it('10⁵ rows in 10⁴ groups split in one pass, rows in file order within each group', () => {
    const n = 100_000;
    const lines = Array.from({ length: n }, (_, i) => `${i},${(i * 7919) % 10_000},${i % 13}`);
    const s = split(table(`x,g,y\n${lines.join('\n')}\n`), { x: ['x'], y: 'y', group: 'g' });
    expect(s.groups).toHaveLength(10_000);
    expect(s.groups.every((g) => g.data.rows === 10)).toBe(true);
    const g = s.groups[1]!; // key 7919: rows i with 7919·i ≡ 7919 (mod 10⁴), i.e. i ≡ 1 (mod 10⁴)
    expect(g.key).toBe('7919');
    expect(Array.from(g.data.vars[0]!)).toEqual(Array.from({ length: 10 }, (_, k) => 1 + 10_000 * k));
  });
});

describe('splitWide', () => {
  it('wide DNase: R\'s usable counts and sums per run column, and the same data as the long split', () => {
    const wide = table(fixture('dnase_wide.csv'));
    const w = ref.dnase_wide;
    const r = splitWide(wide, { x: ['conc'], ys: w.columns });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.groups.map((g) => g.key)).toEqual(w.columns);
    expect(r.value.groups.map((g) => g.data.rows)).toEqual(w.usable);
    r.value.groups.forEach((g, i) => expect(g.data.y.reduce((a, b) => a + b, 0)).toBeCloseTo(w.sums[i]!, 12));
    expect(r.value.groups[2]!.data.dropped[0]).toMatchObject({ line: 6, column: 'Run_3', reason: '"NA" is not a number' });
    // Run 7 in the wide file holds the long file's Run 7 densities at the same concentrations.
    const long = split(table(fixture('dnase.csv')), { x: ['conc'], y: 'density', group: 'Run' });
    const pairs = (xs: Float64Array, ys: Float64Array) => Array.from(xs, (x, i) => `${x}:${ys[i]}`).sort();
    const l7 = long.groups.find((g) => g.key === '7')!.data;
    const w7 = r.value.groups.find((g) => g.key === 'Run 7')!.data;
    expect(pairs(w7.vars[0]!, w7.y)).toEqual(pairs(l7.vars[0]!, l7.y));
  });

  it('applies filters and exclusions to every column', () => {
    const t = table('x,A1,A2\n1,1,10\n2,2,\n3,3,30\n');
    const rows = chooseRows(t, { where: where(['x!=3']), exclude: [{ from: 2, to: 2 }] });
    const r = rows.ok ? splitWide(t, { x: ['x'], ys: ['A1', 'A2'], rows: rows.value }) : rows;
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.groups.map((g) => [g.key, g.data.rows, g.data.droppedCount, g.excludedCount, g.filteredCount])).toEqual([
      ['A1', 1, 0, 1, 1],
      ['A2', 0, 1, 1, 1],
    ]);
  });
});

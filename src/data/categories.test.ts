/**
 * Text columns kept as categories, and group keys: checked against R's answers on its Puromycin,
 * DNase and Theoph datasets (fixtures/groups, made by make_groups.R), and on constructed edge cases.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countGroups, groupKeys, listGroups, naturalCompare } from './groupKeys';
import { parseDelimitedText } from './parseText';
import type { ParseOptions, Table } from './types';

export const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/groups/${name}`, import.meta.url), 'utf8');

function table(text: string, options?: ParseOptions): Table {
  const r = parseDelimitedText(text, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

interface GroupsRef { keys: string[]; counts: number[] }
const ref = JSON.parse(fixture('reference.json')) as Record<string, { groups: Record<string, GroupsRef> }>;

const column = (t: Table, name: string) => t.columns.find((c) => c.name === name)!;

describe('text columns as categories', () => {
  it('keeps Puromycin\'s quoted "state" column as categories and its numeric columns without', () => {
    const t = table(fixture('puromycin.csv'));
    const state = column(t, 'state');
    expect(state.categories?.levels).toEqual(['treated', 'untreated']);
    expect(Array.from(state.categories!.codes.slice(10, 14))).toEqual([0, 0, 1, 1]);
    expect(state.nonNumericCount).toBe(23);
    expect(column(t, 'conc').categories).toBeNull();
    expect(column(t, 'rate').categories).toBeNull();
  });

  it('a text column whose first cells are numbers keeps them as written, empty cells as -1', () => {
    const t = table('x,well\n1,7\n2,\n3,A1\n4,B2\n5,A1\n6,B2\n');
    const well = column(t, 'well');
    expect(well.categories?.levels).toEqual(['7', 'A1', 'B2']);
    expect(Array.from(well.categories!.codes)).toEqual([0, -1, 1, 2, 1, 2]);
  });

  it('a numeric column with a few typos is not categories (it stays numbers, the typo is a note)', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `${i},${i % 7 === 0 && i < 20 ? 'oops' : i * 2}`);
    const t = table(`x,y\n${rows.join('\n')}\n`);
    expect(column(t, 'y').categories).toBeNull();
    expect(column(t, 'y').notes[0]?.reason).toMatch(/"oops" is not a number/);
  });

  it('gives up on categories past maxLevels distinct cells', () => {
    const rows = Array.from({ length: 50 }, (_, i) => `${i},name${i}`);
    expect(column(table(`x,id\n${rows.join('\n')}\n`, { maxLevels: 49 }), 'id').categories).toBeNull();
    expect(column(table(`x,id\n${rows.join('\n')}\n`, { maxLevels: 50 }), 'id').categories?.levels).toHaveLength(50);
  });

  it('costs a numeric column nothing: 10⁵ numeric rows carry no codes', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `${i % 11},${i}`);
    const t = table(`run,y\n${rows.join('\n')}\n`);
    expect(t.columns.every((c) => c.categories === null)).toBe(true);
  });
});

describe('groups against R (unique() order, table() counts)', () => {
  const cases: [string, string, string][] = [
    ['puromycin', 'puromycin.csv', 'state'],
    ['dnase', 'dnase.csv', 'Run'],
    ['theoph', 'theoph.csv', 'Subject'],
  ];
  for (const [set, file, by] of cases) {
    it(`${set}: groups by ${by}`, () => {
      const want = ref[set]!.groups[by]!;
      const got = listGroups(table(fixture(file)), by);
      if (!got.ok) throw new Error(got.error.message);
      expect(got.value.map((g) => g.key)).toEqual(want.keys);
      expect(got.value.map((g) => g.rows)).toEqual(want.counts);
    });
  }

  it('a numeric key is the shortest decimal of the value; equal values are one group; empty cells none', () => {
    const t = table('run,y\n1,5\n10,6\n1.50,7\n1.5,8\n,9\n-0,1\n0,2\n');
    const keyed = groupKeys(t, 'run');
    if (!keyed.ok) throw new Error(keyed.error.message);
    expect(keyed.value.keys).toEqual(['1', '10', '1.5', '0']);
    expect(Array.from(keyed.value.codes)).toEqual([0, 1, 2, 2, -1, 3, 3]);
    expect(countGroups(keyed.value, (r) => r !== 1).map((g) => [g.key, g.rows])).toEqual([['1', 1], ['1.5', 2], ['0', 2]]);
  });

  it('a decimal-comma file writes numeric keys with its comma', () => {
    const keyed = groupKeys(table('dose;y\n0,5;1\n1,25;2\n'), 'dose');
    expect(keyed.ok && keyed.value.keys).toEqual(['0,5', '1,25']);
  });

  it('an unknown group column is an error with a did-you-mean', () => {
    const r = listGroups(table(fixture('puromycin.csv')), 'State');
    expect(!r.ok && r.error.message).toMatch(/^Unknown column "State"; did you mean "state"\? \(columns: conc, rate, state\)/);
  });

  it('refuses a measurement column with more distinct values than the cap', () => {
    const r = groupKeys(table(fixture('dnase.csv')), 'density', 50);
    expect(!r.ok && r.error.code).toBe('too-many-groups');
  });
});

describe('naturalCompare', () => {
  it('orders wells, runs and decimals the way people read them', () => {
    const keys = ['A10', 'b1', 'A2', '10', '2', '0.5', '0.25', '-1', 'A1'];
    expect([...keys].sort(naturalCompare)).toEqual(['-1', '0.25', '0.5', '2', '10', 'A1', 'A2', 'A10', 'b1']);
  });
});

/**
 * Row filters (where-language) and excluded lines. Filtered row sets are checked against R's
 * subset() on Puromycin, DNase and Theoph (fixtures/groups/reference.json, made by make_groups.R).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseRows, skipOf } from './chooseRows';
import { excludedRows, parseLineList, rowOfLine } from './excludeRows';
import { filterRows } from './filterRows';
import { parseDelimitedText } from './parseText';
import type { Table } from './types';
import { parseWhere, type WhereClause } from './where';

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/groups/${name}`, import.meta.url), 'utf8');
function table(text: string): Table {
  const r = parseDelimitedText(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
function clause(text: string): WhereClause {
  const r = parseWhere(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
function keptLines(t: Table, where: string[]): number[] {
  const r = filterRows(t, where.map(clause));
  if (!r.ok) throw new Error(r.error.message);
  return Array.from(t.lines).filter((_, i) => r.value[i] === 1);
}
function filterError(t: Table, where: string): string {
  const r = filterRows(t, [clause(where)]);
  if (r.ok) throw new Error('expected an error');
  return r.error.message;
}

interface FilterRef { where: string[]; lines: number[] }
const ref = JSON.parse(fixture('reference.json')) as Record<string, { filters?: FilterRef[] }>;

describe('parseWhere', () => {
  it('reads every operator, with blanks, quotes and header texts', () => {
    const cases: [string, string, string, string, number | null][] = [
      ['state=treated', 'state', '=', 'treated', null],
      ['state==treated', 'state', '=', 'treated', null],
      ['Run != 3', 'Run', '!=', '3', 3],
      ['conc<0.1', 'conc', '<', '0.1', 0.1],
      ['conc <= 1e-2', 'conc', '<=', '1e-2', 0.01],
      ['Time (s)>5', 'Time (s)', '>', '5', 5],
      ['dose>=0,5', 'dose', '>=', '0,5', 0.5],
      ['name="a b"', 'name', '=', 'a b', null],
      ['note=', 'note', '=', '', null],
    ];
    for (const [text, column, op, value, number] of cases) {
      expect(parseWhere(text)).toEqual({ ok: true, value: { text, column, op, value, number } });
    }
  });

  it('says what is wrong and which forms work', () => {
    const bad: [string, RegExp][] = [
      ['dose', /^Filter "dose" has no comparison; write COL=VALUE, COL!=VALUE, COL<V, COL<=V, COL>V or COL>=V$/],
      ['=5', /names no column before =/],
      ['dose!5', /has "!" without "="/],
      ['dose<high', /compares with "high", not a number: < compares numbers; use = or != for text/],
      ['dose>=', /compares with nothing/],
    ];
    for (const [text, message] of bad) {
      const r = parseWhere(text);
      expect(!r.ok && r.error.code).toBe('bad-where');
      expect(!r.ok && r.error.message).toMatch(message);
    }
  });
});

describe('filterRows against R subset()', () => {
  const files: Record<string, string> = { puromycin: 'puromycin.csv', dnase: 'dnase.csv', theoph: 'theoph.csv' };
  for (const [set, file] of Object.entries(files)) {
    for (const f of ref[set]!.filters ?? []) {
      it(`${set}: ${f.where.join(' & ')} keeps R's ${f.lines.length} lines`, () => {
        expect(keptLines(table(fixture(file)), f.where)).toEqual(f.lines);
      });
    }
  }

  it('numeric = compares values, COL= keeps empty cells and != keeps them too', () => {
    const t = table('run,y\n1,5\n1.0,6\n2,7\n,8\n');
    expect(keptLines(t, ['run=1'])).toEqual([2, 3]);
    expect(keptLines(t, ['run='])).toEqual([5]);
    expect(keptLines(t, ['run!=1'])).toEqual([4, 5]);
    expect(keptLines(t, ['run!='])).toEqual([2, 3, 4]);
    expect(keptLines(t, ['run<2'])).toEqual([2, 3]); // an empty cell never satisfies <
  });

  it('text = compares cells as written; COL= keeps a text column\'s empty cells', () => {
    const t = table('x,state\n1,treated\n2,untreated\n3,\n4,treated\n');
    expect(keptLines(t, ['state=treated'])).toEqual([2, 5]);
    expect(keptLines(t, ['state!=treated'])).toEqual([3, 4]);
    expect(keptLines(t, ['state='])).toEqual([4]);
  });

  it('errors name the clause, the column and the fix', () => {
    const t = table(fixture('puromycin.csv'));
    expect(filterError(t, 'State=treated')).toBe('Filter "State=treated": Unknown column "State"; did you mean "state"? (columns: conc, rate, state)');
    expect(filterError(t, 'state=treatd')).toBe('Filter "state=treatd": column "state" has no cell "treatd"; did you mean "treated"? (its values: "treated", "untreated")');
    expect(filterError(t, 'state<3')).toBe('Filter "state<3": column "state" holds text ("treated", "untreated"); < compares numbers, use = or !=');
    expect(filterError(t, 'conc=low')).toBe('Filter "conc=low": column "conc" holds numbers and "low" is not one; compare it with a number');
  });
});

describe('excluded lines', () => {
  // Line 1 comment, 2 header, 3-4 data, 5 blank, 6 comment, 7-9 data.
  const t = table('# run 7\nx,y\n1,2\n2,4\n\n# reset\n3,6\n4,8\n5,10\n');

  it('parses lists and ranges', () => {
    expect(parseLineList('3, 17,20-25,,')).toEqual({ ok: true, value: [{ from: 3, to: 3 }, { from: 17, to: 17 }, { from: 20, to: 25 }] });
    for (const [text, message] of [['3;4', /"3;4" is not a line number or range; write line numbers and ranges, e.g. 3,17,20-25/], ['0', /"0" is not a line/], ['-3', /"-3" is not a line/], ['7-3', /"7-3" runs backwards; write the smaller line first \(3-7\)/], ['a-b', /not a line/]] as const) {
      const r = parseLineList(text);
      expect(!r.ok && r.error.message).toMatch(message);
    }
  });

  it('maps the file\'s line numbers to rows, skipping blank and comment lines inside a range', () => {
    expect([3, 4, 5, 6, 7, 9, 10].map((l) => rowOfLine(t, l))).toEqual([0, 1, -1, -1, 2, 4, -1]);
    const r = excludedRows(t, [{ from: 4, to: 7 }, { from: 9, to: 9 }]);
    expect(r.ok && Array.from(r.value)).toEqual([0, 1, 1, 0, 1]);
  });

  it('a line that is not a data row is an error that says what it is', () => {
    const cases: [number, number, RegExp][] = [
      [2, 2, /^Line 2 is the header, not a data row \(data rows are on lines 3–9\); list only lines that hold data$/],
      [1, 1, /^Line 1 is above the data/],
      [5, 5, /^Line 5 is not a data row \(a blank or comment line; data rows are on lines 3–9\)/],
      [12, 12, /^Line 12 is past the last data row/],
      [5, 6, /^Lines 5-6 hold no data row/],
      [10, 20, /^Lines 10-20 hold no data row/],
    ];
    for (const [from, to, message] of cases) {
      const r = excludedRows(t, [{ from, to }]);
      expect(!r.ok && r.error.code).toBe('bad-rows');
      expect(!r.ok && r.error.message).toMatch(message);
      expect(!r.ok && r.error.line).toBe(from);
    }
  });

  it('chooseRows counts filtered and excluded rows apart; skipOf marks both', () => {
    const r = chooseRows(t, { where: [clause('x>1')], exclude: [{ from: 3, to: 3 }, { from: 8, to: 8 }] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.filteredCount).toBe(1); // line 3 (x = 1): filtered, so not counted as excluded
    expect(r.value.excludedCount).toBe(1); // line 8
    expect(Array.from(skipOf(r.value)!)).toEqual([1, 0, 0, 1, 0]);
    expect(skipOf({ pass: null, excluded: null, filteredCount: 0, excludedCount: 0 })).toBeNull();
  });
});

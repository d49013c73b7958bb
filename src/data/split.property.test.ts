/**
 * The group split against a naive reference on random tables: groups with missing, unusable,
 * excluded and filtered rows, one-row and empty groups, text and numeric keys. The reference reads
 * the raw cells of the file it wrote with a plain loop, so it shares no code with the split.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseRows } from './chooseRows';
import { parseDelimitedText } from './parseText';
import { splitGroups } from './splitGroups';
import { parseWhere } from './where';

interface Row { key: string; x: string; y: string }

const cell = (finite: fc.Arbitrary<string>) => fc.oneof({ weight: 6, arbitrary: finite }, { weight: 1, arbitrary: fc.constantFrom('', 'abc', 'nan') });
const number = fc.integer({ min: -50, max: 50 }).map((v) => String(v / 4));
const rowsOf = (keys: fc.Arbitrary<string>) => fc.array(fc.record({ key: keys, x: cell(number), y: cell(number) }), { minLength: 1, maxLength: 40 });
const cases = fc.record({
  rows: fc.oneof(rowsOf(fc.constantFrom('a', 'b', 'c', 'dd', '')), rowsOf(fc.constantFrom('1', '2', '10', ''))),
  threshold: fc.option(fc.integer({ min: -12, max: 12 }), { nil: null }),
  excluded: fc.array(fc.nat(45), { maxLength: 6 }),
});

/** A record of empty cells only (",,") is a blank line to the reader: no row at all. */
const blank = (r: Row): boolean => r.key === '' && r.x === '' && r.y === '';

const finite = (s: string): number | null => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : null);

interface Want { key: string; ys: number[]; lines: number[]; excluded: number; dropped: number; filtered: number }

function reference(rows: Row[], threshold: number | null, excludedLines: Set<number>) {
  const groups = new Map<string, Want>();
  const filteredBy = new Map<string, number>();
  let ungrouped = 0;
  rows.forEach((row, i) => {
    const line = i + 2;
    if (blank(row)) return;
    const x = finite(row.x);
    if (threshold !== null && !(x !== null && x > threshold)) {
      if (row.key !== '') filteredBy.set(row.key, (filteredBy.get(row.key) ?? 0) + 1);
      return;
    }
    if (row.key === '') { ungrouped++; return; }
    let g = groups.get(row.key);
    if (!g) groups.set(row.key, (g = { key: row.key, ys: [], lines: [], excluded: 0, dropped: 0, filtered: 0 }));
    const y = finite(row.y);
    if (excludedLines.has(line)) g.excluded++;
    else if (x === null || y === null) g.dropped++;
    else { g.ys.push(y); g.lines.push(line); }
  });
  for (const g of groups.values()) g.filtered = filteredBy.get(g.key) ?? 0;
  return { groups: [...groups.values()], ungrouped };
}

describe('splitGroups on random tables', () => {
  it('agrees with a plain loop over the raw cells', () => {
    fc.assert(
      fc.property(cases, ({ rows, threshold, excluded }) => {
        const text = ['x,y,g', ...rows.map((r) => `${r.x},${r.y},${r.key}`)].join('\n');
        const parsed = parseDelimitedText(text, { header: true, delimiter: ',' });
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        const table = parsed.value;
        // Only data rows may be excluded (a blank record is refused by name); see `blank`.
        const lines = new Set(excluded.filter((l) => l >= 2 && l < rows.length + 2 && !blank(rows[l - 2] as Row)));
        const where = threshold === null ? [] : [parseWhere(`x>${threshold}`)].flatMap((w) => (w.ok ? [w.value] : []));
        const choice = chooseRows(table, { where, exclude: [...lines].map((l) => ({ from: l, to: l })) });
        // A column with more text cells than numbers is a text column: < and > refuse it.
        const xText = rows.filter((r) => r.x === 'abc').length > rows.filter((r) => r.x !== '' && r.x !== 'abc').length;
        if (threshold !== null && xText) {
          expect(!choice.ok && choice.error.code).toBe('bad-where');
          return;
        }
        if (!choice.ok) throw new Error(choice.error.message);
        const split = splitGroups(table, { x: ['x'], y: 'y', group: 'g', rows: choice.value });
        const want = reference(rows, threshold, lines);
        if (rows.every((r) => r.key === '')) {
          expect(split.ok).toBe(false); // a group column without one key
          return;
        }
        if (!split.ok) throw new Error(split.error.message);
        // Numeric keys are keyed by value: '10' and '10' are the same text here, so texts compare directly.
        expect(split.value.groups.map((g) => ({
          key: g.key,
          ys: Array.from(g.data.y),
          lines: Array.from(g.data.lines),
          excluded: g.excludedCount,
          dropped: g.data.droppedCount,
          filtered: g.filteredCount,
        }))).toEqual(want.groups);
        expect(split.value.ungroupedCount).toBe(want.ungrouped);
      }),
      { numRuns: 300, seed: 706493509 },
    );
  });
});

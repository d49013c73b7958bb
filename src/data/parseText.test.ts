import { describe, expect, it } from 'vitest';
import { parseDelimitedText } from './parseText';
import type { ParseOptions, Table } from './types';

function parse(text: string, options: ParseOptions = {}): Table {
  const r = parseDelimitedText(text, options);
  if (!r.ok) throw new Error(`expected a table, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

const col = (t: Table, i: number): number[] => Array.from(t.columns[i]?.values ?? []);
const names = (t: Table): string[] => t.columns.map((c) => c.name);

describe('parseDelimitedText: formats', () => {
  it('reads CSV with a header', () => {
    const t = parse('time,value\n0,1.5\n1,2.5\n2,-3e-2\n');
    expect(t.delimiter).toBe(',');
    expect(t.hasHeader).toBe(true);
    expect(names(t)).toEqual(['time', 'value']);
    expect(col(t, 0)).toEqual([0, 1, 2]);
    expect(col(t, 1)).toEqual([1.5, 2.5, -0.03]);
    expect(Array.from(t.lines)).toEqual([2, 3, 4]);
    expect(t.rowCount).toBe(3);
    expect(t.issues).toEqual([]);
  });

  it('reads TSV, semicolons and pipes', () => {
    for (const [d, expected] of [['\t', '\t'], [';', ';'], ['|', '|']] as const) {
      const t = parse(`a${d}b${d}c\n1${d}2${d}3\n4${d}5${d}6\n`);
      expect(t.delimiter, JSON.stringify(d)).toBe(expected);
      expect(names(t)).toEqual(['a', 'b', 'c']);
      expect(col(t, 2)).toEqual([3, 6]);
    }
  });

  it('reads whitespace-separated columns (runs of spaces and tabs, NIST style)', () => {
    const t = parse('      10.07E0      77.6E0\n      14.73E0 \t  114.9E0\n   17.94E0     141.1E0   \n');
    expect(t.delimiter).toBe('whitespace');
    expect(t.hasHeader).toBe(false);
    expect(names(t)).toEqual(['x', 'y']);
    expect(col(t, 0)).toEqual([10.07, 14.73, 17.94]);
    expect(col(t, 1)).toEqual([77.6, 114.9, 141.1]);
  });

  it('reads a whitespace-separated file with a header', () => {
    const t = parse('t  counts  sigma\n0  100  10\n1  60  7.7\n');
    expect(t.delimiter).toBe('whitespace');
    expect(names(t)).toEqual(['t', 'counts', 'sigma']);
    expect(col(t, 1)).toEqual([100, 60]);
  });

  it('prefers the tab reading of a TSV with empty cells over the whitespace one', () => {
    const t = parse('1\t\t3\n4\t5\t6\n7\t8\t9\n');
    expect(t.delimiter).toBe('\t');
    expect(col(t, 1)).toEqual([NaN, 5, 8]);
  });

  it('reads decimal commas with ";" and with tabs', () => {
    const semi = parse('1,5;2,25\n3,5;-4,75e1\n');
    expect(semi.delimiter).toBe(';');
    expect(semi.decimalComma).toBe(true);
    expect(col(semi, 0)).toEqual([1.5, 3.5]);
    expect(col(semi, 1)).toEqual([2.25, -47.5]);
    const tab = parse('x\ty\n1,5\t2,25\n2\t3,125\n');
    expect(tab.delimiter).toBe('\t');
    expect(tab.decimalComma).toBe(true);
    expect(col(tab, 1)).toEqual([2.25, 3.125]);
    expect(tab.columns[0]?.lo?.[0]).toBe(0);
  });

  it('reads a decimal comma found only in the first row when the file has no header', () => {
    // The property test's counterexample (seed -572508368): with a header possible, the first row
    // is left out of the judgment; told there is none, it is data and its comma counts.
    const t = parse('0;-2,5e-323\n0;0\n', { header: false });
    expect(t.decimalComma).toBe(true);
    expect(Object.is(col(t, 1)[0], -2.5e-323)).toBe(true);
    expect(col(parse('1;-2,5\n3;4\n', { header: false }), 1)).toEqual([-2.5, 4]);
  });

  it('keeps "." decimals in a semicolon file that uses them', () => {
    const t = parse('a;b\n1.5;2\n3;4.25\n');
    expect(t.decimalComma).toBe(false);
    expect(col(t, 0)).toEqual([1.5, 3]);
  });

  it('honours forced delimiter, decimal and header options', () => {
    const t = parse('1;2\n3;4\n', { delimiter: ';', header: true });
    expect(names(t)).toEqual(['_1', '_2']);
    expect(col(t, 0)).toEqual([3]);
    const c = parse('1,5\t2\n', { decimal: ',' });
    expect(col(c, 0)).toEqual([1.5]);
    const n = parse('a,b\n1,2\n', { header: false });
    expect(n.rowCount).toBe(2);
    expect(col(n, 0)).toEqual([NaN, 1]);
  });

  it('reads quoted fields with embedded delimiters, quotes and newlines', () => {
    const t = parse('"a,1","b ""q"""\n"1,5",2\n3,"4"\n');
    expect(t.columns.map((c) => c.label)).toEqual(['a,1', 'b "q"']);
    expect(names(t)).toEqual(['a_1', 'b_q']);
    expect(col(t, 0)).toEqual([NaN, 3]);
    expect(col(t, 1)).toEqual([2, 4]);
    expect(t.columns[0]?.notes[0]?.reason).toBe('"1,5" is not a number (a decimal comma? this file was read with \'.\' as the decimal point)');
    const multi = parse('name,y\n"two\nlines",1\nplain,2\n');
    expect(col(multi, 1)).toEqual([1, 2]);
    expect(Array.from(multi.lines)).toEqual([2, 4]);
  });

  it('strips a UTF-8 BOM', () => {
    const t = parse('\ufeffx,y\n1,2\n');
    expect(names(t)).toEqual(['x', 'y']);
    expect(t.columns[0]?.label).toBe('x');
  });

  it('skips comments and blank lines but counts them', () => {
    const t = parse('# exported by X\n\nx,y\n  # indented comment\n1,2\n\n\n3,4\n# end');
    expect(names(t)).toEqual(['x', 'y']);
    expect(Array.from(t.lines)).toEqual([5, 8]);
    expect(t.preview).toEqual([['x', 'y'], ['1', '2'], ['3', '4']]);
  });

  it('accepts LF, CRLF and CR line endings alike', () => {
    for (const nl of ['\n', '\r\n', '\r']) {
      const t = parse(['x,y', '1,2', '', '3,4'].join(nl) + nl);
      expect(col(t, 1), JSON.stringify(nl)).toEqual([2, 4]);
      expect(Array.from(t.lines)).toEqual([2, 4]);
    }
  });

  it('reads a last line without a line break', () => {
    expect(col(parse('x,y\n1,2\n3,4'), 1)).toEqual([2, 4]);
  });

  it('names headerless columns x, y (, sigma) or c1…', () => {
    expect(names(parse('1,2,0.1\n2,3,0.2\n'))).toEqual(['x', 'y', 'sigma']);
    expect(names(parse('1,2,3,4\n5,6,7,8\n'))).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(names(parse('1\n2\n3\n'))).toEqual(['y']);
  });

  it('detects a header over numeric rows even with a text column', () => {
    const t = parse('sample,x,y\nA,1,2\nB,3,4\n');
    expect(t.hasHeader).toBe(true);
    expect(t.columns[0]?.nonNumericCount).toBe(2);
    expect(t.columns[1]?.numericCount).toBe(2);
  });

  it('de-duplicates and sanitizes header names, keeping labels', () => {
    const t = parse('Time (s),a,a,2theta\n1,2,3,4\n');
    expect(names(t)).toEqual(['Time_s', 'a', 'a_2', '_2theta']);
    expect(t.columns.map((c) => c.label)).toEqual(['Time (s)', 'a', 'a', '2theta']);
  });

  it('ignores trailing delimiters (Excel exports)', () => {
    const t = parse('x,y,\n1,2,\n3,4,\n');
    expect(names(t)).toEqual(['x', 'y']);
    expect(t.issueCount).toBe(0);
  });

  it('types NaN / inf cells as numeric but not finite, and counts kinds', () => {
    const t = parse('x,y\n1,NaN\n2,-inf\n3,\n4,abc\n5,6\n');
    const y = t.columns[1];
    expect(col(t, 1)).toEqual([NaN, -Infinity, NaN, NaN, 6]);
    expect(y?.numericCount).toBe(3);
    expect(y?.nonNumericCount).toBe(1);
    expect(y?.emptyCount).toBe(1);
    expect(y?.notes.map((n) => n.row)).toEqual([0, 1, 2, 3]);
    expect(y?.notes[3]?.reason).toBe('"abc" is not a number');
  });

  it('keeps at most previewRows raw records', () => {
    const text = 'x,y\n' + Array.from({ length: 50 }, (_, i) => `${i},${i * 2}`).join('\n');
    const t = parse(text);
    expect(t.preview).toHaveLength(20);
    expect(t.preview[0]).toEqual(['x', 'y']);
    expect(parse(text, { previewRows: 3 }).preview).toEqual([['x', 'y'], ['0', '0'], ['1', '2']]);
  });
});

describe('parseDelimitedText: decimal residuals', () => {
  it('computes lo for every cell', () => {
    const t = parse('x,y\n0.1,2.513400000000E+00\n3,6.239312536719E-02\n');
    expect(t.columns[0]?.lo?.[0]).toBe(-5.551115123125783e-18);
    expect(t.columns[0]?.lo?.[1]).toBe(0);
    expect(t.columns[1]?.lo?.[0]).not.toBe(0);
  });

  it('stops computing lo above maxLoCells', () => {
    const text = 'x,y\n' + Array.from({ length: 10 }, (_, i) => `${i}.1,${i}`).join('\n');
    expect(parse(text, { maxLoCells: 20 }).columns[0]?.lo).not.toBeNull();
    expect(parse(text, { maxLoCells: 19 }).columns[0]?.lo).toBeNull();
    expect(parse(text, { maxLoCells: 0 }).columns[1]?.lo).toBeNull();
  });
});

describe('parseDelimitedText: structural issues and errors', () => {
  it('reports wrong field counts on their physical lines', () => {
    const t = parse('# c\nx,y\n1,2\n\n3,4,5\n6\n7,8\n');
    expect(t.issues).toEqual([
      { line: 5, column: null, reason: 'has 3 fields but the header has 2; check the delimiter or quote the field' },
      { line: 6, column: null, reason: 'has 1 field but the header has 2; fill in the missing values or check the delimiter' },
    ]);
    expect(t.issueCount).toBe(2);
    expect(col(t, 0)).toEqual([1, NaN, 6, 7]); // the 3-field row is not trusted at all
    expect(col(t, 1)).toEqual([2, NaN, NaN, 8]);
    expect(Array.from(t.lines)).toEqual([3, 5, 6, 7]);
  });

  it('caps the issue list but counts all issues', () => {
    const text = 'x,y\n' + Array.from({ length: 70 }, (_, i) => (i % 2 ? '1,2,3' : '1,2')).join('\n');
    const t = parse(text, { maxIssues: 5 });
    expect(t.issues).toHaveLength(5);
    expect(t.issueCount).toBe(35);
    expect(t.issues.map((i) => i.line)).toEqual([3, 5, 7, 9, 11]);
  });

  it('reports a malformed quote as an issue', () => {
    const t = parse('x,y\n1,"2"x"\n3,4\n');
    expect(t.issues[0]?.line).toBe(2);
    expect(t.issues[0]?.reason).toMatch(/malformed quoted field/);
    expect(col(t, 1)).toEqual([NaN, 4]);
    expect(t.columns[1]?.notes[0]?.reason).toBe('"2\\"x" is not a number');
  });

  it('fails clearly on empty input, a lone header, binary data and text without numbers', () => {
    const cases: [string, string, number | undefined][] = [
      ['', 'empty', undefined],
      ['\n\n# only comments\n', 'empty', undefined],
      ['x,y\n', 'header-only', 1],
      ['# c\nx,y\n\n', 'header-only', 2],
      ['x,y\n1,2\n3,\u0000\u0001\n', 'binary', 3],
      ['\u0001\u0002\u0003\u0004abc\u0005\u0006', 'binary', 1],
      ['hello,world\nfoo,bar\n', 'no-numbers', undefined],
      ['x,y\n"1,2\n3,4\n', 'unterminated-quote', 2],
    ];
    for (const [text, code, line] of cases) {
      const r = parseDelimitedText(text);
      expect(r.ok, JSON.stringify(text)).toBe(false);
      if (r.ok) continue;
      expect(r.error.code, JSON.stringify(text)).toBe(code);
      expect(r.error.line, JSON.stringify(text)).toBe(line);
      expect(r.error.message.length).toBeGreaterThan(20);
    }
  });

  it('gives up on an unterminated quote beyond maxRecordChars', () => {
    // Lines within the cap (a single line over it is refused as too long: recordCaps.test.ts).
    const text = 'x,y\n1,"' + ('a'.repeat(50) + '\n').repeat(10);
    const r = parseDelimitedText(text, { maxRecordChars: 100 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^Line 2 opens a quoted field/);
  });
});

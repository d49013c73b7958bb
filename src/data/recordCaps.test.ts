/**
 * Caps on one record (issue 14, item 7): a line longer than maxRecordChars (1 MiB) is refused at
 * once with a message that names the line and says what is wrong, whether or not it ends with a
 * newline and whatever the delimiter; a record with more fields than maxColumns is refused naming
 * its line. Before: a last line over 1 MiB without a newline was called an unclosed quote, and a
 * 50 MB single whitespace-separated line was split into millions of fields (16 s, 1.3 GB) before
 * the column cap refused it.
 */
import { describe, expect, it } from 'vitest';
import { createIngest } from './ingest';
import { parseDelimitedText } from './parseText';

const MiB = 1 << 20;

describe('a line longer than the record cap', () => {
  for (const newline of [false, true]) {
    it(`is refused as too long, not as a quote (last line ${newline ? 'with' : 'without'} its newline)`, () => {
      const text = 'x,y\n1,2\n3,' + '4'.repeat(MiB + 10) + (newline ? '\n' : '');
      const r = parseDelimitedText(text);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('line-too-long');
      expect(r.error.line).toBe(3);
      expect(r.error.message).toMatch(/^Line 3 is longer than 1048576 characters \(1 MiB\)/);
      expect(r.error.message).not.toMatch(/quote/);
    });
  }

  it('a genuinely unclosed quote is still reported as one', () => {
    const text = 'x,y\n1,2\n3,"4\n' + '5,6\n'.repeat(MiB / 4 + 10);
    const r = parseDelimitedText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'unterminated-quote', line: 3 });
  });

  for (const [name, unit] of [['whitespace-separated', '1.5 '], ['comma-separated', '1.5,'], ['tab-separated', '1.5\t']] as const) {
    it(`a 50 MB single ${name} line stops the ingest within the first chunks`, () => {
      const ingest = createIngest();
      const chunk = unit.repeat(MiB / unit.length);
      let pushed = 0;
      for (; pushed < 50 && !ingest.error; pushed++) ingest.push(chunk);
      expect(pushed).toBeLessThanOrEqual(2);
      const r = ingest.finish();
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: 'line-too-long', line: 1 });
    });
  }
});

describe('a record with more fields than the column cap', () => {
  for (const [name, sep] of [['whitespace', ' '], ['comma', ','], ['semicolon', ';']] as const) {
    it(`is refused naming its line (${name})`, () => {
      const head = ['x', 'y'].join(sep) + '\n' + ['1', '2'].join(sep) + '\n' + ['3', '4'].join(sep) + '\n';
      const wide = Array.from({ length: 20000 }, () => '1').join(sep) + '\n';
      const r = parseDelimitedText(head + wide + ['5', '6'].join(sep) + '\n');
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toMatchObject({ code: 'too-many-fields', line: 4 });
      expect(r.error.message).toBe('Line 4 has 20000 fields, more than the 10000 supported; check the delimiter');
    });
  }

  it('rows of a normal width are untouched', () => {
    const r = parseDelimitedText('x y\n1 2\n3 4\n');
    expect(r.ok && r.value.rowCount).toBe(2);
  });
});

describe('a closed quoted record longer than the cap', () => {
  it('is refused naming the line it starts on, even when it arrives whole', () => {
    const text = 'x,y\n1,2\n3,"' + 'a\n'.repeat(80) + '"\n5,6\n';
    const r = parseDelimitedText(text, { maxRecordChars: 100 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatchObject({ code: 'unterminated-quote', line: 3 });
      expect(r.error.message).toMatch(/^Line 3 opens a quoted field that runs over 81 lines and more than 100 characters/);
    }
    const short = parseDelimitedText('x,y\n1,2\n3,"' + 'a\n'.repeat(20) + '"\n5,6\n', { maxRecordChars: 100 });
    expect(short.ok && short.value.rowCount).toBe(3);
  });
});

/**
 * Header detection when text columns lead (issue 13: a file whose first columns were labels got
 * "no header", columns c1…c5, and its header row counted as data).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectHeader } from './detectHeader';
import { parseDelimitedText } from './parseText';

const rows = (text: string) => text.trim().split('\n').map((l) => l.split(','));

describe('detectHeader, column by column', () => {
  it('finds the header over three label columns and two numbers (fixtures/datain/text_leading.csv)', () => {
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'datain', 'text_leading.csv'), 'utf8');
    const t = parseDelimitedText(text);
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    expect(t.value.hasHeader).toBe(true);
    expect(t.value.rowCount).toBe(24);
    expect(t.value.columns.map((c) => c.name)).toEqual(['site', 'species', 'treatment', 'dose', 'response']);
  });

  it('decides by the numeric columns: text over numbers votes for, a number against', () => {
    expect(detectHeader(rows('a,b,c,x,y\np,q,r,1,2\ns,t,u,3,4'), false, 'auto')).toBe(true);
    expect(detectHeader(rows('p,q,r,1,2\ns,t,u,3,4'), false, 'auto')).toBe(false);
    // wide data with numeric column names: the number headers outvote the one text cell
    expect(detectHeader(rows('t,10,20,30\n0,1,2,3\n1,2,3,4'), false, 'auto')).toBe(false);
    // text throughout: no numeric body, no header; a lone text record is a header over no data
    expect(detectHeader(rows('a,b\nc,d'), false, 'auto')).toBe(false);
    expect(detectHeader(rows('x,y'), false, 'auto')).toBe(true);
    expect(detectHeader(rows('1,2'), false, 'auto')).toBe(false);
    // the user's word wins
    expect(detectHeader(rows('a,b\n1,2'), false, false)).toBe(false);
    expect(detectHeader(rows('1,2\n3,4'), false, true)).toBe(true);
  });
});

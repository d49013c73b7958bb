import { describe, expect, it } from 'vitest';
import { blobChunks } from './blobChunks';
import { parseBlob } from './parseBlob';
import { parseStream } from './parseStream';
import type { ParseProgress, Result, Table } from './types';

/** A parse result with its typed arrays as plain arrays of bit patterns (exact comparison). */
function canonical(r: Result<Table>): unknown {
  if (!r.ok) return r;
  const bits = (a: Float64Array | null) => (a ? Array.from(new BigUint64Array(a.slice().buffer)) : null);
  return {
    ...r.value,
    lines: Array.from(r.value.lines),
    columns: r.value.columns.map((c) => ({ ...c, values: bits(c.values), lo: bits(c.lo), categories: c.categories ? { codes: Array.from(c.categories.codes), levels: c.categories.levels } : c.categories })),
  };
}

const rows = (n: number) => ['t,signal,site', ...Array.from({ length: n }, (_, i) => `${(i * 0.01).toFixed(2)},${Math.sin(i / 9).toPrecision(12)},${i % 50 === 7 ? 'Zürich' : 'Genève'}`)];

describe('parseBlob: a File through the byte ingest', () => {
  it('gives the Table parseStream(blobChunks) gives, with multi-byte characters cut by slices', async () => {
    // 5- and 64-byte slices on 300 rows (every ü and è cut somewhere: each slice is an await, 20 000 of
    // them on 3000 rows took most of this test's time); the larger slices on 3000 rows.
    const textOf = (n: number) => [...rows(n).slice(0, n / 2), '', '# a comment', 'oops,1,2', ...rows(n).slice(n / 2)].join('\r\n');
    for (const chunk of [5, 64, 1000, 1 << 20]) {
      const blob = new Blob([textOf(chunk < 1000 ? 300 : 3000)]);
      const mine = await parseBlob(blob, {}, undefined, chunk);
      const theirs = await parseStream({ chunks: blobChunks(blob, Math.max(chunk, 4)), totalBytes: blob.size });
      expect(canonical(mine)).toEqual(canonical(theirs));
    }
  });

  it('reads a numeric file with progress up to the whole file', async () => {
    const blob = new Blob([rows(20000).map((r) => r.replace(/,[^,]*$/, '')).join('\n')]);
    const seen: ParseProgress[] = [];
    const parsed = await parseBlob(blob, {}, (p) => seen.push(p), 1 << 16);
    expect(parsed.ok && parsed.value.rowCount).toBe(20000);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.map((p) => p.fraction)).toEqual([...seen.map((p) => p.fraction)].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(seen[seen.length - 1]?.fraction).toBe(1);
    expect(seen[seen.length - 1]?.rows).toBeGreaterThanOrEqual(19999); // the last line, without a line break, is read at the end
  });

  it('stops when cancelled and says so', async () => {
    const signal = { aborted: false };
    const blob = new Blob([rows(20000).join('\n')]);
    const parsed = await parseBlob(blob, { signal }, () => { signal.aborted = true; }, 1 << 14);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.code).toBe('aborted');
  });

  it('reads UTF-16 files (by their BOM) through the text path', async () => {
    const text = `\ufeff${rows(300).join('\n')}`;
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) { bytes[2 * i] = text.charCodeAt(i) & 255; bytes[2 * i + 1] = text.charCodeAt(i) >> 8; }
    const parsed = await parseBlob(new Blob([bytes]), {}, undefined, 100);
    expect(parsed.ok && parsed.value.rowCount).toBe(300);
    expect(parsed.ok && parsed.value.columns[2]?.categories?.levels).toEqual(['Genève', 'Zürich']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blobChunks } from './blobChunks';
import { parseStream } from './parseStream';
import { parseDelimitedText } from './parseText';
import type { ParseProgress } from './types';

/** Splits text at the given fractional positions. */
function chop(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => Math.floor(c * text.length)))].sort((a, b) => a - b);
  const out: string[] = [];
  let prev = 0;
  for (const i of at) { out.push(text.slice(prev, i)); prev = i; }
  out.push(text.slice(prev));
  return out;
}

async function* slowly(chunks: string[]): AsyncGenerator<string> {
  for (const c of chunks) { await Promise.resolve(); yield c; }
}

const TRICKY = [
  '\ufeff# header comment, with "a quote\r\nname,"y, quoted"\r\n"multi\r\nline",1.5\r\n\r\nplain,2e3\r\n# c\r\nlast,-inf',
  'a;b\r1,5;2,25\r\r3;4,5\r',
  '  t   y\n  0   1\n\n  1   2.5\n# x\n  2   abc\n',
  'x,y\n1,"2\n3,4\n',
  'x,y\n1,2\n\u0000\n',
];

describe('parseStream', () => {
  it('gives exactly what parseDelimitedText gives, however the text is chunked', async () => {
    for (const text of TRICKY) {
      const whole = parseDelimitedText(text);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }), async (cuts) => {
          const streamed = await parseStream(slowly(chop(text, cuts)));
          expect(streamed).toEqual(whole);
        }),
        { numRuns: 150 },
      );
    }
  });

  it('joins a CRLF split between two chunks into one line break', async () => {
    const r = await parseStream(['\r', '\nx,y\r', '\n1,2\r', '\r\n3,4\r']);
    expect(r.ok && Array.from(r.value.lines)).toEqual([3, 5]);
    expect(r).toEqual(parseDelimitedText('\r\nx,y\r\n1,2\r\r\n3,4\r'));
  });

  it('accepts plain iterables and a sized wrapper, and reports progress', async () => {
    const text = 'x,y\n' + Array.from({ length: 1000 }, (_, i) => `${i},${i * i}`).join('\n') + '\n';
    const chunks = chop(text, [0.25, 0.5, 0.75]);
    const seen: ParseProgress[] = [];
    const r = await parseStream({ chunks, totalBytes: text.length }, {}, (p) => seen.push(p));
    expect(r.ok && r.value.rowCount).toBe(1000);
    expect(seen).toHaveLength(4);
    expect(seen.map((p) => p.fraction)).toEqual([
      (chunks[0] ?? '').length / text.length,
      (chunks[0]! + chunks[1]!).length / text.length,
      (chunks[0]! + chunks[1]! + chunks[2]!).length / text.length,
      1,
    ]);
    expect(seen.at(-1)?.rows).toBe(1000);
    const plain = await parseStream(chunks);
    expect(plain.ok && plain.value.rowCount).toBe(1000);
  });

  it('can be cancelled between chunks', async () => {
    const signal = { aborted: false };
    const r = await parseStream(['x,y\n1,2\n', '3,4\n', '5,6\n'], { signal }, () => { signal.aborted = true; });
    expect(r).toEqual({ ok: false, error: { code: 'aborted', message: 'Parsing was cancelled' } });
  });

  it('stops reading a source once the file has failed', async () => {
    let pulled = 0;
    function* source(): Generator<string> {
      for (let i = 0; i < 100; i++) { pulled++; yield i === 1 ? 'x\u0000y\n' : '1,2\n'; }
    }
    const r = await parseStream(source());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'binary', line: 2 });
    expect(pulled).toBe(2);
  });

  it('streams a large file into columns without lo past maxLoCells', async () => {
    const rows = 200_000;
    function* source(): Generator<string> {
      yield 't,y\n';
      for (let start = 0; start < rows; start += 5000) {
        let s = '';
        for (let i = start; i < start + 5000; i++) s += `${i},${(i * 0.001).toFixed(3)}\n`;
        yield s;
      }
    }
    const r = await parseStream(source(), { maxLoCells: 100_000 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rowCount).toBe(rows);
    expect(r.value.columns[1]?.values[123_456]).toBe(123.456);
    expect(r.value.lines[rows - 1]).toBe(rows + 1);
    expect(r.value.columns[0]?.lo).toBeNull();
  });
});

describe('blobChunks', () => {
  it('never splits a UTF-8 character between chunks', async () => {
    const text = 'µ,€,𝄞\n1,2,3\n' + 'ä'.repeat(37) + '\n€𝄞µ\n';
    const blob = new Blob([text]);
    for (const size of [4, 5, 6, 7, 13, 1 << 20]) {
      const parts: string[] = [];
      for await (const part of blobChunks(blob, size)) parts.push(part);
      expect(parts.join(''), `chunk size ${size}`).toBe(text);
      expect(parts.some((p) => p.includes('\ufffd'))).toBe(false);
    }
  });

  it('feeds parseStream', async () => {
    const file = new Blob(['\ufeffdose,response\r\n0.1,5\r\n1,50\r\n']);
    const r = await parseStream({ chunks: blobChunks(file, 8), totalBytes: file.size });
    expect(r.ok && r.value.columns.map((c) => c.name)).toEqual(['dose', 'response']);
    expect(r.ok && Array.from(r.value.columns[1]?.values ?? [])).toEqual([5, 50]);
  });
});

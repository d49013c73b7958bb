/**
 * UTF-16 files with a byte-order mark (Excel's "Unicode text", Windows tools) are text (issue 14,
 * item 7): the page's chunked reader and the CLI decode them by their BOM; before, both saw NUL
 * bytes and called the file binary.
 */
import { describe, expect, it } from 'vitest';
import { blobChunks } from './blobChunks';
import { parseDelimitedText } from './parseText';
import { parseStream } from './parseStream';
import { decodeBytes, sniffEncoding } from './textEncoding';

/** `text` encoded as UTF-16 with its BOM, little- or big-endian (code units, so non-BMP works). */
function utf16(text: string, littleEndian: boolean): Uint8Array<ArrayBuffer> {
  const units = '\ufeff' + text;
  const out = new Uint8Array(units.length * 2);
  for (let i = 0; i < units.length; i++) {
    const u = units.charCodeAt(i);
    out[2 * i + (littleEndian ? 0 : 1)] = u & 0xff;
    out[2 * i + (littleEndian ? 1 : 0)] = u >> 8;
  }
  return out;
}

const TEXT = 'zeit\tgröße µm\n' + Array.from({ length: 3000 }, (_, i) => `${i}\t${(i * 0.25).toFixed(2)}`).join('\n') + '\n';

describe('UTF-16 with a BOM', () => {
  for (const le of [true, false]) {
    const bytes = utf16(TEXT, le);

    it(`${le ? 'LE' : 'BE'}: sniffed and decoded whole`, () => {
      expect(sniffEncoding(bytes)).toBe(le ? 'utf-16le' : 'utf-16be');
      expect(decodeBytes(bytes)).toBe(TEXT);
    });

    it(`${le ? 'LE' : 'BE'}: the page's chunked reader parses it, also with chunks that split a character`, async () => {
      for (const chunk of [4096, 1001]) {
        const r = await parseStream({ chunks: blobChunks(new Blob([bytes]), chunk) });
        if (!r.ok) throw new Error(r.error.message);
        expect(r.value.columns.map((c) => c.label)).toEqual(['zeit', 'größe µm']);
        expect(r.value.rowCount).toBe(3000);
        expect(r.value.columns[1]?.values[2999]).toBe(749.75);
      }
    });
  }

  it('UTF-8 (with or without its BOM) is read as before', () => {
    const plain = new TextEncoder().encode(TEXT);
    expect(sniffEncoding(plain)).toBe('utf-8');
    expect(decodeBytes(plain)).toBe(TEXT);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
    expect(sniffEncoding(bom)).toBe('utf-8');
    const r = parseDelimitedText(decodeBytes(bom));
    expect(r.ok && r.value.columns[0]?.name).toBe('zeit');
  });
});

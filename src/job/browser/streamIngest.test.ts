/**
 * The page's streamed ingest (streamIngest.ts) with the column files in arrays instead of OPFS:
 * the stored columns are the in-memory reader's columns to the last bit, text columns are left
 * out and named, the sample stays an even stride over the whole file when the first piece
 * underestimates the rows, and a quoted field later in the file is refused with its line (the
 * files removed).
 */
import { describe, expect, it } from 'vitest';
import { parseBlob } from '../../data/index';
import { columnChunks } from '../../store/columnFiles';
import { PIECE_BYTES, planFromHead } from '../../store/memoryPlan';
import { memoryFile } from '../../../test/memoryFile';
import { streamIngest } from './streamIngest';
import type { OpfsColumns } from './opfsColumns';

function arrayColumns(removed: { count: number }) {
  return async (count: number): Promise<OpfsColumns> => {
    const files = Array.from({ length: count }, () => memoryFile());
    return { files, name: 'test', bytes: () => files.reduce((s, f) => s + f.size, 0), remove: async () => void removed.count++, release: () => undefined };
  };
}

/** Long lines first (the first piece's estimate is low), then short ones; a text column. */
function csvText(longRows: number, shortRows: number): string {
  const lines = ['x,y,label'];
  for (let i = 0; i < longRows; i++) lines.push(`${(i * 1e-6).toFixed(15)},${Math.sin(i).toPrecision(17)},${i % 2 ? 'aa' : 'bb'}`);
  for (let i = longRows; i < longRows + shortRows; i++) lines.push(`${i % 100000},${i % 7},c`);
  return lines.join('\n') + '\n';
}

/** A sample of 20 000 rows (the page's is 200 000) and a 1 MiB budget: files of a few MB stream
 *  and halve their sample as the page's files of millions of rows do. */
const SAMPLE = 20_000;

async function ingest(text: string) {
  const bytes = new TextEncoder().encode(text);
  const blob = new Blob([bytes]);
  const plan = planFromHead(bytes.subarray(0, PIECE_BYTES), bytes.length, 1024 ** 2);
  expect(plan.mode).toBe('stream');
  const removed = { count: 0 };
  const result = await streamIngest({ file: blob, plan, signal: { aborted: false }, createColumns: arrayColumns(removed), sampleMax: SAMPLE });
  return { blob, result, removed };
}

describe('streamIngest', () => {
  it('stores the in-memory columns bit for bit and keeps an even sample of the whole file', async () => {
    const { blob, result } = await ingest(csvText(90_000, 300_000));
    if (!result.ok) throw new Error(result.error.message);
    const { table, stream } = result.value;
    const memory = await parseBlob(blob, { header: 'auto' });
    if (!memory.ok) throw new Error(memory.error.message);
    const m = memory.value.rowCount;
    expect(stream.rows).toBe(m);
    expect(stream.names).toEqual(['x', 'y']);
    expect(stream.dropped).toEqual(['label']);
    expect(stream.counts.map((c) => c.numeric)).toEqual([m, m]);
    // The stored columns, read back as chunks, are the in-memory reader's values.
    const source = columnChunks({ files: stream.store.files, rows: m, chunkRows: 65_536, x: [0], y: 1, sigma: null, sortedX: false });
    const x = new Float64Array(m);
    const y = new Float64Array(m);
    for (let k = 0; k < source.chunks; k++) {
      const c = source.read(k);
      x.set(c.vars[0], c.start);
      y.set(c.y, c.start);
    }
    const same = (a: Float64Array, b: Float64Array) => Buffer.compare(Buffer.from(a.buffer), Buffer.from(b.buffer.slice(0, a.byteLength))) === 0;
    expect(same(x, memory.value.columns[0].values.subarray(0, m).slice())).toBe(true);
    expect(same(y, memory.value.columns[1].values.subarray(0, m).slice())).toBe(true);
    // The first piece promised about half the rows: the sample was halved until it spans all of them.
    expect(stream.stride).toBeGreaterThan(Math.ceil((m * 1.05) / SAMPLE) / 4);
    expect(table.rowCount).toBe(Math.ceil(m / stream.stride));
    expect(table.rowCount).toBeLessThanOrEqual(SAMPLE);
    for (let j = 0; j < table.rowCount; j += 97) {
      expect(table.columns[0].values[j]).toBe(x[j * stream.stride]);
      expect(table.lines[j]).toBe(memory.value.lines[j * stream.stride]);
    }
  });

  it('refuses a quoted field below the header with its line, and removes the files', async () => {
    const text = csvText(150_000, 0);
    const at = text.length - 40;
    const cut = text.lastIndexOf('\n', at) + 1;
    const line = text.slice(0, cut).split('\n').length;
    const { result, removed } = await ingest(`${text.slice(0, cut)}"1",2,x\n${text.slice(cut)}`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'stream-quote', line });
    expect(result.error.message).toContain('raise the memory budget');
    expect(removed.count).toBe(1);
  });
});

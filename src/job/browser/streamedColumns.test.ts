/**
 * Rows with empty or text cells in a streamed table (issue 12): the streamed selection
 * (streamedColumns.ts over src/store/usableRows.ts) leaves out exactly the rows the in-memory
 * reader and selection (parseBlob + selectColumns) leave out, counts them the same, lists the
 * same lines with the same reasons, and its compacted chunks hold the selected arrays bit for bit,
 * so a streamed fit is the in-memory fit of the same file.
 */
import { describe, expect, it } from 'vitest';
import { parseBlob } from '../../data/index';
import { selectColumns } from '../../data/selectColumns';
import { curveFit } from '../../fit/curveFit';
import { memoryChunks, type ChunkSource } from '../../store/chunkSource';
import { columnChunks } from '../../store/columnFiles';
import { PIECE_BYTES, planFromHead } from '../../store/memoryPlan';
import { compileModel } from '../../model/index';
import { memoryFile } from '../../../test/memoryFile';
import { streamedSelection } from './streamedColumns';
import { streamIngest } from './streamIngest';
import type { OpfsColumns } from './opfsColumns';

const ROWS = 400_000;

/** x, y, s over 400 000 rows (three 4 MiB pieces): empty, text, NaN and σ ≤ 0 cells scattered over
 *  every piece, and a σ of 1e300 (its weight 1/σ² underflows). */
function csvText(): string {
  let seed = 5;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ['x,y,s'];
  for (let i = 0; i < ROWS; i++) {
    const x = (i * 1e-4).toFixed(6);
    let y = (2.5 * Math.exp(-i * 1e-5) + 0.3 + (rand() - 0.5) * 0.05).toFixed(7);
    let s = (0.02 + 0.01 * rand()).toFixed(5);
    if (i % 4099 === 17) y = '';
    if (i % 7919 === 5) y = 'abc';
    if (i % 10007 === 9) s = '-0.5';
    if (i % 15013 === 3) s = 'NaN';
    if (i === 123_457) s = '1e300';
    lines.push(`${x},${y},${s}`);
  }
  return lines.join('\n') + '\n';
}

async function both(text = csvText()) {
  const bytes = new TextEncoder().encode(text);
  const blob = new Blob([bytes]);
  const plan = planFromHead(bytes.subarray(0, PIECE_BYTES), bytes.length, 16 * 1024 ** 2);
  expect(plan.mode).toBe('stream');
  const createColumns = async (count: number): Promise<OpfsColumns> => {
    const files = Array.from({ length: count }, () => memoryFile());
    return { files, name: 'fitbench-stream-0-test', bytes: () => 0, remove: async () => undefined, release: () => undefined };
  };
  const streamed = await streamIngest({ file: blob, plan, signal: { aborted: false }, createColumns });
  if (!streamed.ok) throw new Error(streamed.error.message);
  const memory = await parseBlob(blob, { header: 'auto' });
  if (!memory.ok) throw new Error(memory.error.message);
  return { stream: streamed.value.stream, table: memory.value };
}

function expectSameChunks(a: ChunkSource, b: ChunkSource): void {
  expect([b.rows, b.chunks, b.sortedX, b.weighted]).toEqual([a.rows, a.chunks, a.sortedX, a.weighted]);
  for (let k = 0; k < a.chunks; k++) {
    const u = a.read(k);
    const want = { start: u.start, rows: u.rows, vars: u.vars.map((v) => Array.from(v)), y: Array.from(u.y), w: u.w && Array.from(u.w) };
    const v = b.read(k);
    expect({ start: v.start, rows: v.rows, vars: v.vars.map((c) => Array.from(c)), y: Array.from(v.y), w: v.w && Array.from(v.w) }).toEqual(want);
  }
}

describe('streamedSelection', async () => {
  const { stream, table } = await both();

  it.each([
    ['with σ', { x: ['x'], y: 'y', sigma: 's' }],
    ['without σ', { x: ['x'], y: 'y', sigma: null }],
  ] as const)('drops, counts and lists the rows the in-memory selection drops (%s)', (_, mapping) => {
    const memory = selectColumns(table, mapping);
    if (!memory.ok) throw new Error(memory.error.message);
    const picked = streamedSelection(stream, mapping);
    if (!picked.ok) throw new Error(picked.problem);
    const { usable, dropped } = picked.value;
    expect(memory.value.droppedCount).toBeGreaterThan(100);
    expect(usable.rows).toBe(memory.value.rows);
    expect(usable.dropped).toBe(memory.value.droppedCount);
    expect(dropped.length).toBe(Math.min(500, memory.value.droppedCount));
    expect(dropped).toEqual(memory.value.dropped.slice(0, dropped.length));
    // The chunks the fit reads are the selected arrays', compacted, to the last bit.
    const w = memory.value.sigma ? memory.value.sigma.map((s) => 1 / s) : null;
    for (const chunkRows of [65_536, 131_072]) {
      const source = columnChunks({ files: stream.store.files, rows: stream.rows, chunkRows, x: picked.value.x, y: picked.value.y, sigma: picked.value.sigma, sortedX: usable.sortedX, usable });
      expectSameChunks(memoryChunks({ vars: memory.value.vars, y: memory.value.y, w }, chunkRows), source);
    }
  });

  it('fits the streamed rows to the in-memory fit of the same file', async () => {
    const mapping = { x: ['x'], y: 'y', sigma: 's' };
    const memory = selectColumns(table, mapping);
    const picked = streamedSelection(stream, mapping);
    if (!memory.ok || !picked.ok) throw new Error('no selection');
    const compiled = compileModel('a*exp(-x/t) + c', { columns: ['x'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const model = compiled.value;
    const start: Record<string, number> = { a: 1, t: 20, c: 0 };
    const parameters = model.params.map((name) => ({ name, value: start[name] }));
    const inMemory = await curveFit({ model, data: { vars: memory.value.vars, y: memory.value.y, sigma: memory.value.sigma }, parameters, options: {} });
    const source = columnChunks({ files: stream.store.files, rows: stream.rows, chunkRows: 65_536, x: picked.value.x, y: picked.value.y, sigma: picked.value.sigma, sortedX: false, usable: picked.value.usable });
    const streamed = await curveFit({ model, data: { vars: [new Float64Array(0)], y: new Float64Array(0) }, parameters, options: {}, streamed: { source, maxGroups: 1 << 20 } });
    expect(inMemory.success).toBe(true);
    expect(streamed.stats.points).toBe(memory.value.rows);
    for (const [i, p] of inMemory.parameters.entries()) expect(Math.abs(streamed.parameters[i].value - p.value)).toBeLessThanOrEqual(1e-9 * Math.abs(p.value));
  });

  it('a chosen x column the model does not use still decides the rows, and the chunks hold the model\'s column of those rows', async () => {
    // t is fitted; dose is chosen too (sorted, an empty cell every 1000th row) and decides which rows
    // are used, as in memory. The chunks of t must be the selected rows' t, not the first rows'.
    const lines = ['t,dose,y'];
    for (let i = 0; i < 300_000; i++) {
      const t = ((i * 7919) % 300_000) * 1e-4; // unsorted
      lines.push(`${t.toFixed(4)},${i % 1000 === 7 ? '' : (i * 1e-3).toFixed(3)},${(2 * Math.exp(-t / 9) + 0.1 * Math.sin(i)).toFixed(6)}`);
    }
    const two = await both(lines.join('\n') + '\n');
    const mapping = { x: ['dose', 't'], y: 'y', sigma: null };
    const memory = selectColumns(two.table, mapping);
    const picked = streamedSelection(two.stream, mapping);
    if (!memory.ok || !picked.ok) throw new Error('no selection');
    expect(picked.value.usable.dropped).toBe(300);
    expect(memory.value.droppedCount).toBe(300);
    expect(picked.value.usable.sortedX).toBe(true); // dose, the first chosen column
    const t = two.stream.names.indexOf('t');
    // The model's only variable is t: the caller says it is not sorted (streamedFit.ts), and the chunks keep that.
    const source = columnChunks({ files: two.stream.store.files, rows: two.stream.rows, chunkRows: 65_536, x: [t], y: picked.value.y, sigma: null, sortedX: false, usable: picked.value.usable });
    expectSameChunks(memoryChunks({ vars: [memory.value.vars[1]], y: memory.value.y, w: null }, 65_536), source);
  });

  it('says so when a column is not stored', () => {
    const missing = streamedSelection(stream, { x: ['x'], y: 'label', sigma: null });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problem).toBe('Column "label" is not among the streamed numeric columns (x, y, s)');
  });
});

describe('a streamed table saved with its session (streamRecord.ts)', async () => {
  const { savedStream, readSavedStream } = await import('./streamRecord');
  const { stream } = await both();

  it('reads back what was saved, through a structured clone (IndexedDB), with the folder’s name', () => {
    const saved = structuredClone(savedStream(stream));
    const read = readSavedStream(saved);
    expect(read).not.toBeNull();
    const { store, ...facts } = stream;
    expect(read).toEqual({ ...facts, folder: store.name });
  });

  it('refuses a damaged record rather than opening the wrong columns', () => {
    const saved = savedStream(stream);
    expect(readSavedStream({ ...saved, folder: '../elsewhere' })).toBeNull();
    expect(readSavedStream({ ...saved, facts: saved.facts.slice(1) })).toBeNull();
    expect(readSavedStream({ ...saved, rows: -1 })).toBeNull();
    expect(readSavedStream({ ...saved, cells: [[{ row: 'a' }], [], []] })).toBeNull();
    expect(readSavedStream(null)).toBeNull();
  });
});

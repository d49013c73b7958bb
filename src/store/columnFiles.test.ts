/**
 * Columns stored one file per column (columnFiles.ts), read back as chunks of the picked columns:
 * every chunk equals memoryChunks over the same arrays to the last bit (w = 1/σ by the same
 * division), whichever columns are picked and in whatever pieces they were written; the facts the
 * fit checks (non-finite cells, σ ≤ 0, sorted x) are counted as written.
 */
import { describe, expect, it } from 'vitest';
import { normal, rng } from '../../test/random';
import { memoryChunks, type ChunkSource } from './chunkSource';
import { columnChunks, columnWriter } from './columnFiles';
import { memoryFile } from '../../test/memoryFile';
import { curveFit } from '../fit/curveFit';
import { compileModel } from '../model/index';

function expectSameChunks(a: ChunkSource, b: ChunkSource): void {
  expect({ ...b, read: null }).toEqual({ ...a, read: null });
  for (let k = 0; k < a.chunks; k++) {
    const u = a.read(k);
    // Copies: a reader may reuse its buffers.
    const want = { start: u.start, rows: u.rows, vars: u.vars.map((v) => Array.from(v)), y: Array.from(u.y), w: u.w && Array.from(u.w) };
    const v = b.read(k);
    expect({ start: v.start, rows: v.rows, vars: v.vars.map((c) => Array.from(c)), y: Array.from(v.y), w: v.w && Array.from(v.w) }).toEqual(want);
  }
}

describe('columnChunks', () => {
  const m = 10_007;
  const r = rng(7);
  const a = Float64Array.from({ length: m }, (_, i) => i * 0.001);
  const b = Float64Array.from({ length: m }, () => normal(r));
  const s = Float64Array.from({ length: m }, () => 0.01 + r());
  const c = Float64Array.from({ length: m }, () => r() * 1e300);

  function stored(pieces: number[], limit = Infinity) {
    const files = [memoryFile(limit), memoryFile(limit), memoryFile(limit), memoryFile(limit)];
    const writer = columnWriter(files);
    let at = 0;
    for (const n of pieces) {
      writer.append([a, b, s, c].map((col) => col.slice(at, at + n)), n);
      at += n;
    }
    return { files, writer };
  }

  it('reads the picked columns as memoryChunks does, bit for bit, in any pieces', () => {
    const { files, writer } = stored([1, 4096, 3000, 2910], 777);
    expect(writer.rows).toBe(m);
    expect(files.map((f) => f.size)).toEqual([m * 8, m * 8, m * 8, m * 8]);
    for (const chunkRows of [1000, 4096, m, 2 * m]) {
      expectSameChunks(memoryChunks({ vars: [a], y: b, w: s.map((v) => 1 / v) }, chunkRows), columnChunks({ files, rows: m, chunkRows, x: [0], y: 1, sigma: 2, sortedX: writer.facts[0].sorted }));
      expectSameChunks(memoryChunks({ vars: [c, a], y: s, w: null }, chunkRows), columnChunks({ files, rows: m, chunkRows, x: [3, 0], y: 2, sigma: null, sortedX: writer.facts[3].sorted }));
    }
  });

  it('counts non-finite cells, cells ≤ 0 and sortedness as it writes', () => {
    const files = [memoryFile(), memoryFile()];
    const writer = columnWriter(files);
    writer.append([Float64Array.of(1, 2, 2), Float64Array.of(0.5, NaN, -1)], 3);
    writer.append([Float64Array.of(3, 1), Float64Array.of(Infinity, 0)], 2);
    expect(writer.facts).toEqual([
      { nonFinite: 0, nonPositive: 0, sorted: false },
      { nonFinite: 2, nonPositive: 2, sorted: false },
    ]);
  });

  it('a fit over the stored chunks is the in-memory fit to the last bit', async () => {
    const n = 140_000;
    const q = rng(11);
    const x = Float64Array.from({ length: n }, (_, i) => -5 + (10 * i) / n);
    const sigma = Float64Array.from({ length: n }, () => 0.05 + 0.05 * q());
    const y = Float64Array.from(x, (v, i) => 3 * Math.exp(-((v - 0.4) ** 2) / (2 * 1.3 ** 2)) + 0.2 + sigma[i] * normal(q));
    const files = [memoryFile(), memoryFile(), memoryFile()];
    const writer = columnWriter(files);
    writer.append([x, y, sigma], n);
    const compiledModel = compileModel('A*exp(-(x-mu)^2/(2*s^2)) + c', { columns: ['x'] });
    if (!compiledModel.ok) throw new Error(compiledModel.error.message);
    const model = compiledModel.value;
    const parameters = [{ name: 'A', value: 2 }, { name: 'mu', value: 0 }, { name: 's', value: 1 }, { name: 'c', value: 0 }].map((p) => ({ ...p }));
    const byName = new Map(parameters.map((p) => [p.name, p]));
    const ordered = model.params.map((name) => byName.get(name)!);
    const memory = await curveFit({ model, data: { vars: [x], y, sigma }, parameters: ordered, options: {} });
    const source = columnChunks({ files, rows: n, chunkRows: 65_536, x: [0], y: 1, sigma: 2, sortedX: writer.facts[0].sorted });
    const streamed = await curveFit({ model, data: { vars: [new Float64Array(0)], y: new Float64Array(0) }, parameters: ordered, options: {}, streamed: { source, maxGroups: 1 << 20 } });
    expect(memory.success).toBe(true);
    expect(streamed.parameters).toEqual(memory.parameters);
    expect(Array.from(streamed.pcov)).toEqual(Array.from(memory.pcov));
    expect(streamed.stats).toEqual(memory.stats);
  });
});

/**
 * The counting pass of a streamed selection (usableRows.ts): the usable rows and their marks, and
 * the data fingerprint a streamed fit's checkpoint carries (`hash`): the same for the same cells
 * however they were written (pieces) or read (blocks), different when a used cell or the chosen
 * columns differ, as the in-memory dataDigest over the selected arrays is.
 */
import { describe, expect, it } from 'vitest';
import { memoryFile } from '../../test/memoryFile';
import { columnWriter } from './columnFiles';
import { cellDigest, cellHasher } from './cellDigest';
import { usableRows } from './usableRows';

const m = 20_011;
const x = Float64Array.from({ length: m }, (_, i) => i * 0.5);
const y = Float64Array.from({ length: m }, (_, i) => (i % 997 === 3 ? NaN : Math.sin(i)));
const s = Float64Array.from({ length: m }, (_, i) => (i % 1499 === 7 ? -1 : 0.1 + (i % 5) * 0.01));

function stored(columns: Float64Array[], pieces: number[]) {
  const files = columns.map(() => memoryFile());
  const writer = columnWriter(files);
  let at = 0;
  for (const n of pieces) {
    writer.append(columns.map((c) => c.slice(at, at + n)), n);
    at += n;
  }
  return files;
}

describe('usableRows', () => {
  const files = stored([x, y, s], [m]);
  const whole = usableRows({ files, rows: m, columns: [0, 1, 2], sigma: true, variables: 1, stride: 4096 });

  it('counts the rows with every chosen cell usable and marks every stride-th', () => {
    let used = 0;
    const marks: number[] = [];
    for (let i = 0; i < m; i++) {
      if (!Number.isFinite(y[i]) || !(s[i] > 0)) continue;
      if (used % 4096 === 0) marks.push(i);
      used++;
    }
    expect(whole.rows).toBe(used);
    expect(whole.dropped).toBe(m - used);
    expect(Array.from(whole.marks)).toEqual(marks);
    expect(whole.sortedX).toBe(true);
    expect(whole.first[0]).toEqual({ row: 3, column: 1 });
    expect(whole.first[1]).toEqual({ row: 7, column: 2 });
  });

  it('fingerprints the same cells the same, whatever the pieces and blocks', () => {
    const again = usableRows({ files: stored([x, y, s], [1, 4096, 9000, m - 13_097]), rows: m, columns: [0, 1, 2], sigma: true, variables: 1, stride: 4096, blockRows: 777 });
    expect(again.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(again.hash).toBe(whole.hash);
  });

  it('fingerprints other data or other columns differently, and ignores the cells of dropped rows', () => {
    const changed = Float64Array.from(x);
    changed[10_000] += 2 ** -40;
    expect(usableRows({ files: stored([changed, y, s], [m]), rows: m, columns: [0, 1, 2], sigma: true, variables: 1, stride: 4096 }).hash).not.toBe(whole.hash);
    expect(usableRows({ files, rows: m, columns: [0, 1], sigma: false, variables: 1, stride: 4096 }).hash).not.toBe(whole.hash);
    expect(usableRows({ files, rows: m, columns: [2, 1, 0], sigma: false, variables: 1, stride: 4096 }).hash).not.toBe(whole.hash);
    // Row 3 is dropped (y is NaN): its x is not part of the fit, nor of the fingerprint.
    const droppedX = Float64Array.from(x);
    droppedX[3] = 1e6;
    expect(usableRows({ files: stored([droppedX, y, s], [m]), rows: m, columns: [0, 1, 2], sigma: true, variables: 1, stride: 4096 }).hash).toBe(whole.hash);
  });
});

describe('cellDigest', () => {
  // The usable rows as the in-memory selection keeps them (y finite, σ > 0 here).
  const keep = Array.from({ length: m }, (_, i) => i).filter((i) => Number.isFinite(y[i]) && s[i] > 0);
  const compact = [x, y, s].map((c) => Float64Array.from(keep, (i) => c[i]));
  const whole = usableRows({ files: stored([x, y, s], [m]), rows: m, columns: [0, 1, 2], sigma: true, variables: 1, stride: 4096 });

  it('over the selected arrays is the counting pass\'s fingerprint of the stored columns', () => {
    expect(cellDigest(compact)).toEqual({ rows: keep.length, hash: whole.hash });
  });

  it('taken a piece at a time (the CLI\'s streamed ingest) is the whole columns\' digest', () => {
    const hasher = cellHasher(3);
    for (let at = 0; at < keep.length; ) {
      const n = Math.min(keep.length - at, 1 + ((at * 7919) % 5000));
      hasher.add(compact.map((c) => c.subarray(at, at + n)), n);
      at += n;
    }
    expect(hasher.digest()).toEqual(cellDigest(compact));
    const changed = compact.map((c) => Float64Array.from(c));
    changed[1][keep.length - 1] = -changed[1][keep.length - 1];
    expect(cellDigest(changed).hash).not.toBe(whole.hash);
    expect(cellDigest(compact.slice(0, 2)).hash).not.toBe(whole.hash);
  });
});

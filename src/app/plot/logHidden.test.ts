import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decimateMinMax, gather } from '../../plot/decimate';
import { buildSeries } from '../../plot/series';
import type { FitData } from '../../data/selectColumns';
import { groupLogHiddenNote, hiddenOnLog, logHiddenNote } from './logHidden';

/** The series the worker sends for these rows (its own decimation, so log x drops x ≤ 0 as it does). */
function sent(x: number[], y: number[], logX: boolean, buckets = 1200) {
  const fx = Float64Array.from(x);
  const fy = Float64Array.from(y);
  const { index, decimated } = decimateMinMax(fx, fy, buckets, logX, null);
  return { x: gather(fx, index), y: gather(fy, index), total: x.length, decimated };
}

const view = (logX: boolean, logY: boolean, xMin: number) => ({ logX, logY, xMin, xName: 't', yName: 'counts' });

describe('points a log axis leaves off', () => {
  const x = [-1, 0, 1, 2, 3];
  const y = [5, -2, 0, 4, 1];

  it('counts the rows the worker does not send under log x and the drawn y ≤ 0 under log y', () => {
    expect(hiddenOnLog(sent(x, y, true), true, false)).toEqual({ x: 2, y: 0 });
    expect(hiddenOnLog(sent(x, y, false), false, true)).toEqual({ x: 0, y: 2 });
    // Both: the x ≤ 0 rows are not sent, so the row (0, −2) counts once, under x.
    expect(hiddenOnLog(sent(x, y, true), true, true)).toEqual({ x: 2, y: 1 });
  });

  it('says how many and why, and nothing when every point is drawn', () => {
    expect(logHiddenNote(sent([0, 1, 2], [1, 2, 3], true), view(true, false, 0))).toBe('Log x: 1 point with t ≤ 0 is not drawn.');
    expect(logHiddenNote(sent(x, [1, 2, 3, 4, 5], true), view(true, false, -1))).toBe('Log x: 2 points with t ≤ 0 are not drawn.');
    expect(logHiddenNote(sent([1, 2], [0, 3], false), view(false, true, 1))).toBe('Log y: 1 point with counts ≤ 0 is not drawn.');
    expect(logHiddenNote(sent(x, y, true), view(true, true, -1))).toBe('Log axes: 2 points with t ≤ 0 and 1 point with counts ≤ 0 are not drawn.');
    expect(logHiddenNote(sent([1, 2], [1, 2], true), view(true, true, 1))).toBeNull();
    expect(logHiddenNote(sent(x, y, false), view(false, false, -1))).toBeNull();
  });

  it("counts every hidden row above DRAW_ALL_MAX from the worker's series (the drawn points are a decimation)", () => {
    // 20 000 rows, x from −137 to 19 862: 138 rows with x ≤ 0; y ≤ 0 on every 50th row with x > 0.
    const n = 20_000;
    const x = Float64Array.from({ length: n }, (_, i) => i - 137);
    const y = Float64Array.from(x, (v, i) => (i % 50 === 0 ? -1 : 1 + Math.abs(v)));
    const data = { vars: [x], y, sigma: null, rows: n, lines: Int32Array.from({ length: n }, (_, i) => i + 2) } as unknown as FitData;
    const yBelow = (logX: boolean) => Array.from(x).filter((v, i) => y[i] <= 0 && (!logX || v > 0)).length;
    for (const [logX, logY] of [[true, false], [false, true], [true, true]] as const) {
      const s = buildSeries(data, y, { plotVar: 0, logX, buckets: 800 });
      expect(s.decimated).toBe(true);
      // The drawn points alone could not say it: far fewer than the rows.
      expect(s.x.length).toBeLessThan(2000);
      expect(s.nonPositive).toEqual({ x: 138, y: yBelow(logX) });
      const note = logHiddenNote(s, view(logX, logY, -137));
      const xPart = '138 points with t ≤ 0';
      const yPart = `${yBelow(logX)} points with counts ≤ 0`;
      expect(note).toBe(logX && logY ? `Log axes: ${xPart} and ${yPart} are not drawn.` : logX ? `Log x: ${xPart} are not drawn.` : `Log y: ${yPart} are not drawn.`);
    }
  });

  it('names the points without a count when a decimated series has no counts (a session saved before them)', () => {
    const n = 20_000;
    const xs = Array.from({ length: n }, (_, i) => i - 100);
    const ys = xs.map((v) => 1 + Math.abs(v));
    const s = sent(xs, ys, true, 100);
    expect(s.decimated).toBe(true);
    expect(logHiddenNote(s, view(true, false, -100))).toBe('Log x: points with t ≤ 0 are not drawn.');
    expect(logHiddenNote(s, view(true, false, 1))).toBeNull();
  });
});

describe('the group overlay on log axes', () => {
  // Theoph (fixtures/groups/theoph.csv): each of the 12 subjects has a sample at Time = 0, nine of
  // them with conc = 0.
  const lines = readFileSync(new URL('../../../fixtures/groups/theoph.csv', import.meta.url), 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  const rows = lines.slice(1).map((l) => l.split(',').map(Number));
  const subject = header.indexOf('Subject');
  const time = header.indexOf('Time');
  const conc = header.indexOf('conc');
  const keys = [...new Set(rows.map((r) => r[subject]))];
  const of = (k: number) => rows.filter((r) => r[subject] === k);
  const overlay = keys.map((k) => ({ x: Float64Array.from(of(k).map((r) => r[time])), y: Float64Array.from(of(k).map((r) => r[conc])) }));
  const view = (logX: boolean, logY: boolean) => ({ logX, logY, xName: 'Time', yName: 'conc' });

  it('counts the rows with x ≤ 0 (y ≤ 0) in every group drawn, and says nothing on linear axes', () => {
    const atZero = rows.filter((r) => r[time] <= 0).length;
    const noConc = rows.filter((r) => r[conc] <= 0).length;
    expect([atZero, noConc]).toEqual([12, 9]);
    expect(groupLogHiddenNote(overlay, view(true, false))).toBe(`Log x: ${atZero} points with Time ≤ 0 are not drawn.`);
    expect(groupLogHiddenNote(overlay, view(false, true))).toBe(`Log y: ${noConc} points with conc ≤ 0 are not drawn.`);
    // Every conc = 0 is at Time = 0: hidden by x already, counted once.
    expect(groupLogHiddenNote(overlay, view(true, true))).toBe(`Log x: ${atZero} points with Time ≤ 0 are not drawn.`);
    expect(groupLogHiddenNote(overlay, view(false, false))).toBeNull();
    expect(groupLogHiddenNote(overlay.slice(0, 1), view(true, false))).toBe('Log x: 1 point with Time ≤ 0 is not drawn.');
    const positive = overlay.map((g) => ({ x: g.x.filter((v) => v > 0), y: g.y.filter((_, i) => g.x[i] > 0) }));
    expect(groupLogHiddenNote(positive, view(true, true))).toBeNull();
    const shifted = overlay.map((g) => ({ x: g.x.map((v) => v + 1), y: g.y }));
    expect(groupLogHiddenNote(shifted, view(true, true))).toBe(`Log y: ${noConc} points with conc ≤ 0 are not drawn.`);
  });
});

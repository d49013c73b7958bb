import { describe, expect, it } from 'vitest';
import { decimateMinMax, gather } from '../../worker/decimate';
import { hiddenOnLog, logHiddenNote } from './logHidden';

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

  it('names the points without a count when the series is decimated', () => {
    const n = 20_000;
    const xs = Array.from({ length: n }, (_, i) => i - 100);
    const ys = xs.map((v) => 1 + Math.abs(v));
    const s = sent(xs, ys, true, 100);
    expect(s.decimated).toBe(true);
    expect(logHiddenNote(s, view(true, false, -100))).toBe('Log x: points with t ≤ 0 are not drawn.');
    expect(logHiddenNote(s, view(true, false, 1))).toBeNull();
  });
});

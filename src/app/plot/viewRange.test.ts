import { describe, expect, it } from 'vitest';
import { viewRangeFromRelayout } from './viewRange';

describe('viewRangeFromRelayout', () => {
  it('reads a zoom or pan of the x axis, in data units on a log axis', () => {
    expect(viewRangeFromRelayout({ 'xaxis.range[0]': 2, 'xaxis.range[1]': 5, 'yaxis.range[0]': 0, 'yaxis.range[1]': 1 }, false)).toEqual({ range: [2, 5] });
    expect(viewRangeFromRelayout({ 'xaxis.range': [5, 2] }, false)).toEqual({ range: [2, 5] });
    const log = viewRangeFromRelayout({ 'xaxis.range[0]': -1, 'xaxis.range[1]': 2 }, true);
    expect(log?.range?.[0]).toBeCloseTo(0.1, 15);
    expect(log?.range?.[1]).toBeCloseTo(100, 12);
  });

  it('reads autoscale as the whole data and ignores what leaves x alone', () => {
    expect(viewRangeFromRelayout({ 'xaxis.autorange': true, 'yaxis.autorange': true }, false)).toEqual({ range: null });
    expect(viewRangeFromRelayout({ 'yaxis.range[0]': 0, 'yaxis.range[1]': 1 }, false)).toBeNull();
    expect(viewRangeFromRelayout({ autosize: true }, false)).toBeNull();
    expect(viewRangeFromRelayout({ 'xaxis.range[0]': 'a', 'xaxis.range[1]': 1 }, false)).toBeNull();
    expect(viewRangeFromRelayout({ 'xaxis.range[0]': 1, 'xaxis.range[1]': 1 }, false)).toBeNull();
  });
});

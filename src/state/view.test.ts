import { describe, expect, it } from 'vitest';
import { initialState, type AppState } from './store';
import { viewKey, zoomRange } from './view';

const base: AppState = {
  ...initialState,
  source: { kind: 'file', name: 'a.csv', sampleId: null },
  mapping: { x: ['t', 'u'], y: 'y', sigma: null },
};

describe('the zoom lapses exactly when Plotly drops it (the view key changes)', () => {
  const zoomed: AppState = { ...base, plotRange: { key: viewKey(base), range: [1, 2] } };

  it('holds while the axes mean the same', () => {
    expect(zoomRange(zoomed)).toEqual([1, 2]);
    expect(zoomRange({ ...zoomed, mapping: { ...zoomed.mapping, sigma: 's' } })).toEqual([1, 2]);
    expect(zoomRange({ ...zoomed, mapping: { ...zoomed.mapping, x: ['t', 'v'] } })).toEqual([1, 2]); // u is not plotted
    expect(zoomRange({ ...zoomed, plot: { ...zoomed.plot, showPrediction: true } })).toEqual([1, 2]);
  });

  it('lapses with other data (even under the same name), another plotted x or y, log x or log y', () => {
    expect(zoomRange({ ...zoomed, source: { kind: 'file', name: 'b.csv', sampleId: null } })).toBeNull();
    expect(zoomRange({ ...zoomed, dataEpoch: zoomed.dataEpoch + 1 })).toBeNull(); // new data, same name
    expect(zoomRange({ ...zoomed, mapping: { ...zoomed.mapping, y: 'z' } })).toBeNull();
    expect(zoomRange({ ...zoomed, plot: { ...zoomed.plot, plotVar: 1 } })).toBeNull();
    expect(zoomRange({ ...zoomed, plot: { ...zoomed.plot, logX: true } })).toBeNull();
    expect(zoomRange({ ...zoomed, plot: { ...zoomed.plot, logY: true } })).toBeNull();
    expect(zoomRange(base)).toBeNull();
  });
});

/**
 * The plot's view: what the axes mean (viewKey) and the x range the user zoomed to. Plotly keeps a
 * zoom while the figure's uirevision stays the same and drops it when it changes; the figure's
 * uirevision is viewKey, and a stored zoom counts only under the key it was made with, so the
 * range the worker draws for and the range on screen cannot disagree. When the rendered key
 * changes the plot panel also forgets the zoom (forgetZoom), so going back to an earlier view does
 * not revive a zoom that Plotly has already dropped.
 */
import type { AppState } from './store';

type ViewState = Pick<AppState, 'source' | 'mapping' | 'plot' | 'plotRange' | 'dataEpoch'>;

/** Changes exactly when the plot's axes mean something else (and Plotly resets its zoom). */
export function viewKey(s: Pick<AppState, 'source' | 'mapping' | 'plot' | 'dataEpoch'>): string {
  return `${s.dataEpoch}|${s.source?.name ?? ''}|${s.mapping.x[s.plot.plotVar] ?? 'x'}|${s.mapping.y}|${s.plot.logX}|${s.plot.logY}`;
}

/** The zoomed x range (data units) that applies to the plot now, or null for the whole data. */
export function zoomRange(s: ViewState): readonly [number, number] | null {
  return s.plotRange && s.plotRange.key === viewKey(s) ? s.plotRange.range : null;
}

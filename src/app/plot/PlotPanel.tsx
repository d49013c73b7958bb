/** The main plot: data, model or fit with its bands, residuals below on the same x axis. */
import { ordinal } from '../format/ordinal';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { getState, useApp } from '../../state';
import { forgetZoom, setPlotRange } from '../../state/actions/data';
import { excludeLines, toggleExcluded } from '../../state/actions/rows';
import { resultsFresh } from '../../state/signature';
import { viewKey, zoomRange } from '../../state/view';
import { logHiddenNote } from './logHidden';
import { groupStartsOnScreen } from '../../state/groupStarts';
import { mainFigure } from './mainFigure';
import { PlotlyChart } from './PlotlyChart';
import { PlotToolbar } from './PlotToolbar';
import { viewRangeFromRelayout } from './viewRange';
import { formatCount } from '../format/count';
import { odePlotState } from '../../state/selectors/odePlot';
import { Notice } from '../common/Notice';

export function PlotPanel() {
  const data = useApp((s) => s.selection?.data ?? null);
  const excluded = useApp((s) => s.selection?.excluded ?? null);
  const curve = useApp((s) => s.curve);
  // ROUT's outliers of the last fit (issue 26), drawn hollow while its results describe the page.
  const routOutliers = useApp((s) => s.outcome?.assay?.outliers ?? null);
  const fresh = useApp(resultsFresh);
  // An errors-in-variables fit's segments (issue 24), drawn against the x they were made for.
  const projections = useApp((s) => s.outcome?.odr?.projections ?? null);
  const projectionsVar = useApp((s) => s.outcome?.odr?.plotVar ?? -1);
  const plot = useApp((s) => s.plot);
  const mapping = useApp((s) => s.mapping);
  // Plotly keeps the zoom while this stays the same; a stored zoom counts only under it (view.ts).
  const revision = useApp(viewKey);
  // Two strings, not the object: a selector's new object each render would loop (zustand compares by identity).
  const odeKind = useApp((s) => odePlotState(s)?.kind ?? null);
  const odeMessage = useApp((s) => odePlotState(s)?.message ?? '');
  const xLabel = mapping.x[plot.plotVar] ?? 'x';
  // Bands belong to the last fit: shown while the parameters on screen are its parameters.
  const showFit = fresh && curve !== null && curve.confidence !== null;
  // A new revision makes Plotly drop its zoom: the store forgets it too (no revival on the way back).
  const shown = useRef(revision);
  useEffect(() => {
    if (shown.current !== revision) forgetZoom();
    shown.current = revision;
  }, [revision]);
  const onRelayout = useCallback(
    (event: Readonly<Record<string, unknown>>) => {
      const change = viewRangeFromRelayout(event, getState().plot.logX);
      if (change) void setPlotRange(change.range);
    },
    [],
  );
  // A click on a point excludes it (a click on an excluded one takes it back); a box selection
  // (the modebar's select tool) excludes every point in the box.
  const onPointClick = useCallback((lines: readonly number[]) => {
    if (lines[0] !== undefined) void toggleExcluded(lines[0]);
  }, []);
  const onPointsSelected = useCallback((lines: readonly number[]) => {
    if (lines.length > 0) void excludeLines(lines);
  }, []);
  const figure = useMemo(
    () =>
      mainFigure({
        data,
        excluded,
        outliers: fresh && routOutliers ? { x: routOutliers.x, y: routOutliers.y, lines: routOutliers.lines } : null,
        curve,
        confidence: showFit && plot.showConfidence ? curve.confidence : null,
        prediction: showFit && plot.showPrediction ? curve.prediction : null,
        xLabel,
        yLabel: mapping.y || 'y',
        logX: plot.logX,
        logY: plot.logY,
        revision,
        fitted: fresh,
        projections: fresh && plot.showProjections && projections && projectionsVar === plot.plotVar ? projections : null,
      }),
    [data, excluded, routOutliers, curve, fresh, showFit, plot, xLabel, mapping.y, revision, projections, projectionsVar],
  );
  return (
    <section className="card plot-card" aria-label="Plot" data-testid="plot-panel">
      <PlotToolbar />
      {odeKind === 'stale' && (
        <Notice tone="warning" testId="plot-ode-state">
          {odeMessage}
        </Notice>
      )}
      {odeKind === 'blank' ? (
        // An ODE model's table drawn as y against x would be a meaningless scatter: say why there are no curves.
        <div className="main-plot plot-ode-blank" data-testid="plot-ode-state" role="status">
          <p className="plot-loading">{odeMessage}</p>
        </div>
      ) : (
        <PlotlyChart data={figure.data} layout={figure.layout} className="main-plot" testId="main-plot" label={`${mapping.y} against ${xLabel}, with the model and residuals`} onRelayout={onRelayout} onPointClick={onPointClick} onPointsSelected={onPointsSelected} />
      )}
      <PlotNote />
    </section>
  );
}

function PlotNote() {
  const data = useApp((s) => s.selection?.data ?? null);
  const curveKind = useApp((s) => s.curve?.kind ?? null);
  const ode = useApp((s) => s.curve?.ode ?? null);
  const mapping = useApp((s) => s.mapping);
  const plotVar = useApp((s) => s.plot.plotVar);
  const variables = useApp((s) => s.modelInfo.variables);
  const zoomed = useApp((s) => zoomRange(s) !== null);
  const logX = useApp((s) => s.plot.logX);
  const logY = useApp((s) => s.plot.logY);
  const xRange = useApp((s) => s.selection?.ranges[s.plot.plotVar] ?? null);
  const startsCard = useApp((s) => groupStartsOnScreen(s)?.card ?? null);
  const stream = useApp((s) => s.table?.stream ?? null);
  const tableRows = useApp((s) => s.table?.rows ?? 0);
  const notes: string[] = [];
  // A streamed file (issue 12): the page holds an even sample of it; the fit reads every row.
  if (stream && stream.stride > 1) notes.push(`The file's ${formatCount(tableRows)} rows are streamed from browser storage: the plot and residuals show an even sample, every ${ordinal(stream.stride)} row (${formatCount(stream.sampleRows)} rows); the fit uses all of them.`);
  // A group fit from empty values drew its all-rows start here: not a fit, and not the group results.
  if (startsCard) notes.push(`The curve is drawn at the start values found over all rows, from which the group fits started; it is not a fit. The group results are in the “${startsCard}” card below.`);
  // Plotly's own "double-click to zoom back out" tip is off (it covered the log toggles): said here.
  if (zoomed && !data?.decimated) notes.push('Zoomed in: double-click the plot to see all the data.');
  if (data?.decimated && data.density) {
    // Min/max points would draw the noise's upper and lower edges as two lines: say what is drawn instead.
    const counted = formatCount(data.density.points);
    // "the curve on top" only when there is one (no model yet: the density alone).
    const shading = `each cell shaded by how many points fall in it (darker = more)${curveKind ? ', the curve on top' : ''}`;
    notes.push(
      zoomed
        ? `More points than pixels in this view: its ${counted} points are drawn as their density, ${shading} (the lowest and highest in each pixel column outside it). Zoom in further to see single points; double-click to see all the data.`
        : `More points than pixels: all ${counted} points are drawn as their density, ${shading}. Zoom in to see single points.`,
    );
  } else if (data?.decimated) {
    const drawing = `Drawing ${formatCount(data.x.length)} of ${formatCount(data.total)} points`;
    const inView = data.viewAll ? 'every point in this view, the lowest and highest in each pixel column outside it' : 'the view is drawn again at full resolution (the lowest and highest in each pixel column)';
    notes.push(zoomed ? `${drawing}: ${inView}; double-click the plot to see all the data.` : `${drawing}: the lowest and highest in each pixel column. Zoom in to draw more of them.`);
  }
  const xName = mapping.x[plotVar];
  // y is plotted on the y axis (an implicit model's g uses it as a variable): not a held value.
  const others = variables.filter((v) => v !== xName && v !== mapping.y);
  // An ODE model's observed columns are its responses, each drawn with its curve, not variables.
  if (ode?.failure) notes.push(`The integration stopped early at these values (${ode.failure}): the curves end where it stopped.`);
  if (!ode && curveKind === 'points' && xName) {
    notes.push(`${mapping.y} is plotted against ${xName}; the model also depends on ${others.join(', ')}, which ${others.length === 1 ? 'varies' : 'vary'} over the rows shown, so it is drawn at the data points (filter the rows to one value to draw a curve).`);
  } else if (!ode && curveKind === 'grid' && xName && others.length > 0) {
    notes.push(`The model also uses ${others.join(', ')}, which ${others.length === 1 ? 'holds' : 'hold'} one value over the rows shown: the curve is drawn at ${others.length === 1 ? 'it' : 'them'}.`);
  }
  const hidden = data ? logHiddenNote(data, { logX, logY, xMin: xRange?.min ?? NaN, xName: xName ?? 'x', yName: mapping.y || 'y' }) : null;
  if (hidden) notes.push(hidden);
  if (notes.length === 0) return null;
  return (
    <p className="plot-note" data-testid="plot-note">
      {notes.join(' ')}
    </p>
  );
}


/**
 * A first drawing of plotly.js off the page, in idle time before a sample is chosen (issue 13: no
 * main-thread task over 50 ms after the first paint).
 *
 * The main plot's first `Plotly.react` ran plotly's code cold: V8 compiles each function when it
 * is first called and its inline caches start empty, so the first `Plots.supplyDefaults` + calc
 * took 50–140 ms in one task and the data's first draw (point styles, culori's colour parsing)
 * 50–300 ms, against 7–8 ms and a few ms on every later draw (bench/results/firstplot.md). This
 * draws a small figure of the same shape (markers with error bars, the model curve, its band,
 * residuals on a second y axis: mainFigure.ts, so it follows that file) into a hidden box outside
 * the viewport and removes it: those first-time costs are paid while the page is idle, and the
 * drawing goes through the same slices (plotlySlices.ts) so it is no long task itself.
 */
import { nextTask } from '../common/nextTask';
import { mainFigure } from './mainFigure';
import type { PlotlyStatic } from './plotlyLoader';
import { markWork, startSlice } from './plotlySlices';
import { PLOT_CONFIG } from './theme';


/** A decay-like series of a few points with σ: enough for every part of the figure to be drawn. */
function sampleFigure() {
  const n = 12;
  const x = Float64Array.from({ length: n }, (_, i) => i * 0.5);
  const model = (t: number) => 5 * Math.exp(-t / 2) + 0.5;
  const y = x.map((t, i) => model(t) + (i % 2 ? 0.08 : -0.06));
  const sigma = new Float64Array(n).fill(0.1);
  const lines = Int32Array.from({ length: n }, (_, i) => i + 2);
  const grid = Float64Array.from({ length: 40 }, (_, i) => (i * (n - 1) * 0.5) / 39);
  const curveY = grid.map(model);
  const series = { x, y, sigma, lines, decimated: false, viewAll: false, total: n };
  const residuals = { ...series, y: y.map((v, i) => v - model(x[i])), sigma: null };
  const band = { lower: curveY.map((v) => v - 0.1), upper: curveY.map((v) => v + 0.1) };
  return mainFigure({
    data: series,
    curve: { kind: 'grid', x: grid, y: curveY, residuals, chi2: 1, nonFinite: 0, confidence: band, prediction: null },
    confidence: band,
    prediction: null,
    xLabel: 't',
    yLabel: 'y',
    logX: false,
    logY: false,
    revision: 'warm-up',
    fitted: true,
  });
}

let started = false;

/**
 * Draws the sample figure off screen once, in slices (call it once plotly is loaded),
 * unless a plot is on the page already: then plotly's code is warm.
 */
export function warmUpPlotly(plotly: PlotlyStatic): void {
  if (started) return;
  started = true;
  // Right away, not at the next idle period: plotly is loaded in idle time already, the warm-up
  // runs in slices, and under load an idle period came late enough that a sample chosen a second
  // after the page appeared still found plotly cold (bench/results/firstplot.md).
  void nextTask().then(() => {
    void (async () => {
      if (document.querySelector('.js-plotly-plot')) return;
      const box = document.createElement('div');
      // Outside the viewport and invisible (visibility, not display: plotly measures its text),
      // the size of a main plot on a laptop, so that the same tick labels and margins are drawn.
      box.setAttribute('aria-hidden', 'true');
      box.style.cssText = 'position:fixed;left:-10000px;top:0;width:800px;height:480px;visibility:hidden;pointer-events:none;contain:strict';
      document.body.appendChild(box);
      const full = sampleFigure();
      // In stages of growing figures, each its own draw: the first draw of the whole figure ran
      // its cold defaults and calc in one task of 50–70 ms; a bare plot first and one series next
      // pay parts of that in tasks of their own.
      const stages = [
        { data: [], layout: {} },
        { data: [{ type: 'scatter' as const, mode: 'markers' as const, x: [0, 1, 2], y: [1, 0.5, 0.2] }], layout: {} },
        full,
      ];
      try {
        // First the figures' defaults alone, on plain objects (as Plotly.validate computes them):
        // the coldest part of a first draw, in tasks of its own.
        const plots = plotly.fitbenchInternal.plots as { supplyDefaults: (gd: object) => void };
        for (const [i, { data, layout }] of [stages[1], full].entries()) {
          await nextTask();
          markWork(`plotly.warm-up defaults ${i + 1}`);
          plots.supplyDefaults({ _context: { ...plotly.fitbenchInternal.dfltConfig }, data: structuredClone(data), layout: structuredClone(layout) });
        }
        for (const [i, { data, layout }] of stages.entries()) {
          await nextTask();
          markWork(`plotly.warm-up ${i + 1}`);
          startSlice();
          await plotly.newPlot(box, data, layout, PLOT_CONFIG);
        }
      } catch (e) {
        console.warn('plotly warm-up:', e);
      } finally {
        plotly.purge(box);
        box.remove();
        markWork('plotly.warm-up done');
      }
    })();
  });
}

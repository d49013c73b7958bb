/**
 * Loading plotly.js: a partial strict build (scripts/plotlyPartial.ts), its core fetched in idle
 * time after the page's first paint, so that choosing a sample finds it ready, and its WebGL
 * scatter only when a large series first needs it.
 */
import type { Data } from 'plotly.js-dist-min';
import { nextTask, whenIdleAfterPaint } from '../common/nextTask';
import { markWork, sliceDrawing } from './plotlySlices';
import { warmUpPlotly } from './plotlyWarmup';

export type PlotlyStatic = ReturnType<typeof import('virtual:plotly/core').default.plotly>;

let core: Promise<PlotlyStatic> | null = null;
let gl: Promise<PlotlyStatic> | null = null;
let coreReady = false;
let glReady = false;

/** plotly.js with the SVG scatter and the heatmap. */
export function loadPlotly(): Promise<PlotlyStatic> {
  core ??= import('virtual:plotly/core').then(async (m) => {
    // plotly's modules are evaluated in a few tasks, not one (scripts/plotly/core.cjs), and not in
    // the task that evaluated the bundle's chunks.
    markWork('plotly.evaluate chunks');
    await nextTask();
    for (const [i, step] of m.default.steps.entries()) {
      markWork(`plotly.evaluate ${i + 1}`);
      step();
      await nextTask();
    }
    markWork('plotly.evaluate core');
    const plotly = m.default.plotly();
    sliceDrawing(plotly);
    coreReady = true;
    return plotly;
  });
  return core;
}

/** plotly.js with the WebGL scatter registered too. */
export function loadPlotlyGl(): Promise<PlotlyStatic> {
  // The WebGL scatter's module is evaluated after the core's: it requires plotly's modules too,
  // and they must be evaluated in the core's order.
  gl ??= loadPlotly().then((plotly) => import('virtual:plotly/gl').then((scattergl) => [plotly, scattergl] as const)).then(([plotly, scattergl]) => {
    plotly.register(scattergl.default);
    glReady = true;
    return plotly;
  });
  return gl;
}

/** Whether these traces need the WebGL scatter. */
export function needsGl(data: readonly Data[]): boolean {
  return data.some((t) => t.type === 'scattergl');
}

/** plotly.js able to draw these traces, and whether it is there already (no wait). */
export function plotlyFor(data: readonly Data[]): { ready: boolean; load: () => Promise<PlotlyStatic> } {
  return needsGl(data) ? { ready: glReady, load: loadPlotlyGl } : { ready: coreReady, load: loadPlotly };
}

/**
 * Fetch plotly's core once the page has painted and the main thread is idle: by the time a sample
 * is chosen the library is usually there, and has drawn once.
 */
export function preloadPlotly(): void {
  // Then a first drawing off the page pays plotly's first-time costs (plotlyWarmup.ts).
  whenIdleAfterPaint(() => void loadPlotly().then(warmUpPlotly));
}

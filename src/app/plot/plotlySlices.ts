/**
 * plotly.js draws a figure as a sequence of steps (defaults, framework, margins, axes, data, final
 * draw…), and between several of them it calls `Plots.previousPromises(gd)`, which waits for any
 * asynchronous work a step queued (MathJax, images) before the next step. A first draw of the main
 * plot ran all of them in one task of 100–200 ms (bench/firstplot-trace.ts), freezing the page.
 *
 * Wrapping `previousPromises` so that it also yields to the browser once a slice has run for
 * SLICE_MS splits each draw into several tasks at points where plotly already accepts waiting: the
 * page stays responsive while a figure is drawn, and nothing in plotly's order changes.
 */

/** A slice of drawing that has run this long gives the main thread back at plotly's next wait. */
export const SLICE_MS = 12;

interface Plots {
  previousPromises: (gd: unknown) => unknown;
  fitbenchSliced?: boolean;
}

let sliceStart = Number.NEGATIVE_INFINITY;

/** Resolves in a later task: scheduler.yield where there is one (its continuation runs before
 *  other queued work), else a message to ourselves (setTimeout is throttled in hidden tabs). */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Marks the start of a slice of main-thread work (a chart's draw begins one). */
export function startSlice(): void {
  sliceStart = performance.now();
}

/** Installs the yielding `previousPromises` on plotly's internal Plots module (scripts/plotly/core.cjs
 *  exposes it; the public Plotly.Plots is a copy of three of its functions), once. */
export function sliceDrawing(plotly: { fitbenchInternalPlots: unknown }): void {
  const plots = plotly.fitbenchInternalPlots as Plots;
  if (plots.fitbenchSliced) return;
  plots.fitbenchSliced = true;
  const original = plots.previousPromises;
  plots.previousPromises = function (this: unknown, gd: unknown) {
    const pending = original.call(this, gd);
    if (performance.now() - sliceStart < SLICE_MS) return pending;
    return Promise.resolve(pending)
      .then(nextTask)
      .then(startSlice);
  };
}

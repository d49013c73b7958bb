/**
 * plotly.js draws a figure as a sequence of steps (defaults, framework, margins, axes, data, final
 * draw…), and between several of them it calls `Plots.previousPromises(gd)`, which waits for any
 * asynchronous work a step queued (MathJax, images) before the next step. A first draw of the main
 * plot ran all of them in one task of 100–200 ms (bench/firstplot-trace.ts), freezing the page.
 *
 * Wrapping `previousPromises` so that it also yields to the browser once a slice has run for
 * SLICE_MS splits each draw into several tasks at points where plotly already accepts waiting: the
 * page stays responsive while a figure is drawn, and nothing in plotly's order changes. The steps
 * layoutStyles, drawData and finalDraw are wrapped the same way (a yield before them when the
 * slice is spent): plotly calls them only as steps of such sequences (Lib.syncOrAsync, which waits
 * for a step that returns a promise), so axes, data and the final touches are three slices too.
 *
 * Components are the exception: the legend, the colorbar and the titles each run their own
 * sequence, starting with `previousPromises`, and their caller does not wait for it (plotly's
 * drawMarginPushers calls legend.draw and goes on). Yielding there moved the legend's size and
 * its margin push to a later task, after the axes had been drawn with the old margins: plotly's
 * auto-margin redraw then interleaved with the first draw and the data were drawn 40 px off their
 * axis on about half of first draws. Inside a component's draw nothing yields, so a component
 * draws in the task that called it, as unsliced plotly does; so does the redraw that a change of
 * the automatic margins starts.
 */
import { nextTask } from '../common/nextTask';

/** A slice of drawing that has run this long gives the main thread back at plotly's next wait. */
export const SLICE_MS = 12;

type Step = (gd: unknown) => unknown;

interface Plots {
  previousPromises: Step;
  fitbenchSliced?: boolean;
}

/** The draw steps of plotly's plot_api/subroutines that wait for a slice's end before they run. */
const STEPS_AFTER_A_YIELD = ['layoutStyles', 'drawData', 'finalDraw'] as const;

const spent = () => performance.now() - sliceStart >= SLICE_MS;

let sliceStart = Number.NEGATIVE_INFINITY;
/** Depth of component draws under way (nothing yields inside one: see the docblock). */
let inComponent = 0;
const mayYield = () => inComponent === 0 && spent();

/** Marks the start of a slice of main-thread work (a chart's draw begins one). */
export function startSlice(): void {
  sliceStart = performance.now();
}

/**
 * A performance mark that names the work of the task it falls in (e2e/firstplot.spec.ts and
 * bench/firstplot-trace.ts read them). Only the newest of each name is kept in the timeline, so
 * marks made on every redraw do not pile up; observers see them all.
 */
export function markWork(name: string): void {
  performance.clearMarks(name);
  performance.mark(name);
}

function resumed(): void {
  startSlice();
  markWork('plotly.draw resumed');
}

type Internal = { plots: unknown; subroutines: unknown; axes?: unknown; registry?: unknown; titles?: unknown };

/** Makes `host[name]` run with yields held off: plotly does not wait for what it starts. */
function drawsInline(host: Record<string, unknown>, name: string): void {
  const draw = host[name];
  if (typeof draw !== 'function') return;
  host[name] = function (this: unknown, ...args: unknown[]) {
    inComponent++;
    try {
      return draw.apply(this, args);
    } finally {
      inComponent--;
    }
  };
}

/**
 * Makes `host[name]` wait for the next task first when the slice is spent, and mark its work.
 * Only for functions plotly calls as steps of a Lib.syncOrAsync sequence (which waits for a step
 * that returns a promise), so that deferring one delays the steps after it and nothing else.
 */
function yieldBefore(host: Record<string, unknown>, name: string): void {
  const step = host[name];
  if (typeof step !== 'function') return;
  host[name] = function (this: unknown, ...args: unknown[]) {
    if (!mayYield()) {
      markWork(`plotly.${name}`);
      return step.apply(this, args);
    }
    return nextTask().then(() => {
      resumed();
      markWork(`plotly.${name}`);
      return step.apply(this, args);
    });
  };
}

/** Installs the yielding `previousPromises` and steps on plotly's internal modules
 *  (scripts/plotly/core.cjs exposes them; the public Plotly.Plots is a copy of three functions), once. */
export function sliceDrawing(plotly: { fitbenchInternal: Internal }): void {
  const plots = plotly.fitbenchInternal.plots as Plots;
  if (plots.fitbenchSliced) return;
  plots.fitbenchSliced = true;
  const original = plots.previousPromises;
  plots.previousPromises = function (this: unknown, gd: unknown) {
    const pending = original.call(this, gd);
    if (!mayYield()) return pending;
    return Promise.resolve(pending).then(nextTask).then(resumed);
  };
  const steps = plotly.fitbenchInternal.subroutines as Record<string, unknown>;
  for (const name of STEPS_AFTER_A_YIELD) yieldBefore(steps, name);
  // Each axis's tick labels (drawn, measured and checked for overlaps: the heaviest part of
  // drawing the axes) are a step of the axis's own sequence in plotly's cartesian axes.drawOne,
  // and of the colorbar's; a slice each.
  const axes = plotly.fitbenchInternal.axes as Record<string, unknown> | undefined;
  if (axes) yieldBefore(axes, 'drawLabels');
  // Components draw inline (plotly's Registry.getComponentMethod reads `draw` at each call).
  const registry = plotly.fitbenchInternal.registry as { componentsRegistry?: Record<string, Record<string, unknown>> } | undefined;
  for (const component of Object.values(registry?.componentsRegistry ?? {})) drawsInline(component, 'draw');
  drawsInline(steps, 'drawMainTitle');
  // Titles (plotly's components/titles, not in the registry) draw and then move themselves clear
  // of the margins in a sequence their draw does not return: yielding there moved an axis title
  // after a figure had been purged ('_reservedMargin' of undefined, the warm-up's box).
  const titles = plotly.fitbenchInternal.titles as Record<string, unknown> | undefined;
  if (titles) drawsInline(titles, 'draw');
  // A margin push outside a draw (plots.autoMargin, e.g. an axis's tick labels after plotly's
  // first render is marked complete) redraws the whole figure through doAutoMargin →
  // Registry.call('_doPlot'), and autoMargin drops that promise: inline, the redraw ends before its
  // caller goes on, and a figure purged once its draw resolved (the page's off-screen warm-up) is
  // not drawn into afterwards. The doAutoMargin step at the end of a draw is awaited by plotly
  // and stays sliced (inline, that redraw was one task of 52–66 ms).
  drawsInline(plots as unknown as Record<string, unknown>, 'autoMargin');
}

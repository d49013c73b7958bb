import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLICE_MS, sliceDrawing, startSlice } from './plotlySlices';

/** A stand-in for plotly's internal Plots: previousPromises as plotly's (undefined when nothing waits). */
function fakePlotly() {
  const calls: unknown[] = [];
  const plots = {
    previousPromises(gd: unknown): unknown {
      calls.push(gd);
      return undefined;
    },
    // A margin push outside a draw redraws the figure, whose first step waits, and drops the
    // promise (plots.autoMargin → doAutoMargin → _doPlot).
    autoMargin(gd: unknown): unknown {
      void plots.previousPromises(gd);
      return undefined;
    },
  };
  const drawn: unknown[] = [];
  const subroutines = {
    drawData(gd: unknown): unknown {
      drawn.push(gd);
      return 'drawn';
    },
  };
  // A component whose draw starts a sequence its caller does not wait for, as plotly's legend does.
  const legend = {
    draw(gd: unknown): unknown {
      return plots.previousPromises(gd);
    },
  };
  const registry = { componentsRegistry: { legend } };
  return { plotly: { fitbenchInternal: { plots, subroutines, registry } }, plots, calls, subroutines, drawn, legend };
}

afterEach(() => vi.restoreAllMocks());

describe('sliceDrawing', () => {
  it('lets a slice under SLICE_MS run on synchronously', () => {
    const { plotly, plots, calls } = fakePlotly();
    sliceDrawing(plotly);
    startSlice();
    expect(plots.previousPromises('gd')).toBeUndefined();
    expect(calls).toEqual(['gd']);
  });

  it('gives the main thread back (a later task, not a microtask) once a slice ran SLICE_MS', async () => {
    const { plotly, plots, calls } = fakePlotly();
    sliceDrawing(plotly);
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    startSlice();
    now += SLICE_MS + 1;
    const wait = plots.previousPromises('gd') as Promise<void>;
    expect(calls).toEqual(['gd']);
    expect(wait).toBeInstanceOf(Promise);
    let resumed = false;
    void wait.then(() => (resumed = true));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(resumed).toBe(false);
    await wait;
    expect(resumed).toBe(true);
    // The resumed slice starts afresh: the next wait within SLICE_MS runs on.
    expect(plots.previousPromises('gd')).toBeUndefined();
  });

  it('runs a draw step at once within a slice, and after a yield once the slice is spent', async () => {
    const { plotly, subroutines, drawn } = fakePlotly();
    sliceDrawing(plotly);
    let now = 5000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    startSlice();
    expect(subroutines.drawData('a')).toBe('drawn');
    now += SLICE_MS;
    const later = subroutines.drawData('b') as Promise<unknown>;
    expect(drawn).toEqual(['a']);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe('drawn');
    expect(drawn).toEqual(['a', 'b']);
  });

  it('never yields inside a component draw or a margin push outside a draw, whose callers go on without waiting', () => {
    const { plotly, plots, legend, calls } = fakePlotly();
    sliceDrawing(plotly);
    let now = 9000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    startSlice();
    now += SLICE_MS + 1;
    // The same spent slice: the legend's wait runs on in this task, a top-level step's yields.
    expect(legend.draw('gd')).toBeUndefined();
    const before = calls.length;
    plots.autoMargin('gd');
    expect(calls.length).toBe(before + 1);
    // Inline, the redraw's wait ran on: nothing was deferred, so a top-level wait yields as before.
    expect(plots.previousPromises('gd')).toBeInstanceOf(Promise);
    expect(plots.previousPromises('gd')).toBeInstanceOf(Promise);
  });

  it('wraps plotly once, however often it is loaded', () => {
    const { plotly, plots } = fakePlotly();
    sliceDrawing(plotly);
    const wrapped = plots.previousPromises;
    sliceDrawing(plotly);
    expect(plots.previousPromises).toBe(wrapped);
  });
});

/**
 * A plotly.js chart: the library is loaded apart from the page (plotlyLoader.ts; until it is there
 * the box says what is loading), each update goes through Plotly.react (diffing, no re-creation),
 * and the chart follows its box's size.
 */
import { useEffect, useRef, useState } from 'react';
import type { Data, Layout } from 'plotly.js-dist-min';
import { loadPlotly, plotlyFor, type PlotlyStatic } from './plotlyLoader';
import { markWork, startSlice } from './plotlySlices';
import { PLOT_CONFIG as CONFIG } from './theme';

export interface PlotlyChartProps {
  readonly data: Data[];
  readonly layout: Partial<Layout>;
  readonly className?: string;
  readonly testId?: string;
  readonly label: string;
  /** plotly_relayout events (zoom, pan, autoscale, resize). */
  readonly onRelayout?: (event: Readonly<Record<string, unknown>>) => void;
  /** plotly_click: the file lines (customdata) of the points clicked. */
  readonly onPointClick?: (lines: readonly number[]) => void;
  /** plotly_selected (box select): the file lines of the points selected. */
  readonly onPointsSelected?: (lines: readonly number[]) => void;
}

/** The file lines carried as customdata by the points of a plotly click or selection event. */
export function eventLines(event: Readonly<Record<string, unknown>> | undefined): number[] {
  const points = event?.points;
  if (!Array.isArray(points)) return [];
  const lines: number[] = [];
  for (const p of points as { customdata?: unknown }[]) if (typeof p?.customdata === 'number' && Number.isSafeInteger(p.customdata)) lines.push(p.customdata);
  return lines;
}


type Listening = HTMLDivElement & { on?: (event: string, handler: (e: Readonly<Record<string, unknown>>) => void) => void };

export function PlotlyChart({ data, layout, className, testId, label, onRelayout, onPointClick, onPointsSelected }: PlotlyChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [plotly, setPlotly] = useState<PlotlyStatic | null>(null);
  // The newest handler, read by the one listener attached after the first draw.
  const relayout = useRef(onRelayout);
  relayout.current = onRelayout;
  const click = useRef(onPointClick);
  click.current = onPointClick;
  const selected = useRef(onPointsSelected);
  selected.current = onPointsSelected;
  const listening = useRef(false);

  // What the box waits for before its first drawing (null once drawn).
  const [waiting, setWaiting] = useState<string | null>('Loading the plotting library (plotly.js)…');

  useEffect(() => {
    let live = true;
    void loadPlotly().then((p) => live && setPlotly(p));
    return () => {
      live = false;
    };
  }, []);

  // plotly draws in several tasks (plotlySlices.ts), so one draw may still be running when the
  // next figure comes: draws, resizes and the purge go one after another through this chain, and
  // a figure superseded while it waited is never drawn.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const wanted = useRef(0);

  useEffect(() => {
    const el = ref.current;
    if (!el || !plotly) return;
    const request = ++wanted.current;
    const needed = plotlyFor(data);
    if (!needed.ready) setWaiting((w) => w && 'Loading the WebGL scatter for the large series…');
    queue.current = queue.current.then(async () => {
      const p = await needed.load();
      if (request !== wanted.current) return;
      // Named in performance traces (bench/firstplot-trace.ts says which chart a long task drew).
      markWork(`plotly.react ${testId ?? label}`);
      startSlice();
      await p.react(el, data, layout, CONFIG);
      if (request !== wanted.current) return;
      setWaiting(null);
      el.setAttribute('data-rendered', 'true');
      const target = el as Listening;
      if (!listening.current && target.on) {
        listening.current = true;
        target.on('plotly_relayout', (e) => relayout.current?.(e));
        target.on('plotly_click', (e) => click.current?.(eventLines(e)));
        target.on('plotly_selected', (e) => selected.current?.(eventLines(e)));
      }
    }).catch((e: unknown) => console.error(`Drawing ${label}:`, e));
  }, [plotly, data, layout]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !plotly) return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        queue.current = queue.current.then(() => plotly.Plots.resize(el)).catch(() => undefined);
      });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      // After any draw still running: purging under it would leave it drawing into nothing.
      wanted.current++;
      queue.current = queue.current.then(() => plotly.purge(el)).catch(() => undefined);
      listening.current = false;
    };
  }, [plotly]);

  return (
    <div ref={ref} className={className} data-testid={testId} role="figure" aria-label={label} aria-busy={waiting !== null}>
      {waiting !== null && (
        <p className="plot-loading" data-testid={testId ? `${testId}-loading` : undefined} role="status">
          {waiting}
        </p>
      )}
    </div>
  );
}

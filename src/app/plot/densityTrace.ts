/**
 * The density of a large series as a plotly heatmap: cells with no point are left empty (null, not
 * drawn), the others shaded from light to dark on a log scale of their count, so a lone outlier
 * still shows while the thick of the data reads darkest. The curve is drawn on top of it.
 */
import type { Data } from 'plotly.js-dist-min';
import type { Density } from '../../worker/api';
import { arr } from './traceParts';

/** The shade of a cell at t in [0, 1] of log(count)/log(max): slate, from faint to nearly opaque. */
function shade(t: number): string {
  return `rgba(51, 65, 85, ${(0.18 + 0.72 * t).toFixed(3)})`;
}

/** Colour stops at counts 1, 2, 4, … max (plotly scales z linearly from zmin 0 to zmax). */
export function densityScale(max: number): [number, string][] {
  if (!(max > 1)) return [[0, shade(1)], [1, shade(1)]];
  const stops: [number, string][] = [[0, shade(0)]];
  for (let c = 1; c < max; c *= 2) stops.push([c / max, shade(Math.log(c) / Math.log(max))]);
  stops.push([1, shade(1)]);
  return stops;
}

/** Whether a density (perhaps read back from a saved session) has the sizes its meaning needs. */
export function usableDensity(d: Density | null | undefined): d is Density {
  if (!d) return false;
  const nx = d.xEdges?.length - 1;
  const ny = d.yEdges?.length - 1;
  return nx >= 1 && ny >= 1 && d.counts?.length === nx * ny;
}

/**
 * The trace of each density object, made once: the figure is rebuilt on every curve update of a
 * fit, and the same trace (the same z arrays) lets Plotly.react see the data's heatmap unchanged
 * instead of recomputing tens of thousands of cells each time.
 */
const made = new WeakMap<Density, Map<string, Data>>();

export function densityTrace(d: Density, name: string, xLabel: string, yLabel: string, yaxis: 'y' | 'y2'): Data {
  const key = `${name}\u0000${xLabel}\u0000${yLabel}\u0000${yaxis}`;
  const known = made.get(d)?.get(key);
  if (known) return known;
  const trace = makeDensityTrace(d, name, xLabel, yLabel, yaxis);
  if (!made.has(d)) made.set(d, new Map());
  made.get(d)!.set(key, trace);
  return trace;
}

function makeDensityTrace(d: Density, name: string, xLabel: string, yLabel: string, yaxis: 'y' | 'y2'): Data {
  const nx = d.xEdges.length - 1;
  const ny = d.yEdges.length - 1;
  const z: (number | null)[][] = [];
  for (let j = 0; j < ny; j++) {
    const row: (number | null)[] = new Array(nx);
    for (let i = 0; i < nx; i++) {
      const c = d.counts[j * nx + i];
      row[i] = c > 0 ? c : null;
    }
    z.push(row);
  }
  return {
    type: 'heatmap',
    name,
    x: arr(d.xEdges),
    y: arr(d.yEdges),
    z,
    zmin: 0,
    zmax: Math.max(1, d.max),
    colorscale: densityScale(d.max),
    showscale: false,
    hoverongaps: false,
    hovertemplate: `${xLabel} ≈ %{x}<br>${yLabel} ≈ %{y}<br>%{z} points<extra></extra>`,
    xaxis: 'x',
    yaxis,
  } as Data;
}

/** Indices of the points outside the density's x extent (still drawn as points). */
export function outsideDensity(x: Float64Array, d: Density): number[] {
  // (The edges went through ln and exp on a log axis: allow for their last bits.)
  const slack = 1e-12 * (Math.abs(d.xEdges[0]) + Math.abs(d.xEdges[d.xEdges.length - 1]));
  const lo = d.xEdges[0] - slack;
  const hi = d.xEdges[d.xEdges.length - 1] + slack;
  const out: number[] = [];
  for (let i = 0; i < x.length; i++) if (!(x[i] >= lo && x[i] <= hi)) out.push(i);
  return out;
}

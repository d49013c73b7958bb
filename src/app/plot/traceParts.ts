/** Pieces of the main figure: typed arrays to plain ones, band pairs, marker kinds and sizes. */
import type { Data } from 'plotly.js-dist-min';
import type { BandPair } from '../../worker/api';

export const arr = (a: Float64Array | Int32Array): number[] => Array.from(a);

/**
 * Values as plotly draws them: ±Infinity and NaN as gaps (null). Plotly takes ±Infinity for a
 * number and writes NaN into the SVG path ("Expected number, …L51.87,NaN": issue 27, a start
 * curve exp(t/tau) that overflows at the end of the range).
 */
export const finiteOrGap = (a: Float64Array): (number | null)[] => Array.from(a, (v) => (Number.isFinite(v) ? v : null));

export function band(b: BandPair, x: Float64Array, name: string, fill: string, legend: boolean): Data[] {
  const common = { x: arr(x), mode: 'lines', line: { width: 0 }, hoverinfo: 'skip', xaxis: 'x', yaxis: 'y', legendgroup: name };
  return [
    { ...common, y: finiteOrGap(b.lower), showlegend: false, name },
    { ...common, y: finiteOrGap(b.upper), fill: 'tonexty', fillcolor: fill, name, showlegend: legend, type: 'scatter' },
  ];
}

/** Above this many points markers are drawn with WebGL (scattergl) instead of SVG, when it is there. */
export const GL_POINTS = 1500;

let webgl: boolean | null = null;
function hasWebGl(): boolean {
  if (webgl === null) {
    try {
      webgl = typeof document !== 'undefined' && document.createElement('canvas').getContext('webgl') !== null;
    } catch {
      webgl = false;
    }
  }
  return webgl;
}

export function markerType(n: number): 'scatter' | 'scattergl' {
  return n > GL_POINTS && hasWebGl() ? 'scattergl' : 'scatter';
}

/** How many decades the positive values span. */
export function decades(values: ArrayLike<number>): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!(v > 0) || !Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi > lo ? Math.log10(hi / lo) : 0;
}

export function markerSize(n: number): number {
  return n > 2000 ? 3 : n > 300 ? 4.5 : 6;
}


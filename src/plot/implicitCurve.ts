/**
 * An implicit model's curve (issue 24): the zero set of g(x, y; β) over the data's box, drawn as
 * the zero contour of g sampled on a grid (contour.ts), and each point's residual as its
 * first-order (Sampson) distance to the curve, dᵢ = gᵢ/‖∇ₓg‖ (Sampson 1982, "Fitting conic
 * sections to 'very scattered' data"), against the plotted x. χ² is Σ gᵢ²/cᵢ with
 * cᵢ = Σᵥ (σᵢᵥ ∂g/∂v)², the orthogonal distances in σ units that the fit (fit/odr/implicit.ts)
 * minimises, to first order. Pure: the worker gives it the selection and the σ of each column.
 */
import type { FitData } from '../data/selectColumns';
import type { CompiledModel } from '../model/index';
import { zeroContour } from './contour';
import { buildSeries } from './series';
import type { Curve, PlotRequest } from './shapes';

/** Grid points per side: the curve's chords are then ~1/150 of the box, finer than a pixel's error. */
const SIDE = 150;
/** The box around the data, widened by this fraction of its span on each side. */
const PAD = 0.15;

/** The columns of the equation's variables, in the model's order (x columns of the selection, then y). */
export function equationColumns(model: CompiledModel, data: FitData): Float64Array[] {
  return model.variables.map((name) => (name === data.names.y ? data.y : data.vars[data.names.x.indexOf(name)] ?? new Float64Array(data.rows)));
}

function span(v: Float64Array): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const a of v) {
    if (!Number.isFinite(a)) continue;
    if (a < lo) lo = a;
    if (a > hi) hi = a;
  }
  if (!(hi >= lo)) return [-1, 1];
  const pad = hi > lo ? PAD * (hi - lo) : Math.max(1, Math.abs(lo)) * PAD;
  return [lo - pad, hi + pad];
}

const linspace = ([lo, hi]: [number, number], n: number) => Float64Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));

/**
 * `sigma(v)`: the σ of the model's variable v per kept row (null: 1). The contour is drawn when the
 * equation's two columns are the plotted x and y; with other columns it has no curve in this plane.
 */
export function implicitCurve(model: CompiledModel, data: FitData, sigma: (v: number) => Float64Array | null, params: Float64Array, plot: PlotRequest): Curve {
  const n = data.rows;
  const columns = equationColumns(model, data);
  const l = model.variables.length;
  const kernels = model.kernels([], model.variables.map((_, v) => v));
  const g = new Float64Array(n);
  const J = new Float64Array(n * l);
  kernels.residualsJacobian(params, { vars: columns, y: new Float64Array(n), w: null }, g, J, 0, n);
  const distance = new Float64Array(n);
  let chi2 = 0;
  let nonFinite = 0;
  const sigmas = model.variables.map((_, v) => sigma(v));
  for (let i = 0; i < n; i++) {
    let grad = 0;
    let c = 0;
    for (let v = 0; v < l; v++) {
      const d = J[i * l + v];
      const s = sigmas[v]?.[i] ?? 1;
      grad += d * d;
      c += d * d * s * s;
    }
    distance[i] = g[i] / Math.sqrt(grad);
    if (!Number.isFinite(distance[i])) nonFinite++;
    chi2 += (g[i] * g[i]) / c;
  }
  const xName = data.names.x[Math.min(Math.max(0, plot.plotVar), data.names.x.length - 1)];
  const xi = model.variables.indexOf(xName);
  const yi = model.variables.indexOf(data.names.y);
  let x: Float64Array = new Float64Array(0);
  let y: Float64Array = new Float64Array(0);
  if (l === 2 && xi >= 0 && yi >= 0) {
    const xs = linspace(span(columns[xi]), SIDE);
    const ys = linspace(span(columns[yi]), SIDE);
    const gx = new Float64Array(SIDE * SIDE);
    const gy = new Float64Array(SIDE * SIDE);
    for (let j = 0; j < SIDE; j++) {
      for (let i = 0; i < SIDE; i++) {
        gx[j * SIDE + i] = xs[i];
        gy[j * SIDE + i] = ys[j];
      }
    }
    const grid = new Float64Array(SIDE * SIDE);
    model.kernels().evaluate(params, xi === 0 ? [gx, gy] : [gy, gx], grid, 0, grid.length);
    const contour = zeroContour(xs, ys, grid);
    x = contour.x;
    y = contour.y;
  }
  return { kind: 'grid', x, y, residuals: buildSeries(data, distance, plot), chi2: nonFinite ? NaN : chi2, nonFinite, confidence: null, prediction: null, implicit: true };
}

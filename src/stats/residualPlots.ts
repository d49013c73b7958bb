/**
 * The data of the residual plots a fit report shows: a normal Q-Q plot of the standardized
 * residuals (R's qqnorm on residuals/σ̂, as plot.nls standardizes them) and their histogram with
 * the standard normal density it should follow. Large fits are thinned to evenly spaced ranks
 * (the extremes kept), so the page and the report draw at most a few thousand points.
 */
import { normalQuantile, plottingPosition } from './normalQuantile';

/** Standardized residual rᵢ = wᵢ(yᵢ − fᵢ)/s, s = √(χ²/(n − k)) (1 with absolute σ). */
export interface ResidualPlotInput {
  readonly y: Float64Array;
  readonly f: Float64Array;
  readonly w: Float64Array | null;
  /** The residuals' scale s; NaN or ≤ 0 leaves them unscaled. */
  readonly scale: number;
  /** At most this many Q-Q points (default 2000). */
  readonly maxPoints?: number;
}

export interface QqPlot {
  /** Normal quantiles Φ⁻¹(ppoints) and the sorted standardized residuals at them. */
  readonly theoretical: number[];
  readonly sample: number[];
  /** Rows in all (the plot may hold fewer). */
  readonly n: number;
}

export interface Histogram {
  /** Bin edges (bins + 1 of them) and the count in each bin. */
  readonly edges: number[];
  readonly counts: number[];
  /** n·width·φ(centre) per bin: the counts a standard normal would give. */
  readonly expected: number[];
}

export interface ResidualPlots {
  readonly qq: QqPlot;
  readonly histogram: Histogram;
}

export function standardizedResiduals({ y, f, w, scale }: ResidualPlotInput): Float64Array {
  const s = scale > 0 && Number.isFinite(scale) ? scale : 1;
  const r = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) r[i] = ((w ? w[i] : 1) * (y[i] - f[i])) / s;
  return r;
}

/** Q-Q points of the finite values: all of them up to maxPoints, else maxPoints evenly spaced ranks. */
export function qqPlot(values: Float64Array, maxPoints = 2000): QqPlot {
  const sorted = Float64Array.from(values.filter(Number.isFinite)).sort();
  const n = sorted.length;
  const take = Math.min(n, Math.max(2, maxPoints));
  const theoretical: number[] = [];
  const sample: number[] = [];
  for (let j = 0; j < take; j++) {
    const i = take === n ? j : Math.round((j * (n - 1)) / (take - 1));
    theoretical.push(normalQuantile(plottingPosition(i, n)));
    sample.push(sorted[i]);
  }
  return { theoretical, sample, n };
}

const normalPdf = (z: number) => Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);

/** Sturges' bin count (⌈log₂ n⌉ + 1, R's hist default), equal widths over the finite values. */
export function histogram(values: Float64Array): Histogram {
  const v = values.filter(Number.isFinite);
  const n = v.length;
  if (n === 0) return { edges: [], counts: [], expected: [] };
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of v) (lo = Math.min(lo, x)), (hi = Math.max(hi, x));
  if (hi === lo) (lo -= 0.5), (hi += 0.5);
  const bins = Math.ceil(Math.log2(n)) + 1;
  const width = (hi - lo) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? hi : lo + i * width));
  const counts = new Array<number>(bins).fill(0);
  for (const x of v) counts[Math.min(bins - 1, Math.floor((x - lo) / width))]++;
  const expected = counts.map((_, i) => n * width * normalPdf(lo + (i + 0.5) * width));
  return { edges, counts, expected };
}

export function residualPlots(input: ResidualPlotInput): ResidualPlots {
  const r = standardizedResiduals(input);
  return { qq: qqPlot(r, input.maxPoints), histogram: histogram(r) };
}

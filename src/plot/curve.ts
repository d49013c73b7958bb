/**
 * The model over the data at given parameters: on a grid of the plot variable when the model
 * depends on nothing else, at the data points otherwise; plus residuals and χ² at the data.
 * Pure: the bands drawn around a grid curve come from the caller (worker/curve.ts gives the last
 * fit's, which only the worker's session knows).
 */
import type { FitData } from '../data/selectColumns';
import type { FitData as CurveFitData } from '../fit/types';
import type { CompiledModel } from '../model/index';
import { weightSigma, type Weighting } from '../fit/weights';
import { poissonDeviance } from '../fit/poissonMle';
import type { BandPair, Curve, PlotRequest } from './shapes';
import { columnRange, zoomedGrid } from './grid';
import { buildSeries, plotColumn } from './series';
import { gridColumns, heldVariables } from './gridVars';

/** The selected columns in the order of the model's variables. */
export function modelVars(model: CompiledModel, data: FitData): Float64Array[] {
  return model.variables.map((name) => data.vars[data.names.x.indexOf(name)] ?? new Float64Array(data.rows));
}

/** The selection as the solver takes it: the model's variable columns (with their decimal
 *  residuals where the ingest kept them), y, and σ. */
export function modelFitData(model: CompiledModel, data: FitData): CurveFitData {
  return {
    vars: modelVars(model, data),
    varsLo: model.variables.map((name) => data.varsLo[data.names.x.indexOf(name)] ?? null),
    y: data.y,
    yLo: data.yLo,
    sigma: data.sigma,
    // Messages name the file's line (issue 27, item 10), as the CLI's and the bad-cell report do.
    lines: data.lines,
  };
}

/** Grid mode: the model uses no variable but the plotted one, or others that hold one value over
 *  the rows shown (gridVars.ts). */
export function drawsOnGrid(model: CompiledModel, data: FitData, plotVar: number): boolean {
  return heldVariables(model, data, plotVar) !== null;
}

export interface Evaluated {
  curve: Curve;
  /** Model values at the data rows. */
  fitted: Float64Array;
  /** The grid (grid mode) or null. */
  grid: Float64Array | null;
}

/** The selection each weighted copy was made from, and with which weights: the last fit's bands
 *  belong to a redraw of its own selection with its own weights. */
const weightedFrom = new WeakMap<FitData, { readonly base: FitData; readonly weights: Weighting }>();
const weightedCopies = new WeakMap<FitData, Map<Weighting, FitData>>();

/** The rows with the σ that weights from y give them, for the χ² shown with the curve (NaN where
 *  they give none: y = 0 under 1/y, where the fit refuses). A σ column stays as it is. */
export function withWeights(data: FitData, weights: Weighting | undefined): FitData {
  if (!weights || weights === 'sigma' || data.sigma) return data;
  // One copy per selection and weighting: a redraw at the fitted values then finds the same σ
  // array, whose σ(x) profile for the prediction band is cached (bands.ts).
  const known = weightedCopies.get(data)?.get(weights);
  if (known) return known;
  let weighted: FitData;
  try {
    weighted = { ...data, sigma: weightSigma(weights, data) };
  } catch {
    weighted = { ...data, sigma: new Float64Array(data.rows).fill(NaN) };
  }
  weightedFrom.set(weighted, { base: data, weights });
  weightedCopies.set(data, (weightedCopies.get(data) ?? new Map()).set(weights, weighted));
  return weighted;
}

/** The selection and weights a weighted copy was made from (undefined: `data` is no copy). */
export function weightedOrigin(data: FitData): { readonly base: FitData; readonly weights: Weighting } | undefined {
  return weightedFrom.get(data);
}

/** The curve with the Poisson deviance at its values, when that is the objective. */
export function withDeviance(drawn: Evaluated, y: Float64Array, objective: 'least-squares' | 'poisson' | undefined): Curve {
  return objective === 'poisson' ? { ...drawn.curve, deviance: poissonDeviance(y, drawn.fitted) } : drawn.curve;
}

/** The bands around a grid curve: at the grid, its model columns, and the plotted data column. */
export type BandsAt = (grid: Float64Array, columns: Float64Array[], x: Float64Array) => { confidence: BandPair | null; prediction: BandPair | null };

export function drawCurve(model: CompiledModel, data: FitData, params: Float64Array, plot: PlotRequest, bandsAt: BandsAt): Evaluated {
  const kernels = model.kernels();
  const vars = modelVars(model, data);
  const fitted = new Float64Array(data.rows);
  kernels.evaluate(params, vars, fitted, 0, data.rows);
  const residuals = new Float64Array(data.rows);
  let chi2 = 0;
  let nonFinite = 0;
  for (let i = 0; i < data.rows; i++) {
    const r = data.y[i] - fitted[i];
    residuals[i] = r;
    if (!Number.isFinite(r)) nonFinite++;
    const wr = data.sigma ? r / data.sigma[i] : r;
    chi2 += wr * wr;
  }
  const residualSeries = buildSeries(data, residuals, plot);
  const held = heldVariables(model, data, plot.plotVar);
  if (held) {
    const { min, max } = columnRange(plotColumn(data, plot.plotVar), plot.logX);
    const grid = zoomedGrid(min, max, plot.xRange, plot.logX);
    const y = new Float64Array(grid.length);
    const columns = gridColumns(held, grid);
    kernels.evaluate(params, columns, y, 0, grid.length);
    const bands = bandsAt(grid, columns, plotColumn(data, plot.plotVar));
    return { curve: { kind: 'grid', x: grid, y, residuals: residualSeries, chi2: nonFinite ? NaN : chi2, nonFinite, ...bands }, fitted, grid };
  }
  const points = buildSeries(data, fitted, plot);
  return {
    curve: { kind: 'points', x: points.x, y: points.y, residuals: residualSeries, chi2: nonFinite ? NaN : chi2, nonFinite, confidence: null, prediction: null },
    fitted,
    grid: null,
  };
}

/**
 * The data side of a fit report, computed where the data are (the CLI, or the page's worker) from
 * the model, the fitted rows and the result: a summary of each column, the points and the fitted
 * curve to draw (thinned to evenly spaced rows for large data), the residuals, and the residual
 * plots (Q-Q, histogram) of src/stats/residualPlots.ts. Plain data, so it crosses the worker
 * boundary as it is and the HTML is written from it on either side (html.ts).
 *
 * An errors-in-variables fit (issue 24) gives its fitted values f(xᵢ + δᵢ; β) (so that the
 * residuals are ODRPACK's ε, at the fitted x), and its σ of the plotted x: the points carry both
 * σ as error bars.
 */
import type { CompiledModel } from '../../model/index';
import { finalResiduals } from '../../fit/residuals';
import type { FitData, FitResult } from '../../fit/types';
import { residualPlots, standardizedResiduals, type ResidualPlots } from '../../stats/residualPlots';

export interface ColumnSummary {
  readonly name: string;
  readonly role: 'x' | 'y' | 'sigma';
  readonly min: number;
  readonly max: number;
  readonly mean: number;
}

export interface ReportData {
  readonly rows: number;
  readonly columns: ColumnSummary[];
  /** The drawn rows: x (the model's first variable; null without one), y, fitted value, standardized residual. */
  readonly points: { readonly x: number[] | null; readonly y: number[]; readonly fitted: number[]; readonly residual: number[] };
  /** True when points hold fewer rows than the fit used. */
  readonly thinned: boolean;
  readonly xName: string | null;
  readonly yName: string;
  /** The fitted curve on a grid of x (one-variable models), else null (the report plots y against the fit). */
  readonly curve: { readonly x: number[]; readonly y: number[] } | null;
  readonly residualPlots: ResidualPlots;
  /** σ of x and of y at the drawn rows (errors in both variables); absent: no error bars. */
  readonly errors?: { readonly dx: number[] | null; readonly dy: number[] | null };
}

export interface ReportDataInput {
  readonly model: CompiledModel;
  readonly data: FitData;
  readonly result: FitResult;
  readonly yName: string;
  readonly sigmaName?: string | null;
  /** 1/σ per row when the fit was weighted (the result's weighting), else null. */
  readonly w: Float64Array | null;
  /** At most this many drawn rows (default 2000). */
  readonly maxPoints?: number;
  /** Errors in x: the fitted value of each row, f(x + δ; β) (default: f(x; β)). */
  readonly fitted?: Float64Array;
  /** Errors in x: σ of the first variable (null: exact), with its column's name; draws error bars. */
  readonly sigmaX?: { readonly name: string | null; readonly values: Float64Array | null };
}

const CURVE_POINTS = 300;

function summary(name: string, role: ColumnSummary['role'], v: Float64Array): ColumnSummary {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let n = 0;
  for (const x of v) {
    if (!Number.isFinite(x)) continue;
    min = Math.min(min, x);
    max = Math.max(max, x);
    sum += x;
    n++;
  }
  return { name, role, min, max, mean: n ? sum / n : NaN };
}

/** Evenly spaced row indices, all rows up to `max`. */
function thinRows(rows: number, max: number): number[] {
  if (rows <= max) return Array.from({ length: rows }, (_, i) => i);
  return Array.from({ length: max }, (_, j) => Math.round((j * (rows - 1)) / (max - 1)));
}

export function fitReportData({ model, data, result, yName, sigmaName = null, w, maxPoints = 2000, fitted, sigmaX }: ReportDataInput): ReportData {
  const rows = data.y.length;
  const full = Float64Array.from(result.parameters, (p) => p.value);
  const order = model.params.map((name) => result.parameters.findIndex((p) => p.name === name));
  const params = Float64Array.from(order, (i) => full[i]);
  const f = fitted ?? finalResiduals(model, [], data, w, params).values;
  const scale = result.stats.dof > 0 ? Math.sqrt(result.stats.chi2 / result.stats.dof) : NaN;
  const r = standardizedResiduals({ y: data.y, f, w, scale });
  const columns = [
    ...model.variables.map((name, i) => summary(name, 'x', data.vars[i])),
    summary(yName, 'y', data.y),
    ...(data.sigma && sigmaName ? [summary(sigmaName, 'sigma', data.sigma)] : []),
    ...(sigmaX?.values && sigmaX.name ? [summary(sigmaX.name, 'sigma', sigmaX.values)] : []),
  ];
  const picked = thinRows(rows, maxPoints);
  const x0 = model.variables.length > 0 ? data.vars[0] : null;
  let curve: ReportData['curve'] = null;
  if (model.variables.length === 1 && x0) {
    const c = columns[0];
    if (Number.isFinite(c.min) && Number.isFinite(c.max)) {
      const gx = Float64Array.from({ length: CURVE_POINTS }, (_, i) => c.min + ((c.max - c.min) * i) / (CURVE_POINTS - 1));
      const gy = new Float64Array(CURVE_POINTS);
      model.kernels().evaluate(params, [gx], gy, 0, CURVE_POINTS);
      curve = { x: Array.from(gx), y: Array.from(gy) };
    }
  }
  return {
    rows,
    columns,
    points: {
      x: x0 ? picked.map((i) => x0[i]) : null,
      y: picked.map((i) => data.y[i]),
      fitted: picked.map((i) => f[i]),
      residual: picked.map((i) => r[i]),
    },
    thinned: picked.length < rows,
    xName: model.variables[0] ?? null,
    yName,
    curve,
    residualPlots: residualPlots({ y: data.y, f, w, scale, maxPoints }),
    ...(sigmaX ? { errors: { dx: sigmaX.values ? picked.map((i) => sigmaX.values![i]) : null, dy: data.sigma ? picked.map((i) => data.sigma![i]) : null } } : {}),
  };
}

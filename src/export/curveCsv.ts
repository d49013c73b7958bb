/**
 * Curves as CSV: the data columns a fit used, the fit at the data points (x…, y, fit, residual, with residual = y − fit), and
 * the fit on a plot grid with its confidence and prediction bands.
 */
import { columnsToRows, csvTable } from './csvText';

/** One named column. */
export interface NamedColumn {
  readonly name: string;
  readonly values: ArrayLike<number>;
}

export interface BandColumns {
  readonly lower: ArrayLike<number>;
  readonly upper: ArrayLike<number>;
}

/** One x column (named `x`) or several named ones (a model of several variables). */
function xColumns(x: ArrayLike<number> | readonly NamedColumn[]): NamedColumn[] {
  return isNamedList(x) ? [...x] : [{ name: 'x', values: x }];
}

function isNamedList(x: ArrayLike<number> | readonly NamedColumn[]): x is readonly NamedColumn[] {
  return x.length > 0 && typeof x[0] === 'object' && x[0] !== null;
}

/**
 * The fit at the data points: header `x,y,fit,residual` (or the given names for x and y).
 * Throws RangeError when the columns differ in length.
 */
export function curveCsv(
  x: ArrayLike<number> | readonly NamedColumn[],
  yData: ArrayLike<number>,
  yFit: ArrayLike<number>,
  residuals: ArrayLike<number>,
  names: { readonly y?: string } = {},
): string {
  const xs = xColumns(x);
  const header = [...xs.map((c) => c.name), names.y ?? 'y', 'fit', 'residual'];
  return csvTable(header, columnsToRows([...xs.map((c) => c.values), yData, yFit, residuals], 'curveCsv'));
}

/** The data columns themselves (x…, y, sigma as the fit used them), header = their names. */
export function dataCsv(columns: readonly NamedColumn[]): string {
  return csvTable(
    columns.map((c) => c.name),
    columnsToRows(
      columns.map((c) => c.values),
      'dataCsv',
    ),
  );
}

/**
 * The fit on a grid: header `x,fit` followed by `conf_lower,conf_upper` and
 * `pred_lower,pred_upper` for the bands given.
 */
export function gridCurveCsv(
  x: ArrayLike<number> | readonly NamedColumn[],
  yFit: ArrayLike<number>,
  bands: { readonly confidence?: BandColumns | null; readonly prediction?: BandColumns | null } = {},
): string {
  const xs = xColumns(x);
  const header = [...xs.map((c) => c.name), 'fit'];
  const columns = [...xs.map((c) => c.values), yFit];
  if (bands.confidence) {
    header.push('conf_lower', 'conf_upper');
    columns.push(bands.confidence.lower, bands.confidence.upper);
  }
  if (bands.prediction) {
    header.push('pred_lower', 'pred_upper');
    columns.push(bands.prediction.lower, bands.prediction.upper);
  }
  return csvTable(header, columnsToRows(columns, 'gridCurveCsv'));
}

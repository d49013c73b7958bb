/**
 * Why no automatic start gave a finite cost (issue 27, item 11). "Give start values or bounds for
 * the nonlinear parameters" is the advice only when the starts are the cause; two causes in the
 * data are tested first, since no start can mend them:
 *
 *   1. y (weighted, w·y) so large that Σ(w·y)² overflows float64 (|y| ≳ 1e154): every
 *      least-squares cost is infinite. Rescaling y by a power of ten mends it.
 *   2. rows where the model is not finite at every start probed (`a/x + b` at x = 0, log(x) at
 *      x ≤ 0): the first PROBES candidates of the search's own Sobol sequence (the same seed and
 *      boxes), with the linear parameters at 1, over every row. Excluding those rows, or a model
 *      defined there, mends it.
 *
 * Only then is the message about the starts, and about nonlinear parameters only if there are any.
 */
import type { CompiledModel } from '../model/index';
import { FitInputError } from '../fit/parameters';
import { rowName } from '../fit/rowName';
import type { FitData } from '../fit/types';
import { sampleBox, type SearchBox } from './boxes';
import { Sobol } from './sobol';

/** Sobol candidates (after the box centres) the rows are probed at. */
const PROBES = 16;
/** Lines named in the message. */
const LISTED = 10;

export interface NoFiniteStartInput {
  readonly model: CompiledModel;
  readonly data: FitData;
  /** Indices of the searched (nonlinear) and the linear parameters; fixed ones are in `known`. */
  readonly searched: readonly number[];
  readonly linear: readonly number[];
  readonly known: ReadonlyMap<number, number>;
  readonly boxes: readonly SearchBox[];
  readonly lb: Float64Array;
  readonly ub: Float64Array;
  readonly seed: number;
  /** Candidates the search evaluated. */
  readonly evaluated: number;
}

/** The largest |w·y| and its row, and whether Σ(w·y)² overflows. */
function largestWeightedY(data: FitData): { row: number; value: number; overflows: boolean } {
  let sum = 0;
  let row = 0;
  let value = 0;
  for (let i = 0; i < data.y.length; i++) {
    const wy = data.sigma ? data.y[i] / data.sigma[i] : data.y[i];
    sum += wy * wy;
    if (Math.abs(wy) > Math.abs(value)) [row, value] = [i, wy];
  }
  return { row, value, overflows: !Number.isFinite(sum) };
}

/** Rows whose model value is not finite at every probe point, in file order, and the first one's value at the first probe. */
function rowsNeverFinite(input: NoFiniteStartInput): { rows: number[]; value: number } {
  const { model, data, searched, linear, boxes, lb, ub } = input;
  const m = data.y.length;
  const params = new Float64Array(model.params.length);
  for (const [i, v] of input.known) params[i] = v;
  for (const i of linear) params[i] = 1;
  const kernels = model.kernels();
  const out = new Float64Array(m);
  const never = new Uint8Array(m).fill(1);
  const first = new Float64Array(m);
  const d = searched.length;
  const sobol = d === 0 ? null : new Sobol(d, input.seed);
  const u = new Float64Array(d).fill(0.5);
  const probes = d === 0 ? 1 : PROBES + 1;
  for (let probe = 0; probe < probes; probe++) {
    if (probe > 0 && sobol) sobol.next(u);
    searched.forEach((p, j) => (params[p] = Math.min(Math.max(sampleBox(boxes[j], u[j]), lb[p]), ub[p])));
    kernels.evaluate(params, data.vars, out, 0, m);
    for (let i = 0; i < m; i++) {
      if (Number.isFinite(out[i])) never[i] = 0;
      else if (probe === 0) first[i] = out[i];
    }
  }
  const rows: number[] = [];
  for (let i = 0; i < m; i++) if (never[i]) rows.push(i);
  return { rows, value: rows.length > 0 ? first[rows[0]] : NaN };
}

const power10 = (v: number): string => `1e${Math.floor(Math.log10(Math.abs(v)))}`;

/** The error to throw when no candidate of the search gave a finite cost. */
export function noFiniteStartError(input: NoFiniteStartInput): FitInputError {
  const { model, data, searched } = input;
  const names = model.params;
  const big = largestWeightedY(data);
  if (big.overflows) {
    const what = data.sigma ? 'y/σ' : 'y';
    return new FitInputError(
      'nonfinite-data',
      `The data are too large for least squares: ${what} reaches ${big.value} at ${rowName(data.lines, big.row)}, and the sum of squares Σ${data.sigma ? '(y/σ)' : 'y'}² overflows float64 (its largest number is 1.8e308; |${what}| must stay below about 1e154), so no start can give a finite cost. Rescale y${data.sigma ? ' and σ' : ''} (divide by ${power10(big.value)}, say) and read the fitted parameters in the new units.`,
    );
  }
  const never = rowsNeverFinite(input);
  const tried = `${input.evaluated} start${input.evaluated === 1 ? '' : 's'} tried${searched.length > 0 ? ` over ${searched.map((i) => names[i]).join(', ')}` : ''}`;
  if (never.rows.length > 0) {
    const first = never.rows[0];
    const cells = model.variables.map((name, c) => `${name} = ${data.vars[c][first]}`).join(', ');
    const lines = data.lines ? never.rows.slice(0, LISTED).map((i) => data.lines![i]) : null;
    const listed = never.rows.slice(0, LISTED).map((i) => rowName(data.lines, i));
    const more = never.rows.length > LISTED ? ` and ${never.rows.length - LISTED} more` : '';
    const kind = Number.isNaN(never.value) ? 'undefined (the log or sqrt of a negative number, 0/0, …)' : 'infinite (a division by zero, a negative power of 0, log(0), …)';
    const exclude = lines && never.rows.length <= LISTED ? ` (in the CLI, --exclude-rows ${lines.join(',')})` : '';
    return new FitInputError(
      'model-undefined-on-data',
      `No automatic start gave finite model values (${tried}): the model is ${kind} at ${listed.join(', ')}${more} (${cells}${never.rows.length > 1 ? ' on the first' : ''}) at every start tried, so the cause is in the data there, not in the start values. Exclude ${never.rows.length === 1 ? 'that row' : 'those rows'}${exclude}, or change the model so that it is defined there.`,
    );
  }
  if (searched.length === 0) {
    return new FitInputError('no-finite-start', `The linear least-squares solve for ${names.join(', ')} gave no finite cost (${tried}): look for very large or very small values in the data, or give start values to see which row fails.`);
  }
  return new FitInputError('no-finite-start', `No automatic start gave finite model values (${tried}). Give start values or bounds for the nonlinear parameters.`);
}

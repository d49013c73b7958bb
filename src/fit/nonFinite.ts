/**
 * Why a fit cannot start: the first row where the residual or the Jacobian is not finite at the
 * start values, with the row's values and the cause in words, and what to do about it. The solver
 * only sees sums (a cost, JᵀJ, Jᵀf); this pass goes back to the rows, once, after the solver has
 * refused a start, so a good fit pays nothing for it.
 *
 * Causes, in the order they are tested: y or σ itself (σ so small that the weight 1/σ overflows),
 * the model value (infinite: a division by zero, a negative power of 0, log(0), an exp that
 * overflows; undefined: log or sqrt of a negative number, asin outside [−1, 1], 0/0), the residual
 * w·(f − y) overflowing, and last a derivative that is not finite where the value is (√ or a
 * power at 0): only that one names a parameter, because only there can its start value help.
 *
 * With every residual and derivative finite the cost ½Σρ(fᵢ) can still overflow (issue 27, item
 * 11): a residual whose square does (data near 1e300), a robust loss whose f_scale is so small that
 * (f/f_scale)² overflows or f_scale² underflows to 0 (--f-scale 1e-300), or a sum of finite terms.
 * Those are said too, with the fix (rescale y, an f_scale near the noise), not "other start values".
 */
import type { CompiledModel } from '../model/index';
import { sliceData, type BoundModel } from './cpuEvaluator';
import { rho } from '../solver/loss';
import { FitInputError } from './parameters';
import { rowName } from './rowName';

const BLOCK = 256;

export interface NonFiniteInput {
  readonly model: CompiledModel;
  readonly bound: BoundModel;
  /** Data σ per row, or null (the weights are bound.data.w = 1/σ). */
  readonly sigma: Float64Array | null;
  /** The full parameter vector at which the solver refused to start. */
  readonly params: Float64Array;
  /** Each row's line in the file (FitData.lines), so that the message names the line to exclude. */
  readonly lines?: ArrayLike<number> | null;
}

const show = (v: number) => String(v);

function rowValues(input: NonFiniteInput, i: number): string {
  const { model, bound, sigma } = input;
  const cells = model.variables.map((name, c) => `${name} = ${show(bound.data.vars[c][i])}`);
  cells.push(`y = ${show(bound.data.y[i])}`);
  if (sigma) cells.push(`σ = ${show(sigma[i])}`);
  return `${rowName(input.lines, i)} (${cells.join(', ')})`;
}

function startValues(input: NonFiniteInput): string {
  return input.bound.free.map((idx) => `${input.model.params[idx]} = ${show(input.params[idx])}`).join(', ');
}

function residualCause(input: NonFiniteInput, i: number, value: number): string {
  const { bound, sigma } = input;
  const w = bound.data.w ? bound.data.w[i] : 1;
  if (!Number.isFinite(bound.data.y[i])) return 'its y is not a finite number. Exclude the row or correct its value.';
  if (!Number.isFinite(w) || (sigma && !(sigma[i] > 0))) {
    return `its σ is so small that the weight 1/σ overflows. Exclude the row or correct its σ.`;
  }
  const change = 'Exclude the row, or change the model so that it is defined on every row';
  if (Number.isNaN(value)) {
    return `the model is undefined there (the log or sqrt of a negative number, asin or acos outside [−1, 1], a negative number to a fractional power, or 0/0) at the start values (${startValues(input)}). ${change}; other start values help only if the trouble comes from them.`;
  }
  if (!Number.isFinite(value)) {
    return `the model is infinite there (a division by zero, a negative power of 0, log(0), or an exp that overflows) at the start values (${startValues(input)}). ${change}; if an exp overflows, choose start values that keep it finite.`;
  }
  return `the model is ${show(value)} there and the weighted residual w·(model − y) overflows. Exclude the row, rescale y and σ, or choose start values closer to the data.`;
}

/** Above this |w·y| the data themselves square out of float64's range (√1.8e308 ≈ 1.3e154). */
const SQUARE_MAX = Math.sqrt(Number.MAX_VALUE);

/** The median |fᵢ| over at most ~1000 rows spread through the data: a typical residual size. */
function typicalResidual(input: NonFiniteInput): number {
  const { bound, params } = input;
  const step = Math.max(1, Math.floor(bound.rows / 1000));
  const sizes: number[] = [];
  const one = new Float64Array(1);
  for (let i = 0; i < bound.rows; i += step) {
    bound.kernels.residuals(params, sliceData(bound.data, i, i + 1), one, 0, 1);
    sizes.push(Math.abs(one[0]));
  }
  sizes.sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? NaN;
}

/** Why the term ρ(fᵢ) of row i is not finite although fᵢ is. */
function termCause(input: NonFiniteInput, i: number, f: number): FitInputError {
  const { bound } = input;
  const { name, fScale } = bound.loss;
  if (name !== 'linear' && Number.isFinite(f * f)) {
    const c2 = fScale * fScale;
    const why = c2 === 0 ? `f_scale² underflows to 0` : !Number.isFinite(c2) ? `f_scale² overflows` : `(residual/f_scale)² overflows float64`;
    const size = c2 === 0 || Number.isFinite(c2) ? 'small' : 'large';
    return new FitInputError(
      'nonfinite-f-scale',
      `The ${name} loss is not finite at ${rowValues(input, i)}: f_scale = ${show(fScale)} is so ${size} that ${why} (the residual there is ${show(f)}). f_scale is the residual size from which the loss turns robust: choose it near the noise level of y (the residuals at the start values are around ${show(Number(typicalResidual(input).toPrecision(2)))}); other start values do not help.`,
    );
  }
  const wy = Math.abs(bound.data.y[i] * (bound.data.w ? bound.data.w[i] : 1));
  if (wy >= SQUARE_MAX) {
    return new FitInputError(
      'nonfinite-data',
      `The residual of ${rowValues(input, i)} is ${show(f)}, whose square overflows float64 (its largest number is 1.8e308), so the cost is infinite: the data are too large for least squares (|y| must stay below about 1e154). Rescale y${input.sigma ? ' and σ' : ''} (divide by 1e${Math.floor(Math.log10(wy))}, say) and read the fitted parameters in the new units.`,
    );
  }
  return new FitInputError(
    'nonfinite-residual',
    `The residual of ${rowValues(input, i)} is ${show(f)} at the start values (${startValues(input)}), whose square overflows float64 (its largest number is 1.8e308): the model is far from the data there. Choose start values closer to the data.`,
  );
}

/**
 * Every residual finite, yet the cost ½Σρ(fᵢ) not: the row whose term is not finite, or the
 * sum of finite terms that overflows; null when the cost is finite in float64.
 */
function costCause(input: NonFiniteInput): FitInputError | null {
  const { bound, params } = input;
  const f = new Float64Array(BLOCK);
  const term = new Float64Array(3);
  let sum = 0;
  let largest = 0;
  let at = 0;
  for (let start = 0; start < bound.rows; start += BLOCK) {
    const rows = Math.min(BLOCK, bound.rows - start);
    bound.kernels.residuals(params, sliceData(bound.data, start, start + rows), f, 0, rows);
    for (let r = 0; r < rows; r++) {
      rho(bound.loss, f[r], term);
      if (!Number.isFinite(term[0])) return termCause(input, start + r, f[r]);
      sum += term[0];
      if (Math.abs(f[r]) > largest) [largest, at] = [Math.abs(f[r]), start + r];
    }
  }
  if (Number.isFinite(sum)) return null;
  return new FitInputError(
    'nonfinite-data',
    `The sum of the squared residuals overflows float64 (its largest number is 1.8e308) although each is finite: the residuals reach ${show(largest)} at ${rowValues(input, at)}. Rescale y${input.sigma ? ' and σ' : ''} (divide by a power of ten) and read the fitted parameters in the new units, or choose start values closer to the data.`,
  );
}

/** The first non-finite row as a FitInputError that says where, why and what to do; null if every row is finite. */
export function diagnoseNonFinite(input: NonFiniteInput): FitInputError | null {
  const { model, bound, params } = input;
  const m = bound.rows;
  const k = bound.free.length;
  const f = new Float64Array(BLOCK);
  const J = new Float64Array(BLOCK * k);
  const values = new Float64Array(BLOCK);
  for (let start = 0; start < m; start += BLOCK) {
    const rows = Math.min(BLOCK, m - start);
    const block = sliceData(bound.data, start, start + rows);
    bound.kernels.residualsJacobian(params, block, f, J, 0, rows);
    for (let r = 0; r < rows; r++) {
      const i = start + r;
      if (!Number.isFinite(f[r])) {
        bound.kernels.evaluate(params, block.vars, values, 0, rows);
        return new FitInputError('nonfinite-x0', `The residual of ${rowValues(input, i)} is not finite: ${residualCause(input, i, values[r])}`);
      }
      for (let j = 0; j < k; j++) {
        if (Number.isFinite(J[r * k + j])) continue;
        const name = model.params[bound.free[j]];
        return new FitInputError(
          'nonfinite-jacobian',
          `The derivative of the model with respect to "${name}" is ${show(J[r * k + j])} at ${rowValues(input, i)} at the start values (${startValues(input)}), so the fit cannot take a step: the model is not differentiable there (a square root or a power at 0, say). Move the start value of "${name}" away from that point, exclude the row, or change the model.`,
        );
      }
    }
  }
  return costCause(input);
}

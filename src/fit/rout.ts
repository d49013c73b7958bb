/**
 * ROUT (Motulsky & Brown, BMC Bioinformatics 7:123, 2006): a robust fit, outliers by the false
 * discovery rate on its residuals (src/stats/rout.ts), then the least-squares fit without them.
 *
 * The robust fit minimises the Lorentzian (Cauchy) merit Σ ln(1 + (rᵢ/RSDR)²), the solver's loss
 * 'cauchy' with f_scale = RSDR. The paper's fit is adaptive: it grows more robust as it proceeds.
 * Here the adaptation is an outer loop: from the least-squares fit, RSDR of the current residuals
 * sets f_scale and the Cauchy fit runs from the current parameters, `rounds` times (ROBUST_ROUNDS;
 * fewer when RSDR changes by less than 0.1%). Residuals are weighted, rᵢ = (fᵢ − yᵢ)/σᵢ,
 * under the fit's weighting (1 unweighted), as the merit the solver minimises.
 */
import type { CurveFitInput } from './curveFit';
import { curveFit } from './curveFit';
import { robustSdOfResiduals, routOutlierIndices } from '../stats/rout';
import type { FitData, FitResult } from './types';
import { weightSigma } from './weights';

export interface RoutOutcome {
  /** The least-squares fit without the outliers (the given fit when there are none). */
  readonly result: FitResult;
  /** 0-based rows of the input's data flagged as outliers, ascending. */
  readonly indices: number[];
  /** The rows fitted by `result`. */
  readonly kept: FitData;
  /** The last robust fit, and its RSDR. */
  readonly robust: FitResult;
  readonly rsdr: number;
}

/**
 * Cauchy fits, each with f_scale = the RSDR of the previous fit's residuals. One: the Cauchy fit
 * scaled by the least-squares fit's RSDR, then RSDR of its residuals for the test. Run longer, the
 * scale shrinks onto the bulk of the points and clean curves are flagged more often for little more
 * power: on 18-point 4PL curves (bench/results/assay-coverage.md, 1000 curves each) 1 round flagged
 * 2.3% of clean curves and found 98.2% of ±10σ outliers, 2 rounds 3.3% and 98.9%, 8 (converged)
 * 3.7% and 98.9%; the paper reports 1–3% false flags.
 */
export const ROBUST_ROUNDS = 1;

/** Weighted residuals (f − y)/σ of the data at a fit's parameters. */
export function weightedResiduals(input: Pick<CurveFitInput, 'model' | 'data' | 'options'>, fit: FitResult): Float64Array {
  const { model, data } = input;
  const sigma = weightSigma(input.options?.weights ?? 'sigma', data);
  const params = Float64Array.from(model.params, (name) => fit.parameters.find((p) => p.name === name)?.value ?? NaN);
  const n = data.y.length;
  const r = new Float64Array(n);
  model.kernels([]).residuals(params, { vars: data.vars, y: data.y, w: sigma ? sigma.map((s) => 1 / s) : null }, r, 0, n);
  return r;
}

/** The rows of `data` whose keep[i] is 1 (every column that is present). */
export function keepRows(data: FitData, keep: Uint8Array): FitData {
  const pick = (a: Float64Array) => a.filter((_, i) => keep[i] === 1);
  const lines = data.lines ? Int32Array.from(Array.from(data.lines).filter((_, i) => keep[i] === 1)) : null;
  return {
    vars: data.vars.map(pick),
    varsLo: data.varsLo ? data.varsLo.map((a) => (a ? pick(a) : null)) : null,
    y: pick(data.y),
    yLo: data.yLo ? pick(data.yLo) : null,
    sigma: data.sigma ? pick(data.sigma) : null,
    lines,
  };
}

/** Parameters to start from: the spec's bounds and fixed values, a fit's values as starts. */
/** The input's parameters started from a fit's values (fixed ones kept). */
export const startsFrom = (input: CurveFitInput, fit: FitResult) => input.parameters.map((p) => (p.fixed ? p : { ...p, value: fit.parameters.find((q) => q.name === p.name)?.value ?? p.value }));

/**
 * ROUT from a least-squares fit of `input` (`q`: the false discovery rate as a fraction).
 * `putBack`: rows (0-based) the user put back: the rule's verdict on them is overruled, they stay in.
 */
export async function routFit(given: CurveFitInput, leastSquares: FitResult, q: number, rounds = ROBUST_ROUNDS, putBack?: ReadonlySet<number>): Promise<RoutOutcome> {
  // The refits run in this thread: a row pool holds the full rows, and the last fit has fewer.
  const input: CurveFitInput = { ...given, rowPasses: undefined, primary: undefined, checkpoint: undefined };
  const k = leastSquares.free.length;
  let robust = leastSquares;
  let residuals = weightedResiduals(input, robust);
  let rsdr = robustSdOfResiduals(residuals, k);
  for (let round = 0; round < rounds && rsdr > 0 && Number.isFinite(rsdr); round++) {
    robust = await curveFit({ ...input, parameters: startsFrom(input, robust), options: { ...input.options, loss: 'cauchy', fScale: rsdr } });
    residuals = weightedResiduals(input, robust);
    const next = robustSdOfResiduals(residuals, k);
    const settled = Math.abs(next - rsdr) <= 1e-3 * rsdr;
    rsdr = next;
    if (settled) break;
  }
  const indices = routOutlierIndices(residuals, k, q).filter((i) => !putBack?.has(i)).sort((a, b) => a - b);
  if (indices.length === 0) return { result: leastSquares, indices, kept: input.data, robust, rsdr };
  const keep = new Uint8Array(input.data.y.length).fill(1);
  for (const i of indices) keep[i] = 0;
  const kept = keepRows(input.data, keep);
  const result = await curveFit({ ...input, data: kept, parameters: startsFrom(input, robust) });
  return { result, indices, kept, robust, rsdr };
}

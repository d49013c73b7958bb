/**
 * Each group's row of a mixed-effects fit (a GroupRow, src/fit/groupRow.ts): its parameters are
 * the fixed effects plus its predicted random effects (Pinheiro & Bates 2000, §7.1: nlme's
 * coef()); groups without usable rows are reported, not fitted.
 */
import { makeLoss } from '../../solver/loss';
import type { GroupTerms } from '../groupTerms';
import type { MixedRow } from './types';

export interface RowFacts {
  /** The fitted groups' terms, in `fittedIndex` order. */
  readonly terms: readonly GroupTerms[];
  readonly names: readonly string[];
  readonly r: number;
  readonly converged: boolean;
  readonly message: string;
}

/**
 * @param groups       every input group's key and rows skipped
 * @param fittedIndex  the input index of each fitted group
 * @param parametersOf group g's (fitted order) model parameters into `out`
 * @param b            the random effects (fitted order, r each)
 */
export function mixedRows(groups: readonly { readonly key: string; readonly skipped: number }[], fittedIndex: readonly number[], parametersOf: (g: number, out: Float64Array) => Float64Array, b: Float64Array, facts: RowFacts): MixedRow[] {
  const { terms, names, r, converged, message } = facts;
  const position = new Int32Array(groups.length).fill(-1);
  fittedIndex.forEach((index, at) => (position[index] = at));
  const linear = makeLoss('linear', 1);
  return groups.map((g, i) => {
    const at = position[i];
    if (at < 0) {
      return {
        key: g.key, rows: 0, skippedRows: g.skipped, success: false, status: -1, code: 'too-few-rows',
        message: 'No usable rows: the group was left out of the mixed-effects fit.', params: new Float64Array(names.length).fill(NaN),
        stderr: new Float64Array(names.length).fill(NaN), cost: NaN, chi2: NaN, included: false, randomEffects: new Float64Array(r).fill(NaN),
      };
    }
    const phi = parametersOf(at, new Float64Array(names.length));
    const d = terms[at];
    const chi2 = d.cost(phi, linear);
    return {
      key: g.key, rows: d.rows, skippedRows: g.skipped, success: converged, status: converged ? 1 : 0, code: null,
      message, params: phi, stderr: new Float64Array(names.length).fill(NaN), cost: 0.5 * chi2, chi2, included: true,
      randomEffects: b.slice(at * r, (at + 1) * r),
    };
  });
}

/** Plain-data inputs and results of a global fit with errors in x (globalOdrFit.ts). */
import type { GlobalInput, GlobalResult } from '../global/types';
import type { OdrInput, OdrResult } from './types';

/** One group's columns: an explicit OdrInput's rows (every value finite, every σ positive). */
export interface GlobalOdrGroup {
  readonly key: string;
  readonly data: Pick<OdrInput, 'vars' | 'sigmaX'> & { readonly y: Float64Array; readonly sigmaY: Float64Array | null; readonly lines: ArrayLike<number> | null };
}

/** A global fit's input (fit/global/types.ts) over ODR groups: an explicit model y = f(x; θ),
 *  every free parameter with its start (no guesser). */
export type GlobalOdrInput = Omit<GlobalInput, 'groups' | 'guess'> & { readonly groups: readonly GlobalOdrGroup[] };

export interface GlobalOdrResult {
  /** The global fit's report shape: each group's parameters (ODR values), sd_beta as stderr,
   *  t intervals, cost = ½ and chi2 = the group's δ + ε sum of squares; `points` is the rows n. */
  readonly global: GlobalResult;
  /** The stacked ODR problem: β = [shared | name[group] …], ODRPACK's statistics and split. */
  readonly odr: OdrResult;
  /** Each input group's Σ(δ/σx)² and Σ(ε/σy)² (null: left out). */
  readonly splits: readonly ({ readonly delta: number; readonly eps: number } | null)[];
  /** The ordinary global fit (x errors ignored) it started from. */
  readonly ordinary: GlobalResult;
}

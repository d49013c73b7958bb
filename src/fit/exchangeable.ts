/**
 * Exchangeable parameters (issue 27, item 9): two free parameters whose values can be swapped
 * without changing the fitted curve. The classic case is the flip-flop of the first-order
 * absorption model (Theoph, R's SSfol: lKe and lKa enter symmetrically), where R's nls and a fit
 * from other start values reach the same RSS with the two rates exchanged; the data cannot tell
 * them apart, and which one a fit reports depends only on where it started. The user is told,
 * with the values, so that a bound or a reparametrization can pick one.
 *
 * Tested on the rows themselves: the model's values at the fitted parameters and at the parameters
 * with the pair swapped agree to EQUAL_REL of their scale at up to SAMPLE_ROWS rows spread over the
 * data. A pair is tried only when its two values differ (a swap of equal values says nothing) and
 * each value lies within the other's bounds (else the swapped point is not a fit the user allows).
 * A swap is first tried on every PROBE_STRIDE-th sampled row: a curve that changes there (most
 * pairs) is rejected without the other rows, which were 0.05–0.1 ms of a 2 ms 10⁴-row fit
 * (bench/speed-cpu-trees.ts). The answer is the full test's: the tolerance is the full sample's,
 * and a kernel's value at a row does not depend on the other rows it is given (kernels.ts).
 */
import type { JsKernels } from '../model/index';

/** Rows on which a swap is tested: enough to see any x-dependence, cheap next to a fit. */
const SAMPLE_ROWS = 512;
/** Agreement, relative to the largest |model value|, that counts as the same curve. */
const EQUAL_REL = 1e-9;
/** Free parameters up to which every pair is tried (k(k−1)/2 evaluations of SAMPLE_ROWS rows). */
const MAX_FREE = 24;

export interface ExchangeInput {
  readonly kernels: JsKernels;
  readonly vars: readonly Float64Array[];
  readonly rows: number;
  /** The full parameter vector at the fit's end point. */
  readonly full: Float64Array;
  readonly names: readonly string[];
  /** Indices (into `full`) of the free parameters. */
  readonly free: readonly number[];
  readonly bounds: (index: number) => { readonly min: number; readonly max: number };
}

/** Rows of the sample on which a swap is tried first (every PROBE_STRIDE-th: 32 of 512). */
const PROBE_STRIDE = 16;

/** Every `step`-th of `rows` rows, as columns of their own. */
function strided(vars: readonly Float64Array[], rows: number, step: number): { vars: Float64Array[]; n: number } {
  const n = Math.ceil(rows / step);
  // A plain loop: Float64Array.from with a map function iterates generically, a measurable part
  // of a 10⁴-row fit (bench/speed-cpu-trees.ts).
  return {
    vars: vars.map((v) => {
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) out[i] = v[i * step];
      return out;
    }),
    n,
  };
}

/** Every k-th row, at most SAMPLE_ROWS of them. */
function sampleVars(vars: readonly Float64Array[], rows: number): { vars: Float64Array[]; n: number } {
  return strided(vars, rows, Math.max(1, Math.ceil(rows / SAMPLE_ROWS)));
}

/** The tolerance of "the same curve" at these values (EQUAL_REL of the largest |value|); null
 *  where one is not finite: no swap then matches, since a non-finite value never counts as equal. */
function curveTolerance(at: Float64Array): number | null {
  let scale = 0;
  for (let i = 0; i < at.length; i++) {
    if (!Number.isFinite(at[i])) return null;
    scale = Math.max(scale, Math.abs(at[i]));
  }
  return EQUAL_REL * scale;
}

/** Whether `swapped` matches `at` (every `stride`-th of its values) to `tol`, every value finite. */
function sameCurve(at: Float64Array, swapped: Float64Array, tol: number, stride = 1): boolean {
  for (let i = 0; i < swapped.length; i++) {
    if (!Number.isFinite(swapped[i]) || Math.abs(at[i * stride] - swapped[i]) > tol) return false;
  }
  return true;
}

/** The pairs [i, j] (indices into `full`) whose exchange leaves the model's values unchanged. */
export function exchangeablePairs(input: ExchangeInput): [number, number][] {
  const { kernels, full, free } = input;
  if (free.length < 2 || free.length > MAX_FREE || input.rows === 0) return [];
  const { vars, n } = sampleVars(input.vars, input.rows);
  const at = new Float64Array(n);
  kernels.evaluate(full, vars, at, 0, n);
  const tol = curveTolerance(at);
  if (tol === null) return [];
  const probe = strided(vars, n, PROBE_STRIDE);
  const probed = new Float64Array(probe.n);
  const swapped = new Float64Array(n);
  const trial = Float64Array.from(full);
  const pairs: [number, number][] = [];
  // The model at the swapped parameters on these columns (every `stride`-th sampled row) matches `at`.
  const swapMatches = (columns: Float64Array[], out: Float64Array, stride: number) => {
    kernels.evaluate(trial, columns, out, 0, out.length);
    return sameCurve(at, out, tol, stride);
  };
  for (let a = 0; a < free.length; a++) {
    for (let b = a + 1; b < free.length; b++) {
      const i = free[a];
      const j = free[b];
      const [vi, vj] = [full[i], full[j]];
      if (!(Math.abs(vi - vj) > 1e-6 * Math.max(Math.abs(vi), Math.abs(vj)))) continue;
      const bi = input.bounds(i);
      const bj = input.bounds(j);
      if (vj < bi.min || vj > bi.max || vi < bj.min || vi > bj.max) continue;
      trial[i] = vj;
      trial[j] = vi;
      if (swapMatches(probe.vars, probed, PROBE_STRIDE) && swapMatches(vars, swapped, 1)) pairs.push([i, j]);
      trial[i] = vi;
      trial[j] = vj;
    }
  }
  return pairs;
}

/**
 * The warning for one exchangeable pair: `full`, the values the fit reached (one fit), or `groups`,
 * the keys of the groups of a global fit in which the pair's local values can be exchanged.
 */
export function exchangeWarning(names: readonly string[], [i, j]: [number, number], at: { readonly full: Float64Array } | { readonly groups: readonly string[]; readonly of: number }): string {
  const show = (v: number) => Number(v.toPrecision(6)).toString();
  const where =
    'full' in at
      ? `: ${names[i]} = ${show(at.full[i])}, ${names[j]} = ${show(at.full[j])} and the reverse fit the data equally well`
      : `${at.groups.length === at.of && at.of > 1 ? ` in every group (${at.of})` : ` in ${at.groups.length === 1 ? 'group' : 'groups'} ${listed(at.groups)}`}: each group's values and the reverse fit its data equally well`;
  return (
    `${names[i]} and ${names[j]} can be exchanged without changing the fitted curve${where} ` +
    `(for an absorption model, the flip-flop of the two rates). The data cannot tell them apart; which one the fit reports depends on its start values. ` +
    `To pick one, bound them apart (e.g. ${names[j]} above ${names[i]}) or reparametrize so that one is the larger.`
  );
}

/** "1, 2 and 3"; past 8 keys, "1, 2, … and 12 more". */
function listed(keys: readonly string[]): string {
  if (keys.length === 1) return keys[0];
  if (keys.length <= 8) return `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`;
  return `${keys.slice(0, 6).join(', ')} and ${keys.length - 6} more`;
}

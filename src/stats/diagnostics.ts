/**
 * Residual diagnostics of a fit, in one record: the runs test and the Durbin–Watson statistic on
 * the residuals in order of x, the D'Agostino–Pearson normality test, and the replicates test for
 * lack of fit where x repeats. Residuals are observed − fitted, weighted (wᵢ(yᵢ − fᵢ)) when σ is
 * given, so that each has unit variance under the model.
 */
import { durbinWatson } from './durbinWatson';
import { dagostinoPearson, dagostinoPearsonFromSum, type NormalityTest } from './normalityTest';
import { replicatesTest, type ReplicatesTest } from './replicatesTest';
import { runsFromCounts, runsTest, type RunsTest } from './runsTest';
import { SPAN_ROWS } from './spans';

export interface ResidualDiagnostics {
  /** 'x': residuals in order of the variable; 'rows': in row order (several variables, or too many unsorted rows). */
  readonly order: 'x' | 'rows';
  readonly runs: RunsTest;
  readonly normality: NormalityTest | null;
  readonly durbinWatson: number;
  readonly replicates: ReplicatesTest | null;
}


/**
 * Above this many rows the residuals are not sorted by x (a comparator sort of 10⁶ indices takes
 * seconds): the runs test and Durbin–Watson then take them in row order, and the replicates test
 * is left out unless x is already sorted.
 */
export const DIAGNOSTICS_SORT_MAX_ROWS = 200_000;

export interface DiagnosticsInput {
  readonly vars: readonly Float64Array[];
  readonly y: Float64Array;
  /** Model values at the rows. */
  readonly f: Float64Array;
  /**
   * Whether f may be overwritten with the residuals (the caller no longer needs the model values):
   * then no second row-sized array is allocated. At 10⁷ rows that is 80 MB less at the fit's peak
   * (issue 12, "Memory"); the statistics are the same to the last bit (the same values, in the
   * same order).
   */
  readonly reuseF?: boolean;
  readonly w: Float64Array | null;
  readonly chi2: number;
  readonly freeParameters: number;
}

/** Distinct steps x[i] ≠ x[i − 1] over i in [start, end), or −1 at the first step down (or NaN). */
function distinctSteps(x: Float64Array, start: number, end: number): number {
  let g = 0;
  for (let i = start; i < end; i++) {
    if (!(x[i] >= x[i - 1])) return -1;
    g += x[i] !== x[i - 1] ? 1 : 0;
  }
  return g;
}

/** The number of distinct values of x where x is sorted (ascending), else −1: both in one pass
 *  (in spans of SPAN_ROWS, as residualsInOrder, so that the loop is a hot function's). */
export function sortedDistinct(x: Float64Array): number {
  const n = x.length;
  let g = n > 0 ? 1 : 0;
  for (let start = 1; start < n; start += SPAN_ROWS) {
    const steps = distinctSteps(x, start, Math.min(n, start + SPAN_ROWS));
    if (steps < 0) return -1;
    g += steps;
  }
  return g;
}

/** Row indices in order of x (stable); 'sorted' when x already is; null when sorting would cost too much. */
function xOrder(x: Float64Array, sorted: boolean): Uint32Array | 'sorted' | null {
  const n = x.length;
  if (sorted) return 'sorted';
  if (n > DIAGNOSTICS_SORT_MAX_ROWS) return null;
  const idx = new Uint32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  return idx.sort((a, b) => x[a] - x[b] || a - b);
}

/** Distinct x along a sort order: one more at each change. */
function distinctAlong(x: Float64Array, order: Uint32Array): number {
  const n = x.length;
  let g = n > 0 ? 1 : 0;
  for (let j = 1; j < n; j++) g += x[order[j]] !== x[order[j - 1]] ? 1 : 0;
  return g;
}

/**
 * Replicate groups: runs of equal x along the order (one variable), or equal tuples (several,
 * small n). Null where no x repeats (no pure error, so no test): the groups are counted before
 * an array of them is made, which a large fit with distinct x (the usual case) then never pays.
 */
function replicateGroups(vars: readonly Float64Array[], order: Uint32Array | 'sorted' | null, distinct: number): { groupOf: Uint32Array; groupCount: number } | null {
  const n = vars[0]?.length ?? 0;
  if (vars.length === 1 && order && (order === 'sorted' ? distinct : distinctAlong(vars[0], order)) === n) return null;
  const groupOf = new Uint32Array(n);
  if (vars.length === 1 && order) {
    const x = vars[0];
    let g = 0;
    // Two loops rather than a test per row: at 10⁷ rows this runs once per fit on the main thread.
    if (order === 'sorted') {
      for (let i = 0; i < n; i++) {
        if (i > 0 && x[i] !== x[i - 1]) g++;
        groupOf[i] = g;
      }
    } else {
      for (let j = 0; j < n; j++) {
        const i = order[j];
        if (j > 0 && x[i] !== x[order[j - 1]]) g++;
        groupOf[i] = g;
      }
    }
    return { groupOf, groupCount: n > 0 ? g + 1 : 0 };
  }
  if (vars.length === 0 || n > DIAGNOSTICS_SORT_MAX_ROWS) return null;
  const ids = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = vars.map((v) => v[i]).join(',');
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    groupOf[i] = id;
  }
  return { groupOf, groupCount: ids.size };
}

/** residualSpan's running state: the previous residual, its sign, the counts and the three sums. */
const PREVIOUS = 0, LAST = 1, POSITIVE = 2, RUNS = 3, SUM = 4, DW_DEN = 5, DW_NUM = 6;

/**
 * Rows [start, end) of residualsInOrder's pass, carrying its running sums in `state`: the same
 * additions in the same order as one loop over every row (spans.ts says why in spans; the float
 * sums and the integer sign counts in two loops).
 */
function residualSpan(y: Float64Array, f: Float64Array, w: Float64Array | null, r: Float64Array, start: number, end: number, state: Float64Array): void {
  let previous = state[PREVIOUS];
  let sum = state[SUM];
  let dwDen = state[DW_DEN];
  let dwNum = state[DW_NUM];
  if (w === null) {
    for (let i = start; i < end; i++) {
      const v = y[i] - f[i];
      r[i] = v;
      sum += v;
      dwDen += v * v;
      const d = v - previous;
      dwNum += d * d;
      previous = v;
    }
  } else {
    for (let i = start; i < end; i++) {
      const v = w[i] * (y[i] - f[i]);
      r[i] = v;
      sum += v;
      dwDen += v * v;
      const d = v - previous;
      dwNum += d * d;
      previous = v;
    }
  }
  let last = state[LAST];
  let positive = state[POSITIVE];
  let runs = state[RUNS];
  for (let i = start; i < end; i++) {
    const s = +(r[i] >= 0);
    positive += s;
    runs += s ^ last;
    last = s;
  }
  state[PREVIOUS] = previous;
  state[LAST] = last;
  state[POSITIVE] = positive;
  state[RUNS] = runs;
  state[SUM] = sum;
  state[DW_DEN] = dwDen;
  state[DW_NUM] = dwNum;
}

/**
 * The residuals rᵢ = wᵢ(yᵢ − fᵢ), formed in one pass with everything the tests need of them in
 * this order: the runs test's counts, Durbin–Watson's sums and Σrᵢ (the normality test's mean),
 * each summed in the order of runsTest, durbinWatson and dagostinoPearson, so the statistics are
 * theirs to the last bit. One pass instead of four: at 10⁶ rows the CLI's single fit runs each
 * loop once, mostly before it is optimized, and there every loop costs ~10 ms.
 */
function residualsInOrder(y: Float64Array, f: Float64Array, w: Float64Array | null, reuseF: boolean) {
  const n = y.length;
  // rᵢ overwrites fᵢ only after fᵢ is read: the pass never reads an earlier row's f.
  const r = reuseF ? f : new Float64Array(n);
  const first = w ? w[0] * (y[0] - f[0]) : y[0] - f[0];
  r[0] = first;
  const state = new Float64Array(7);
  state[PREVIOUS] = first;
  state[LAST] = +(first >= 0);
  state[POSITIVE] = state[LAST];
  state[RUNS] = 1;
  state[SUM] = first;
  state[DW_DEN] = first * first;
  for (let start = 1; start < n; start += SPAN_ROWS) residualSpan(y, f, w, r, start, Math.min(n, start + SPAN_ROWS), state);
  const dwDen = state[DW_DEN];
  return { r, sum: state[SUM], runs: runsFromCounts(n, state[POSITIVE], state[RUNS]), durbinWatson: dwDen > 0 ? state[DW_NUM] / dwDen : NaN };
}

export function residualDiagnostics(input: DiagnosticsInput): ResidualDiagnostics | null {
  const { vars, y, f, w } = input;
  const reuseF = input.reuseF === true;
  const n = y.length;
  if (n < 2) return null;
  const distinct = vars.length === 1 ? sortedDistinct(vars[0]) : -1;
  const order = vars.length === 1 ? xOrder(vars[0], distinct >= 0) : null;
  if (order === null || order === 'sorted') {
    // The residuals are taken in row order (x sorted, or no x order): one fused pass.
    const fused = residualsInOrder(y, f, w, reuseF);
    const groups = replicateGroups(vars, order, distinct);
    return {
      order: order ? 'x' : 'rows',
      runs: fused.runs,
      normality: dagostinoPearsonFromSum(fused.r, fused.sum),
      durbinWatson: fused.durbinWatson,
      replicates: groups ? replicatesTest({ ...groups, y, w, chi2: input.chi2, freeParameters: input.freeParameters }) : null,
    };
  }
  // Unsorted x (at most DIAGNOSTICS_SORT_MAX_ROWS rows): the runs and Durbin–Watson in x order.
  const r = reuseF ? f : new Float64Array(n);
  if (w) for (let i = 0; i < n; i++) r[i] = w[i] * (y[i] - f[i]);
  else for (let i = 0; i < n; i++) r[i] = y[i] - f[i];
  const ordered = new Float64Array(n);
  for (let j = 0; j < n; j++) ordered[j] = r[order[j]];
  const groups = replicateGroups(vars, order, distinct);
  return {
    order: 'x',
    runs: runsTest(ordered),
    normality: dagostinoPearson(r),
    durbinWatson: durbinWatson(ordered),
    replicates: groups ? replicatesTest({ ...groups, y, w, chi2: input.chi2, freeParameters: input.freeParameters }) : null,
  };
}

/**
 * The rows the start search scores its candidates on when there are more than SCORE_MAX_ROWS.
 *
 * Data sorted by their one variable (a spectrum, a time series; or groups pooled one after
 * another, each sorted, src/job/steps/groupStarts.ts): the means of k consecutive rows of a sorted run,
 * each weighted by √(Σwᵢ²) (w = 1/σ), x̄ and ȳ weighted by wᵢ². For a candidate curve nearly
 * straight across k rows, Σ wᵢ²(yᵢ − f(xᵢ))² = W(ȳ − f(x̄))² + (the scatter within the bin, the
 * same for every candidate): the ranking is that of every row, and a feature narrower than k rows
 * still counts with its area. Every k-th row alone steps over it, and with 1/k of the noise
 * averaged away the candidates near it no longer stand out (review 6: every 10th row of 600 000
 * missed a peak 2 rows wide, s = 0.002 at noise 0.02, which scoring every row found).
 *
 * Otherwise (several variables, rows in another order: neighbouring rows are not neighbours in
 * x) every k-th row, which keeps the spread of the rows in every variable.
 */

/** Rows the candidates are scored on at most (the refinements always fit every row). */
export const SCORE_MAX_ROWS = 65_536;

/** The k of every k consecutive rows (or every k-th row) scored, for `rows` rows (1: every row). */
export function scoringStride(rows: number): number {
  return Math.max(1, Math.ceil(rows / SCORE_MAX_ROWS));
}

export interface ScoringRows {
  readonly vars: Float64Array[];
  readonly y: Float64Array;
  /** Residual multipliers (1/σ; √(Σwᵢ²) for a bin); null: every row counts once. */
  readonly w: Float64Array | null;
}

interface Columns {
  readonly vars: readonly Float64Array[];
  readonly y: Float64Array;
  readonly w: Float64Array | null;
}

/**
 * Where the runs of x sorted one way start (0 first), for the direction with fewer runs: one run
 * for sorted data, one a group for groups pooled one after another (src/job/steps/groupStarts.ts).
 */
function sortedRuns(x: Float64Array): number[] {
  const up = [0];
  const down = [0];
  for (let i = 1; i < x.length; i++) {
    if (!(x[i] >= x[i - 1])) up.push(i);
    if (!(x[i] <= x[i - 1])) down.push(i);
  }
  return up.length <= down.length ? up : down;
}

/** Runs of sorted x from this many rows per run on average are binned (fewer: every k-th row). */
const MIN_RUN_ROWS = 64;

/** Every k-th row of the columns. */
function everyKth(columns: Columns, k: number): ScoringRows {
  const take = (c: Float64Array) => Float64Array.from({ length: Math.ceil(c.length / k) }, (_, j) => c[j * k]);
  return { vars: columns.vars.map(take), y: take(columns.y), w: columns.w && take(columns.w) };
}

/** The weighted means of every k consecutive rows of one variable, a bin never crossing from one
 *  sorted run into the next (`runs`: where they start). */
function binMeans(x: Float64Array, columns: Columns, k: number, runs: readonly number[]): ScoringRows {
  const { y, w } = columns;
  const n = y.length;
  const xm: number[] = [];
  const ym: number[] = [];
  const wm: number[] = [];
  for (let r = 0; r < runs.length; r++) {
    const runEnd = r + 1 < runs.length ? runs[r + 1] : n;
    for (let start = runs[r]; start < runEnd; start += k) {
      let sw = 0;
      let sx = 0;
      let sy = 0;
      for (let i = start, end = Math.min(runEnd, start + k); i < end; i++) {
        const ww = w ? w[i] * w[i] : 1;
        sw += ww;
        sx += ww * x[i];
        sy += ww * y[i];
      }
      // Rows of zero weight only (σ = ∞): its first row, counting for nothing.
      xm.push(sw > 0 ? sx / sw : x[start]);
      ym.push(sw > 0 ? sy / sw : y[start]);
      wm.push(Math.sqrt(sw));
    }
  }
  return { vars: [Float64Array.from(xm)], y: Float64Array.from(ym), w: Float64Array.from(wm) };
}

/**
 * The scoring sample of the columns: the columns themselves up to SCORE_MAX_ROWS rows; else the
 * means of k consecutive rows when the one variable is sorted (or in long sorted runs), every
 * k-th row when not.
 */
export function scoringRows(columns: Columns): ScoringRows {
  const k = scoringStride(columns.y.length);
  if (k === 1) return { vars: [...columns.vars], y: columns.y, w: columns.w };
  if (columns.vars.length !== 1) return everyKth(columns, k);
  const runs = sortedRuns(columns.vars[0]);
  // Short runs, or more than a bin each would leave room for: every k-th row.
  if (runs.length * MIN_RUN_ROWS > columns.y.length || runs.length > SCORE_MAX_ROWS / 4) return everyKth(columns, k);
  // A bin per k rows of each run (its last one shorter): k grows until they fit in SCORE_MAX_ROWS.
  const n = columns.y.length;
  const bins = (size: number) => runs.reduce((sum, start, r) => sum + Math.ceil(((runs[r + 1] ?? n) - start) / size), 0);
  // Ends: at the longest run's length there is one bin a run, at most SCORE_MAX_ROWS / 4.
  let size = k;
  while (bins(size) > SCORE_MAX_ROWS) size++;
  return binMeans(columns.vars[0], columns, size, runs);
}

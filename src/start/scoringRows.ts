/**
 * The rows the start search scores its candidates on when there are more than SCORE_MAX_ROWS.
 *
 * Data sorted by their one variable (a spectrum, a time series): the means of k consecutive rows,
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

/** Whether x never decreases, or never increases. */
function monotone(x: Float64Array): boolean {
  let up = true;
  let down = true;
  for (let i = 1; i < x.length && (up || down); i++) {
    if (!(x[i] >= x[i - 1])) up = false;
    if (!(x[i] <= x[i - 1])) down = false;
  }
  return up || down;
}

/** Every k-th row of the columns. */
function everyKth(columns: Columns, k: number): ScoringRows {
  const take = (c: Float64Array) => Float64Array.from({ length: Math.ceil(c.length / k) }, (_, j) => c[j * k]);
  return { vars: columns.vars.map(take), y: take(columns.y), w: columns.w && take(columns.w) };
}

/** The weighted means of every k consecutive rows of one sorted variable. */
function binMeans(x: Float64Array, columns: Columns, k: number): ScoringRows {
  const { y, w } = columns;
  const n = y.length;
  const bins = Math.ceil(n / k);
  const xm = new Float64Array(bins);
  const ym = new Float64Array(bins);
  const wm = new Float64Array(bins);
  for (let b = 0; b < bins; b++) {
    let sw = 0;
    let sx = 0;
    let sy = 0;
    for (let i = b * k, end = Math.min(n, i + k); i < end; i++) {
      const ww = w ? w[i] * w[i] : 1;
      sw += ww;
      sx += ww * x[i];
      sy += ww * y[i];
    }
    // Rows of zero weight only (σ = ∞): its first row, counting for nothing.
    xm[b] = sw > 0 ? sx / sw : x[b * k];
    ym[b] = sw > 0 ? sy / sw : y[b * k];
    wm[b] = Math.sqrt(sw);
  }
  return { vars: [xm], y: ym, w: wm };
}

/**
 * The scoring sample of the columns: the columns themselves up to SCORE_MAX_ROWS rows; else the
 * means of k consecutive rows when the one variable is sorted, every k-th row when not.
 */
export function scoringRows(columns: Columns): ScoringRows {
  const k = scoringStride(columns.y.length);
  if (k === 1) return { vars: [...columns.vars], y: columns.y, w: columns.w };
  return columns.vars.length === 1 && monotone(columns.vars[0]) ? binMeans(columns.vars[0], columns, k) : everyKth(columns, k);
}

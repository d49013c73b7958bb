/**
 * Goodness-of-fit statistics of a weighted least-squares fit, with lmfit's definitions
 * (lmfit.minimizer.MinimizerResult): χ² = Σ(wᵢrᵢ)², χ²_ν = χ²/(m − k),
 * AIC = m·ln(χ²/m) + 2k, BIC = m·ln(χ²/m) + k·ln m, where k is the number of free parameters.
 * R² = 1 − χ²/Σwᵢ²(yᵢ − ȳ_w)² with the weighted mean ȳ_w = Σwᵢ²yᵢ/Σwᵢ² (the ordinary R² when
 * all weights are 1); adjusted R² = 1 − (1 − R²)(m − 1)/(m − k).
 *
 * Two AIC/BIC conventions are reported, because they differ by a constant and users compare
 * numbers across programs (lmfit 59.2, R 95.3 on the same Puromycin fit):
 * - `aic`, `bic`: lmfit's, above (no likelihood constant, σ not counted).
 * - `aicR`, `bicR`: R's AIC(nls)/BIC(nls): −2·logLik + 2(k + 1) and −2·logLik + (k + 1)·ln m, with the
 *   Gaussian log-likelihood at the maximum-likelihood σ̂² = χ²/m, weights wᵢ² = 1/σᵢ² entering as
 *   R's logLik.nls does: logLik = −m/2·(ln 2π + 1 − ln m − Σln wᵢ²/m + ln χ²), σ counted (k + 1).
 * - `aicc`: the small-sample AIC of Hurvich & Tsai (1989) on R's convention,
 *   aicR + 2K(K + 1)/(m − K − 1) with K = k + 1 (Burnham & Anderson 2002, eq. 2.2); differences
 *   between models equal Prism's AICc differences. NaN when m ≤ K + 1.
 * - `syx`: Sy.x, the residual standard error √(χ²/(m − k)) (R's sigma(), Prism's Sy.x).
 */
import { SPAN_ROWS } from './spans';

export interface GoodnessOfFit {
  readonly points: number;
  readonly freeParameters: number;
  readonly dof: number;
  /** Σ(wᵢ(fᵢ − yᵢ))². */
  readonly chi2: number;
  readonly redchi2: number;
  /** Σ(fᵢ − yᵢ)² (unweighted). */
  readonly rss: number;
  /** √(rss/m): the root-mean-square residual, divided by m (not m − k; Sy.x divides by m − k). */
  readonly rmse: number;
  /** Sy.x = √(χ²/(m − k)), the residual standard error (optional: results saved before it lack it). */
  readonly syx?: number;
  /** Gaussian log-likelihood at σ̂² = χ²/m (R's logLik.nls). */
  readonly logLik?: number;
  /** AIC and BIC in R's convention (σ counted, constant included), and AICc on it. */
  readonly aicR?: number;
  readonly bicR?: number;
  readonly aicc?: number;
  readonly r2: number;
  readonly adjR2: number;
  readonly aic: number;
  readonly bic: number;
}

export interface GoodnessInput {
  readonly y: Float64Array;
  /** 1/σ per point, or null. */
  readonly w: Float64Array | null;
  /** χ² (may come from an extended-precision evaluation). */
  readonly chi2: number;
  /** Unweighted Σ(fᵢ − yᵢ)². */
  readonly rss: number;
  readonly freeParameters: number;
}

/** Rows [start, end) of Σwᵢ² (s[0]) and Σwᵢ²yᵢ (s[1]); unweighted only Σyᵢ (s[1]). */
function meanSpan(y: Float64Array, w: Float64Array | null, start: number, end: number, s: Float64Array): void {
  let sw = s[0];
  let swy = s[1];
  if (w) {
    for (let i = start; i < end; i++) {
      const w2 = w[i] * w[i];
      sw += w2;
      swy += w2 * y[i];
    }
  } else {
    for (let i = start; i < end; i++) swy += y[i];
  }
  s[0] = sw;
  s[1] = swy;
}

/** Rows [start, end) of Σwᵢ²(yᵢ − ȳ)² (s[0]) and Σln wᵢ² (s[1], weighted only). */
function spreadSpan(y: Float64Array, w: Float64Array | null, mean: number, start: number, end: number, s: Float64Array): void {
  let tss = s[0];
  if (w) {
    for (let i = start; i < end; i++) tss += w[i] * w[i] * (y[i] - mean) ** 2;
    let sumLogW2 = s[1];
    for (let i = start; i < end; i++) sumLogW2 += Math.log(w[i] * w[i]);
    s[1] = sumLogW2;
  } else {
    for (let i = start; i < end; i++) tss += (y[i] - mean) ** 2;
  }
  s[0] = tss;
}

/** Σwᵢ²yᵢ/Σwᵢ² (the plain mean without weights); a loop per case, not a test per row (10⁷ rows). */
function weightedMean(y: Float64Array, w: Float64Array | null): number {
  const s = new Float64Array(2);
  for (let start = 0; start < y.length; start += SPAN_ROWS) meanSpan(y, w, start, Math.min(y.length, start + SPAN_ROWS), s);
  return s[1] / (w ? s[0] : y.length);
}

export function goodnessOfFit({ y, w, chi2, rss, freeParameters }: GoodnessInput): GoodnessOfFit {
  const m = y.length;
  const mean = weightedMean(y, w);
  const s = new Float64Array(2);
  for (let start = 0; start < m; start += SPAN_ROWS) spreadSpan(y, w, mean, start, Math.min(m, start + SPAN_ROWS), s);
  return goodnessFromSums({ points: m, tss: s[0], sumLogW2: s[1], chi2, rss, freeParameters });
}

/**
 * The sums over the rows that goodness of fit needs besides χ² and the RSS: the weighted total sum
 * of squares Σwᵢ²(yᵢ − ȳ_w)² and Σln wᵢ² (0 unweighted). A streamed fit (fit/stream) forms them
 * chunk by chunk, in the same order as goodnessOfFit's loops.
 */
export interface GoodnessSums {
  readonly points: number;
  readonly tss: number;
  readonly sumLogW2: number;
  readonly chi2: number;
  readonly rss: number;
  readonly freeParameters: number;
}

export function goodnessFromSums({ points: m, tss, sumLogW2, chi2, rss, freeParameters: k }: GoodnessSums): GoodnessOfFit {
  const dof = m - k;
  const r2 = tss > 0 ? 1 - chi2 / tss : NaN;
  const logTerm = m * Math.log(Math.max(chi2, Number.MIN_VALUE) / m);
  const logLik = -0.5 * (m * (Math.log(2 * Math.PI) + 1 - Math.log(m) + Math.log(Math.max(chi2, Number.MIN_VALUE))) - sumLogW2);
  const K = k + 1;
  const aicR = -2 * logLik + 2 * K;
  return {
    points: m,
    freeParameters: k,
    dof,
    chi2,
    redchi2: dof > 0 ? chi2 / dof : NaN,
    rss,
    rmse: Math.sqrt(rss / m),
    r2,
    adjR2: dof > 0 ? 1 - ((1 - r2) * (m - 1)) / dof : NaN,
    aic: logTerm + 2 * k,
    bic: logTerm + k * Math.log(m),
    syx: dof > 0 ? Math.sqrt(chi2 / dof) : NaN,
    logLik,
    aicR,
    bicR: -2 * logLik + K * Math.log(m),
    aicc: m - K - 1 > 0 ? aicR + (2 * K * (K + 1)) / (m - K - 1) : NaN,
  };
}

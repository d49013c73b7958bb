/**
 * The exported script's ROUT (issue 26; Motulsky & Brown, BMC Bioinformatics 7:123, 2006), as
 * Fitbench's src/fit/rout.ts and src/stats/rout.ts run it, after the script's least-squares fit:
 *
 *   robust fit   scipy least_squares(loss='cauchy', f_scale=RSDR) from the least-squares fit, RSDR
 *                the robust SD of its weighted residuals (the 68.27th percentile of |r| · N/(N − K));
 *                one round, as Fitbench's ROBUST_ROUNDS
 *   FDR test     on the robust fit's residuals: ranks ⌊0.7N⌋…N of |r|, αᵢ = Q(N − (i − 1))/N, Pᵢ
 *                two-sided from Student's t with N − K degrees of freedom; the first Pᵢ < αᵢ flags
 *                rank i and every larger residual (the lines put back never are)
 *   refit        curve_fit without the outliers, from the robust fit: popt, pcov and the report
 *                the rest of the script (the unknowns, the bootstrap, the JSON) reads
 *
 * The rows' file lines are counted as the loader counts them (header = line 1), so the script's
 * outlier lines are the CLI's `outliers.rows`.
 */
import type { AssaySettings } from '../../share/types';
import { pyFloat } from './pyLiteral';

export interface PyRoutFit {
  /** The fit's curve_fit keyword lines (bounds, tolerances, loss, max_nfev, x_scale), absolute_sigma first. */
  readonly fitArguments: readonly string[];
  /** least_squares' keywords for the robust fit beside the loss (tolerances, x_scale, max_nfev). */
  readonly robustArguments: string;
  /** Whether the script applied row filters (`rows` then holds their mask). */
  readonly rowRules: boolean;
  /** The script's parameter report, printed again for the fit without the outliers. */
  readonly report: string;
}

export function pyRout(a: AssaySettings, fit: PyRoutFit): string[] {
  if (!a.rout) return [];
  return [
    '',
    '# --- ROUT (Motulsky & Brown 2006): a Cauchy-loss robust fit, outliers by the false discovery rate Q,',
    '# then the least-squares fit without them (Fitbench\'s src/fit/rout.ts) ---',
    'from scipy.optimize import least_squares',
    'from scipy.stats import t as student_t',
    '',
    `ROUT_Q = ${pyFloat(a.q / 100)}  # Q = ${pyFloat(a.q)}%`,
    `KEEP_LINES = ${a.keep.length > 0 ? `{${a.keep.join(', ')}}` : 'set()'}  # lines put back in Fitbench: never flagged`,
    '',
    '',
    'def rsdr_of(r, k):',
    '    """The robust standard deviation of the residuals: P68.27(|r|) * N/(N - K)."""',
    '    return float(np.percentile(np.abs(r), 68.27) * r.size / (r.size - k)) if r.size > k else float("nan")',
    '',
    '',
    'def rout_outliers(r, k, q):',
    '    """0-based rows whose |residual| passes the FDR rule, ascending."""',
    '    n, a, rsdr = r.size, np.abs(r), rsdr_of(r, k)',
    '    if not (rsdr > 0 and np.isfinite(rsdr)):',
    '        return []',
    '    order = np.argsort(a, kind="stable")',
    '    for i in range(max(1, int(0.7 * n)), n + 1):',
    '        if 2 * student_t.sf(a[order[i - 1]] / rsdr, n - k) < q * (n - (i - 1)) / n:',
    '            return sorted(int(j) for j in order[i - 1:])',
    '    return []',
    '',
    '',
    'def fit_lines():',
    '    """The file line of each fitted row (the rows the fit kept, in order)."""',
    '    lines = np.array(read_table(CSV_FILE, with_lines=True)[2], dtype=np.int64)',
    `    return ${fit.rowRules ? 'lines[rows][keep]' : 'lines[keep]'}`,
    '',
    '',
    'rout_scale = SIGMA if SIGMA is not None else np.ones_like(Y)',
    'weighted = lambda p: (model(X, *p) - Y) / rout_scale',
    'RSDR = rsdr_of(weighted(popt), len(FREE))',
    'robust_p = popt',
    'if RSDR > 0 and np.isfinite(RSDR):',
    `    robust_p = least_squares(weighted, popt, bounds=(lower, upper), method="trf", loss="cauchy", f_scale=RSDR, ${fit.robustArguments}).x`,
    '    RSDR = rsdr_of(weighted(robust_p), len(FREE))',
    'LINES = fit_lines()',
    'OUTLIERS = [i for i in rout_outliers(weighted(robust_p), len(FREE), ROUT_Q) if int(LINES[i]) not in KEEP_LINES]',
    'print("ROUT (Q = %g%%): %d outlier%s, 0-based rows %s, lines %s (RSDR %r)" % (100 * ROUT_Q, len(OUTLIERS), "" if len(OUTLIERS) == 1 else "s", OUTLIERS, [int(LINES[i]) for i in OUTLIERS], RSDR))',
    'if OUTLIERS:',
    '    inliers = np.ones(Y.size, dtype=bool)',
    '    inliers[OUTLIERS] = False',
    '    X, Y, LINES = X[:, inliers], Y[inliers], LINES[inliers]',
    '    SIGMA = None if SIGMA is None else SIGMA[inliers]',
    '    popt, pcov, info, message, status = curve_fit(',
    '        model, X, Y, p0=robust_p, sigma=SIGMA,',
    ...fit.fitArguments.map((line) => `    ${line}`),
    '        full_output=True,',
    '    )',
    '    print("the least-squares fit without the outliers:")',
    ...fit.report.split('\n').map((line) => (line === '' ? '' : `    ${line}`)),
  ];
}

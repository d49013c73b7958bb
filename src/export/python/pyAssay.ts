/**
 * The assay steps of the exported script (issue 26), after its curve_fit: the unknowns read off
 * the curve with scipy's brentq (x̂ solves f(x) = ȳ inside the standards' x range; the interval is
 * where |f(x) − ȳ| ≤ t·√(gᵀCg + s²·Σσᵢ²/k²), the inverted prediction band, Seber & Wild 1989
 * §5.12, on the bracketing grid of src/fit/interpolate.ts), ŷ at new x with confidence and
 * prediction intervals, and the bootstrap (pyBootstrap.ts: Fitbench's resamples, drawn with its
 * generator; percentile, studentized and BCa intervals). ROUT runs before them (pyRout.ts), on the
 * script's least-squares fit, so they read the fit without the outliers, as Fitbench's do.
 */
import type { AssaySettings } from '../../share/types';
import { predictValues } from '../../share/assay';
import { pyFloat, pyList, pyString } from './pyLiteral';
import { pyBootstrap } from './pyBootstrap';

/** The script's lines for the assay steps that are on (none: an empty list). */
export function pyAssaySteps(a: AssaySettings | undefined, options: { readonly rowRules: boolean; readonly absoluteSigma: boolean; readonly fitArguments: readonly string[] }): string[] {
  if (!a) return [];
  const predict = predictValues(a.predict);
  const xs = predict.ok ? predict.value : null;
  if (!a.interpolate && !xs && !a.bootstrap) return [];
  return [
    '',
    '# --- The assay steps (Fitbench issue 26) ---',
    'from scipy.optimize import brentq',
    'from scipy.stats import t as student_t',
    '',
    'DOF = Y.size - len(FREE)',
    `T95 = student_t.ppf(0.975, DOF)`,
    `S2 = ${options.absoluteSigma ? '1.0 if SIGMA is not None else chi2 / DOF' : 'chi2 / DOF'}  # the covariance scale s^2 (1 with absolute sigma)`,
    '',
    '',
    'def curve(u):',
    '    return float(model(np.array([[u]], dtype=float), *popt)[0])',
    '',
    '',
    'def variance(u):',
    '    """g\' C g at u: the gradient of the curve in the free parameters by central differences."""',
    '    g = np.empty(len(popt))',
    '    for i in range(len(popt)):',
    '        h = 1e-6 * max(abs(popt[i]), 1e-3)',
    '        up, down = popt.copy(), popt.copy()',
    '        up[i] += h',
    '        down[i] -= h',
    '        g[i] = (model(np.array([[u]]), *up)[0] - model(np.array([[u]]), *down)[0]) / (2 * h)',
    '    return float(g @ pcov @ g)',
    '',
    ...(a.interpolate ? interpolation(a.sample, options.rowRules) : []),
    ...(xs ? prediction(xs) : []),
    ...(a.bootstrap ? pyBootstrap(a, options.absoluteSigma, options.fitArguments) : []),
  ];
}

function interpolation(sample: string | null, rowRules: boolean): string[] {
  return [
    `SAMPLE_COLUMN = ${sample === null ? 'None' : pyString(sample)}  # consecutive unknown rows with the same cell here are one sample`,
    'PER_GAP = 32  # grid points per gap between neighbouring standards (as Fitbench brackets the roots)',
    '',
    '',
    'def unknown_samples(path):',
    '    """Rows with a y and an empty x cell (as in Prism), joined into samples: (lines, y values, sigma^2 values, id)."""',
    '    names, rows, lines = read_table(path, with_lines=True)',
    `    mask = ${rowRules ? 'row_mask(path)' : 'np.ones(len(rows), dtype=bool)'}`,
    '    jx, jy = names.index(X_COLUMNS[0]), names.index(Y_COLUMN)',
    '    js = names.index(SAMPLE_COLUMN) if SAMPLE_COLUMN is not None else None',
    '    jsig = names.index(SIGMA_COLUMN) if SIGMA_COLUMN is not None else None',
    '    cell = lambda row, j: row[j].strip() if j < len(row) else ""',
    '    samples, previous = [], -2',
    '    for i, row in enumerate(rows):',
    '        if not mask[i]:',
    '            continue',
    '        y = to_number(cell(row, jy))',
    '        if cell(row, jx) != "" or not np.isfinite(y):',
    '            if cell(row, jx) != "":',
    '                previous = -2',
    '            continue',
    '        s2 = to_number(cell(row, jsig)) ** 2 if jsig is not None else (float(weights_sigma(np.array([y]))[0]) ** 2 if "WEIGHTS" in globals() else 1.0)',
    '        key = cell(row, js) if js is not None and cell(row, js) != "" else None',
    '        if key is not None and samples and samples[-1][3] == key and previous == i - 1:',
    '            samples[-1][0].append(lines[i]); samples[-1][1].append(y); samples[-1][2].append(s2)',
    '        else:',
    '            samples.append(([lines[i]], [y], [s2], key))',
    '        previous = i',
    '    return samples',
    '',
    '',
    'def standards_grid(x):',
    '    d = np.unique(x[np.isfinite(x)])',
    '    return np.append(np.concatenate([a + (b - a) * np.arange(PER_GAP) / PER_GAP for a, b in zip(d[:-1], d[1:])]), d[-1])',
    '',
    '',
    'def read_off(y, noise):',
    '    """x-hat and its 95% inverse-prediction interval, or a status, as Fitbench\'s src/stats/inversePrediction.ts."""',
    '    grid = standards_grid(X[0])',
    '    f = np.array([curve(u) for u in grid])',
    '    if y > f.max():',
    '        return None, None, None, "above-range"',
    '    if y < f.min():',
    '        return None, None, None, "below-range"',
    '    d = f - y',
    '    cells = [i for i in range(len(grid) - 1) if (d[i] < 0 <= d[i + 1]) or (d[i] > 0 >= d[i + 1]) or (d[i] == 0 and i == 0 and d[1] != 0)]',
    '    if len(cells) != 1:',
    '        return None, None, None, "not-monotone" if cells else "not-finite"',
    '    i0 = cells[0]',
    '    x = brentq(lambda u: curve(u) - y, grid[i0], grid[i0 + 1], xtol=1e-14, rtol=1e-15)',
    '    outside = lambda u: abs(curve(u) - y) - T95 * np.sqrt(max(variance(u), 0.0) + noise)',
    '',
    '    def end(step):',
    '        inner = x',
    '        i = i0 if step < 0 else i0 + 1',
    '        while 0 <= i < len(grid):',
    '            if outside(grid[i]) >= 0:',
    '                return brentq(outside, min(grid[i], inner), max(grid[i], inner), xtol=1e-14, rtol=1e-15)',
    '            inner, i = grid[i], i + step',
    '        return None',
    '',
    '    lower, upper = end(-1), end(1)',
    '    return x, lower, upper, "ok" if lower is not None and upper is not None else "no-interval-bound"',
    '',
    '',
    '',
    '',
    'def print_unknowns():',
    '    print("unknowns read off the curve (x-hat, 95% inverse-prediction interval):")',
    '    for lines, ys, s2s, key in unknown_samples(CSV_FILE):',
    '        k = len(ys)',
    '        x, lower, upper, status = read_off(float(np.mean(ys)), S2 * sum(s2s) / k ** 2)',
    '        as_float = lambda v: None if v is None else float(v)',
    '        print("  line %d%s: y = %.6g, x = %r [%r, %r] %s" % (lines[0], "" if key is None else " (%s, n = %d)" % (key, k), np.mean(ys), as_float(x), as_float(lower), as_float(upper), status))',
    '',
    '',
    'print_unknowns()',
  ];
}

function prediction(xs: readonly number[]): string[] {
  return [
    '',
    `PREDICT_AT = ${pyList(xs.map(pyFloat))}`,
    '',
    '',
    'def print_predictions():',
    '    print("predicted y (95% confidence; prediction):")',
    '    for u in PREDICT_AT:',
    '        f, v = curve(u), variance(u)',
    '        new = S2 * (1.0 if SIGMA is None else float("nan"))  # a new reading\'s variance (unknown with a sigma column)',
    '        conf, pred = float(T95 * np.sqrt(v)), float(T95 * np.sqrt(v + new))',
    '        print("  x = %r: y = %r [%r, %r]; [%r, %r]" % (u, f, f - conf, f + conf, f - pred, f + pred))',
    '',
    '',
    'print_predictions()',
  ];
}

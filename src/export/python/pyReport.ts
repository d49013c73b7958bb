/**
 * The end of the exported script: a readable parameter table, then one line of JSON (the last line
 * printed, for programs and tests) with the parameters in model order and null for a non-finite
 * number. Relies on NAMES, FREE, FIXED, popt, pcov, info and status from the script above it.
 */
import { pyFloat, pyString } from './pyLiteral';

export const PY_REPORT = String.raw`
stderr = np.sqrt(np.diag(pcov))


def finite(v):
    v = float(v)
    return v if np.isfinite(v) else None


values = {**FIXED, **dict(zip(FREE, popt))}
errors = dict(zip(FREE, stderr))
for name in NAMES:
    print("%s = %.10g%s" % (name, values[name], " (fixed)" if name in FIXED else " +/- %.4g" % errors[name]))
chi2 = float(np.sum(info["fvec"] ** 2))  # sum of squared weighted residuals`;

/** The JSON line, the last one printed. */
export const PY_REPORT_JSON = String.raw`print(json.dumps({
    "success": bool(status > 0),
    "status": int(status),
    "nfev": int(info["nfev"]),
    "chi2": finite(chi2),
    "parameters": [
        {"name": name, "value": finite(values[name]), "stderr": None if name in FIXED else finite(errors[name]), "fixed": name in FIXED}
        for name in NAMES
    ],
}))
`;

/**
 * The page's fitted values beside the script's: the script starts where the page started, so the
 * two should agree to the fit's conditioning (scipy's forward differences against Fitbench's
 * analytic Jacobian); the difference is printed in standard errors, which says whether it matters.
 */
export function pyPageFit(names: readonly string[], page: readonly { readonly name: string; readonly value: number }[]): string[] {
  const known = page.filter((p) => names.includes(p.name));
  return [
    `PAGE_FIT = {${known.map((p) => `${pyString(p.name)}: ${pyFloat(p.value)}`).join(', ')}}  # what Fitbench found on the page`,
    'print("Fitbench (the page) found:")',
    'for name in NAMES:',
    '    if name in PAGE_FIT and name not in FIXED:',
    '        delta = values[name] - PAGE_FIT[name]',
    '        print("  %s = %.10g (scipy - Fitbench = %.3g, %.3g standard errors)" % (name, PAGE_FIT[name], delta, delta / errors[name] if errors[name] > 0 else float("nan")))',
  ];
}

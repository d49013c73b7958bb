/**
 * The end of the exported script: a readable parameter table, then one line of JSON (the last line
 * printed, for programs and tests) with the parameters in model order and null for a non-finite
 * number. Relies on NAMES, FREE, FIXED, popt, pcov, info and status from the script above it.
 */

export const PY_REPORT = String.raw`
stderr = np.sqrt(np.diag(pcov))


def finite(v):
    v = float(v)
    return v if np.isfinite(v) else None


values = {**FIXED, **dict(zip(FREE, popt))}
errors = dict(zip(FREE, stderr))
for name in NAMES:
    print("%s = %.10g%s" % (name, values[name], " (fixed)" if name in FIXED else " +/- %.4g" % errors[name]))
chi2 = float(np.sum(info["fvec"] ** 2))  # sum of squared weighted residuals
print(json.dumps({
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

/**
 * The end of a per-group script (issue 9): the same curve_fit for each group on its own rows,
 * from the same start values, bounds and settings (Fitbench's "Fit each group", the CLI's
 * --group without --shared). A group that cannot be fitted (too few rows, a failed fit) says why
 * in its entry and the others go on. (The page guesses each group's start values for a library
 * model; the script and the CLI start every group from the table's values, as a user's own model
 * does on the page.) The last line printed is JSON in the shape of the CLI's:
 *
 *   {"mode": "per-group", "shared": [], "groupColumn": "state", "groups": [{"group": "treated",
 *    "rows": 12, "success": true, "status": 2, "message": "…", "params": {…}, "stderr": {…},
 *    "cost": 604.4}, …], "cost": 1463.0, "nfev": 31, "converged": 2, "failed": 0}
 */

export const PY_EACH = String.raw`
def fit_group(key):
    X, Y, SIGMA = group_data(key)
    if Y.size < len(FREE):
        return entry(key, Y.size, "%d usable rows for %d free parameters: too few to fit" % (Y.size, len(FREE))), 0
    try:
        popt, pcov, info, message, status = curve_fit(
            model, X, Y, p0=p0, sigma=SIGMA, absolute_sigma=ABSOLUTE_SIGMA, bounds=(lower, upper),
            max_nfev=MAX_NFEV if MAX_NFEV is not None else max(2000, 500 * len(FREE)),
            full_output=True, **SOLVER)
    except (RuntimeError, ValueError, np.linalg.LinAlgError) as error:
        return entry(key, Y.size, str(error)), 0
    values = dict(zip(FREE, popt))
    errors = dict(zip(FREE, np.sqrt(np.diag(pcov))))
    return entry(key, Y.size, message, status > 0, status, values, errors, loss_cost(info["fvec"])), int(info["nfev"])


fits = [fit_group(key) for key in ORDER]
groups = [g for g, _ in fits]
print("Per-group fits of %s by %s: %d of %d groups converged" % (MODEL, GROUP_COLUMN, sum(g["success"] for g in groups), len(groups)))
print_table(groups)
print(json.dumps({
    "mode": "per-group",
    "shared": [],
    "groupColumn": GROUP_COLUMN,
    "groups": groups,
    "cost": finite(sum(g["cost"] for g in groups if g["cost"] is not None)),
    "nfev": sum(n for _, n in fits),
    "converged": sum(g["success"] for g in groups),
    "failed": sum(not g["success"] for g in groups),
}))
`;

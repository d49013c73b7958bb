/**
 * The end of a global-fit script (issue 9; Fitbench's src/fit/global, the CLI's --shared): one
 * scipy.optimize.least_squares over all groups' stacked residuals, whose parameter vector is the
 * SHARED parameters followed by each group's LOCAL ones. As in Fitbench, a group with fewer rows
 * than local parameters, or whose residuals are not finite at the start, is left out (and says
 * so), the shared start is the common start value, and the covariance is curve_fit's:
 * (JᵀJ)⁻¹ by SVD with small singular values dropped, times 2·cost/(N − n) unless sigma is
 * absolute. scipy's Jacobian here is dense (n columns for n = shared + groups·locals), which is
 * right for tens of groups; for thousands, pass least_squares a jac_sparsity (the arrow pattern).
 * The last line printed is JSON in the shape of the CLI's:
 *
 *   {"mode": "global", "shared": ["K"], "groupColumn": "state", "groups": [{"group": …,
 *    "params": {…}, "stderr": {…}, "cost": …}, …], "cost": …, "nfev": …, "success": true, …}
 */

export const PY_GLOBAL = String.raw`
LOCAL = [name for name in FREE if name not in SHARED]
S, L = len(SHARED), len(LOCAL)
START = dict(zip(FREE, p0))
BOUNDS = dict(zip(FREE, zip(lower, upper)))


def unpack(theta, g):
    """The free parameters (in FREE order) of group g: the shared values, then the group's locals."""
    values = dict(zip(SHARED, theta[:S]))
    values.update(zip(LOCAL, theta[S + g * L:S + (g + 1) * L]))
    return [values[name] for name in FREE]


def weighted_residuals(X, Y, SIGMA, free_values):
    r = model(X, *free_values) - Y
    return r / SIGMA if SIGMA is not None else r


taking_part, left_out = [], {}
for key in ORDER:
    X, Y, SIGMA = group_data(key)
    if Y.size < max(L, 1):
        left_out[key] = entry(key, Y.size, "%d usable rows for %d local parameters: the group was left out of the global fit." % (Y.size, L))
    elif not np.all(np.isfinite(weighted_residuals(X, Y, SIGMA, [START[name] for name in FREE]))):
        left_out[key] = entry(key, Y.size, "Residuals are not finite at the start values: the group was left out of the global fit.")
    else:
        taking_part.append((key, X, Y, SIGMA))
if not taking_part:
    sys.exit("No group can take part in the global fit: %s" % "; ".join("%s: %s" % (k, e["message"]) for k, e in left_out.items()))
G = len(taking_part)


def group_residuals(theta, g):
    _, X, Y, SIGMA = taking_part[g]
    return weighted_residuals(X, Y, SIGMA, unpack(theta, g))


def residuals(theta):
    return np.concatenate([group_residuals(theta, g) for g in range(G)])


x0 = np.array([START[name] for name in SHARED] + [START[name] for _ in range(G) for name in LOCAL], dtype=float)
lo = np.array([BOUNDS[name][0] for name in SHARED] + [BOUNDS[name][0] for _ in range(G) for name in LOCAL], dtype=float)
hi = np.array([BOUNDS[name][1] for name in SHARED] + [BOUNDS[name][1] for _ in range(G) for name in LOCAL], dtype=float)
x0 = np.clip(x0, lo, hi)
fit = least_squares(residuals, x0, bounds=(lo, hi), max_nfev=MAX_NFEV if MAX_NFEV is not None else max(2000, 500 * x0.size), **SOLVER)

# Covariance as curve_fit computes it: the pseudo-inverse of J'J, scaled by the residual variance.
N, n = fit.fun.size, x0.size
_, sv, VT = np.linalg.svd(fit.jac, full_matrices=False)
kept = sv > np.finfo(float).eps * max(fit.jac.shape) * sv[0]
pcov = (VT[kept].T / sv[kept] ** 2) @ VT[kept]
if kept.sum() < n:
    print("warning: the data do not determine every parameter (J'J is singular): no standard errors", file=sys.stderr)
    pcov.fill(np.inf)
elif not ABSOLUTE_SIGMA:
    pcov = pcov * (2 * fit.cost / (N - n) if N > n else np.inf)
stderr = np.sqrt(np.diag(pcov))

groups = []
for key in ORDER:
    if key in left_out:
        groups.append(left_out[key])
        continue
    g = [k for k, *_ in taking_part].index(key)
    values = dict(zip(FREE, unpack(fit.x, g)))
    errors = dict(zip(FREE, unpack(stderr, g)))
    groups.append(entry(key, taking_part[g][2].size, fit.message, fit.status > 0, fit.status, values, errors, loss_cost(group_residuals(fit.x, g))))

print("Global fit of %s over %d groups by %s: %s" % (MODEL, G, GROUP_COLUMN, "converged" if fit.status > 0 else "did not converge: " + fit.message))
for i, name in enumerate(SHARED):
    print("shared %s = %.10g +/- %.4g" % (name, fit.x[i], stderr[i]))
print_table(groups)
print(json.dumps({
    "mode": "global",
    "shared": SHARED,
    "groupColumn": GROUP_COLUMN,
    "groups": groups,
    "cost": finite(fit.cost),
    "nfev": int(fit.nfev),
    "success": bool(fit.status > 0),
    "status": int(fit.status),
    "message": fit.message,
}))
`;

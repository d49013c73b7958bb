/**
 * What grouped scripts (issue 9) share at their end: the cost as Fitbench and least_squares report
 * it (½·Σρ, the robust loss ρ scaled by f_scale: scipy.optimize.least_squares's `loss` formulas),
 * a group's entry in the shape of the CLI's --json groups ({group, rows, success, status, message,
 * params, stderr, cost}, null for a non-finite number), and the table printed above the JSON line.
 * Relies on NAMES, FIXED, LOSS and F_SCALE from the script above it.
 */

export const PY_GROUP_REPORT = String.raw`
def finite(v):
    v = float(v)
    return v if np.isfinite(v) else None


def loss_cost(f):
    """0.5 * sum(rho((f / F_SCALE)**2)) * F_SCALE**2, as least_squares and Fitbench report the cost."""
    z = (np.asarray(f, dtype=float) / F_SCALE) ** 2
    rho = {
        "linear": lambda: z,
        "soft_l1": lambda: 2 * (np.sqrt(1 + z) - 1),
        "huber": lambda: np.where(z <= 1, z, 2 * np.sqrt(z) - 1),
        "cauchy": lambda: np.log1p(z),
        "arctan": lambda: np.arctan(z),
    }[LOSS]()
    return 0.5 * F_SCALE ** 2 * float(np.sum(rho))


def entry(key, rows, message, success=False, status=-1, values=None, errors=None, cost=float("nan")):
    """One group as the CLI's --json lists it; every parameter named, fixed ones with their value."""
    values = {**FIXED, **(values or {})}
    errors = errors or {}
    return {
        "group": key,
        "rows": int(rows),
        "success": bool(success),
        "status": int(status),
        "message": message,
        "params": {name: finite(values.get(name, np.nan)) for name in NAMES},
        "stderr": {name: None if name in FIXED else finite(errors.get(name, np.nan)) for name in NAMES},
        "cost": finite(cost),
    }


def print_table(groups):
    def cell(v):
        return "" if v is None else "%.6g" % v
    header = ["group", "rows", "status"] + [h for name in NAMES for h in (name, "+/- " + name)] + ["cost"]
    lines = [[g["group"], str(g["rows"]), "ok" if g["success"] else "failed"]
             + [cell(g[part][name]) for name in NAMES for part in ("params", "stderr")] + [cell(g["cost"])] for g in groups]
    widths = [max(len(row[c]) for row in [header] + lines) for c in range(len(header))]
    for row in [header] + lines:
        print("  ".join(text.ljust(w) if c == 0 else text.rjust(w) for c, (text, w) in enumerate(zip(row, widths))).rstrip())
    for g in groups:
        if not g["success"]:
            print("%s: %s" % (g["group"], g["message"]))
`;

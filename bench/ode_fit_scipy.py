"""scipy side of the Lotka–Volterra fit benchmark (issue 23): the fit of fixtures/ode/lotka_volterra
(21 times, Hare and Lynx, 6 parameters α, β, δ, γ, H0, L0) by solve_ivp inside least_squares,
timed from the fixture's good and far start, at tolerances that still reach the fixture's minimum.

Two ways a scipy user writes it:
    fd    solve_ivp(RK45) on the 2 states, least_squares(jac='2-point'): the usual script
    sens  solve_ivp(RK45) on the states and their 12 forward sensitivities, least_squares(jac=S)
both with least_squares(method='trf', x_scale='jac'), ftol = xtol = gtol = tol, atol = rtol/100.

"Reaches the minimum": |RSS − RSS_ref|/RSS_ref ≤ 1e-6 and max |p − p_ref|/|p_ref| ≤ 1e-4 from both
starts (the issue's acceptance), against the scipy reference of fixtures/ode/lotka_volterra.json
(which R's agrees with to ~1e-10). The default tolerances below are the loosest of a decade grid
that do so robustly (every tighter pair of the grid passes too), found with {"find": true}
(bench/ode_fit_tolerances.py writes that grid to bench/results/ode-fit-tolerances.md).

Usage: python3 bench/ode_fit_scipy.py [JSON]   with JSON (all optional) = {"rounds": 5,
    "fd": {"rtol": r, "tol": t}, "sens": {...}, "find": false}
Prints one JSON line: per variant and start, seconds per fit (best of `rounds`), median, residual
and Jacobian evaluations, right-hand side calls, and how far the fit is from the reference.
"""
import json
import os
import statistics
import sys
import time

import numpy as np
import scipy
from scipy.optimize import least_squares

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "fixtures", "ode"))
from lsq import Residuals, load  # noqa: E402
from problems import LOTKA_VOLTERRA as LV  # noqa: E402

CRITERIA = {"rss": 1e-6, "params": 1e-4}
DEFAULTS = {"fd": {"rtol": 1e-7, "tol": 1e-4}, "sens": {"rtol": 1e-7, "tol": 1e-4}}
GRID_RTOL = [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11]
GRID_TOL = [1e-4, 1e-6, 1e-8, 1e-10]

cfg = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
with open(os.path.join(ROOT, "fixtures", "ode", "lotka_volterra.json")) as fh:
    fixture = json.load(fh)
ref_rss = fixture["scipy"]["rss"]
ref_p = np.array([fixture["scipy"]["params"][n] for n in LV.params])
data = load(LV)


def fit_once(variant, start, rtol, tol):
    res = Residuals(LV, data, method="RK45", rtol=rtol, atol=rtol / 100)
    t0 = time.perf_counter()
    out = least_squares(res.fun, start, jac=res.jac if variant == "sens" else "2-point",
                        method="trf", x_scale="jac", ftol=tol, xtol=tol, gtol=tol, max_nfev=200)
    seconds = time.perf_counter() - t0
    return seconds, out, res


def judge(out):
    rss = 2 * float(out.cost)
    rss_rel = abs(rss - ref_rss) / ref_rss
    params_rel = float(np.max(np.abs(out.x - ref_p) / np.abs(ref_p)))
    return {"rss": rss, "rss_rel": rss_rel, "params_rel": params_rel,
            "ok": bool(out.success and rss_rel <= CRITERIA["rss"] and params_rel <= CRITERIA["params"])}


def timed(variant, rtol, tol, rounds):
    per_start = {}
    for which, start in LV.starts.items():
        times = []
        for _ in range(rounds):
            seconds, out, res = fit_once(variant, start, rtol, tol)
            times.append(seconds)
        per_start[which] = {"seconds": min(times), "median_seconds": statistics.median(times),
                            "nfev": int(out.nfev), "njev": int(out.njev or 0), "integrations": res.nint,
                            "rhs_calls": res.nrhs, **judge(out)}
    return {"rtol": rtol, "atol": rtol / 100, "tol": tol, **per_start}


def find(variant):
    """Every (rtol, tol) of the grid from both starts, one fit each; the loosest robust pair."""
    rows = []
    for rtol in GRID_RTOL:
        for tol in GRID_TOL:
            row = {"variant": variant, "rtol": rtol, "tol": tol}
            try:
                fits = {w: fit_once(variant, s, rtol, tol) for w, s in LV.starts.items()}
                row.update({w: {"seconds": f[0], **judge(f[1])} for w, f in fits.items()})
                row["ok"] = all(row[w]["ok"] for w in fits)
            except Exception as e:  # an integration that fails at a loose tolerance fails the row
                row.update({"ok": False, "error": str(e)[:200]})
            rows.append(row)
    return rows, loosest_robust(rows)


def loosest_robust(rows):
    """The loosest (rtol first) passing pair whose every tighter-or-equal pair passes too: a pair
    that passes by luck between failing ones (a loose tol that stops early at the right place) is
    not a tolerance one would choose."""
    robust = [r for r in rows if r["ok"] and all(o["ok"] for o in rows if o["rtol"] <= r["rtol"] and o["tol"] <= r["tol"])]
    return max(robust, key=lambda r: (r["rtol"], r["tol"])) if robust else None


def main():
    rounds = int(cfg.get("rounds", 5))
    report = {"tool": f"scipy {scipy.__version__}, numpy {np.__version__}, Python {sys.version.split()[0]}",
              "problem": "lotka_volterra", "criteria": CRITERIA, "reference_rss": ref_rss, "rounds": rounds}
    report["load_average_before"] = os.getloadavg()[0]
    for variant in ("fd", "sens"):
        chosen = {**DEFAULTS[variant], **cfg.get(variant, {})}
        if cfg.get("find"):
            rows, loosest = find(variant)
            report[f"{variant}_grid"] = rows
            if loosest:
                chosen = {"rtol": loosest["rtol"], "tol": loosest["tol"]}
        report[variant] = timed(variant, chosen["rtol"], chosen["tol"], rounds)
    report["load_average_after"] = os.getloadavg()[0]
    print(json.dumps(report))


if __name__ == "__main__":
    main()

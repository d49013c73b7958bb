"""scipy side of bench/ode.ts: Lotka-Volterra with its forward sensitivities (the 2 states and the
2x6 sensitivity matrix, 14 equations) through scipy.integrate.solve_ivp, the way a scipy fit with
exact Jacobians would integrate them, and the states alone for comparison.

Usage: python3 bench/ode_scipy.py JSON  where JSON = {"p": [a, b, d, g, H0, L0], "times": [...],
"rtol": r, "atol": a, "repeats": k}. Prints a JSON report: seconds per integration (best of 5
rounds of `repeats`), nfev, and the solutions at the times (RK45 and a DOP853 reference at
rtol 1e-13).
"""
import json
import sys
import time

import numpy as np
import scipy
from scipy.integrate import solve_ivp

cfg = json.loads(sys.argv[1])
a, b, d, g, H0, L0 = cfg["p"]
times = np.array(cfg["times"], dtype=float)
rtol, atol, repeats = cfg["rtol"], cfg["atol"], cfg["repeats"]


def f_states(t, y):
    H, L = y
    return [a * H - b * H * L, d * H * L - g * L]


def f_sens(t, y):
    H, L = y[0], y[1]
    S = y[2:].reshape(6, 2)  # column k: dX/dp_k
    J = np.array([[a - b * L, -b * H], [d * L, d * H - g]])
    P = np.zeros((2, 6))
    P[0, 0] = H
    P[0, 1] = -H * L
    P[1, 2] = H * L
    P[1, 3] = -L
    dS = (J @ S.T + P).T
    return np.concatenate(([a * H - b * H * L, d * H * L - g * L], dS.ravel()))


y0_sens = np.zeros(14)
y0_sens[0], y0_sens[1] = H0, L0
y0_sens[2 + 4 * 2 + 0] = 1.0  # dH/dH0 at t0
y0_sens[2 + 5 * 2 + 1] = 1.0  # dL/dL0 at t0
span = (0.0, float(times.max()))


def timed(fun, y0, method, rt, at):
    best = float("inf")
    sol = None
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(repeats):
            sol = solve_ivp(fun, span, y0, method=method, t_eval=times, rtol=rt, atol=at)
        best = min(best, (time.perf_counter() - t0) / repeats)
    return best, sol


sens_s, sens = timed(f_sens, y0_sens, "RK45", rtol, atol)
states_s, states = timed(f_states, [H0, L0], "RK45", rtol, atol)
ref = solve_ivp(f_sens, span, y0_sens, method="DOP853", t_eval=times, rtol=1e-13, atol=1e-13)
print(json.dumps({
    "scipy": scipy.__version__,
    "numpy": np.__version__,
    "sens_seconds": sens_s,
    "sens_nfev": int(sens.nfev),
    "states_seconds": states_s,
    "states_nfev": int(states.nfev),
    "rk45": sens.y.T.tolist(),
    "reference": ref.y.T.tolist(),
}))

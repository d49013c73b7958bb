"""scipy.odr (ODRPACK) on the rows bench/odr.ts writes: y = a*exp(k*x) + c with per-row σx, σy,
analytic derivatives (deriv=3: scipy.odr's fastest setting), default tolerances, from the
bench's start. Prints one JSON line per file: n, seconds and cpuSeconds (best of `rounds`: wall
clock and this process's CPU time), beta, sum_square, iterations.

Usage: python3 bench/odr_scipy.py ROUNDS FILE.bin...   (each file: 4·n float64, x | y | sx | sy)
"""
import json
import sys
import time
import warnings

import numpy as np
from scipy import odr

warnings.filterwarnings("ignore", category=DeprecationWarning)


def f(b, x):
    return b[0] * np.exp(b[1] * x) + b[2]


def jb(b, x):
    e = np.exp(b[1] * x)
    return np.vstack([e, b[0] * x * e, np.ones_like(x)])


def jd(b, x):
    return b[0] * b[1] * np.exp(b[1] * x)


rounds = int(sys.argv[1])
for path in sys.argv[2:]:
    a = np.fromfile(path, dtype="<f8")
    n = a.size // 4
    x, y, sx, sy = a[:n], a[n : 2 * n], a[2 * n : 3 * n], a[3 * n :]
    best = float("inf")
    best_cpu = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        c = time.process_time()
        o = odr.ODR(odr.RealData(x, y, sx=sx, sy=sy), odr.Model(f, fjacb=jb, fjacd=jd), beta0=[2.0, -0.5, 0.3])
        o.set_job(deriv=3)
        out = o.run()
        best = min(best, time.perf_counter() - t)
        best_cpu = min(best_cpu, time.process_time() - c)
    print(json.dumps({"n": n, "seconds": best, "cpuSeconds": best_cpu, "beta": out.beta.tolist(), "sum_square": float(out.sum_square), "iterations": int(out.iwork[21]), "stop": out.stopreason}), flush=True)

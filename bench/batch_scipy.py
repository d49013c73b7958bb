"""scipy side of bench/batch.ts: a loop of scipy.optimize.curve_fit over the same 4PL groups.

Usage: python3 bench/batch_scipy.py DIR  (reads DIR/x.f64 (12 values), DIR/y.f64 (G×12) and
DIR/p0.f64; prints a JSON report: wall and CPU seconds per loop (best of `repeats` each), cost ½Σr² per group, nfev).
curve_fit's default for an unbounded problem is method='lm' (MINPACK) with a 2-point Jacobian;
method='trf' is timed on the first 1000 groups.
"""
import json
import sys
import time
import warnings

import numpy as np
from scipy.optimize import OptimizeWarning, curve_fit


def model(x, bottom, top, hill, ec50):
    xh = x ** hill
    return bottom + (top - bottom) * xh / (ec50 ** hill + xh)


def loop(x, Y, p0, method, repeats):
    best = float('inf')
    best_cpu = float('inf')
    costs = np.full(len(Y), np.nan)
    nfev = 0
    for _ in range(repeats):
        t0 = time.perf_counter()
        c0 = time.process_time()
        nfev = 0
        for g, y in enumerate(Y):
            try:
                p, _, info, _, _ = curve_fit(model, x, y, p0=p0, method=method, full_output=True)
                costs[g] = 0.5 * float(np.sum((model(x, *p) - y) ** 2))
                nfev += info['nfev']
            except RuntimeError:
                pass
        best = min(best, time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - c0)
    return best, best_cpu, costs, nfev / len(Y)


def main():
    d = sys.argv[1]
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    x = np.fromfile(f'{d}/x.f64', dtype='<f8')
    Y = np.fromfile(f'{d}/y.f64', dtype='<f8').reshape(-1, len(x))
    p0 = np.fromfile(f'{d}/p0.f64', dtype='<f8')
    warnings.simplefilter('ignore', OptimizeWarning)
    lm_s, lm_cpu, lm_costs, lm_nfev = loop(x, Y, p0, 'lm', repeats)
    trf_s, trf_cpu, _, trf_nfev = loop(x, Y[:1000], p0, 'trf', 1)
    import scipy
    print(json.dumps({'scipy': scipy.__version__, 'numpy': np.__version__, 'groups': len(Y), 'lm_seconds': lm_s, 'lm_cpu': lm_cpu, 'lm_nfev': lm_nfev,
                      'costs': [None if np.isnan(c) else c for c in lm_costs], 'trf_groups': min(1000, len(Y)), 'trf_seconds': trf_s, 'trf_cpu': trf_cpu, 'trf_nfev': trf_nfev}))


main()

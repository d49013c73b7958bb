"""scipy side of bench/speed-cpu.ts: writes the Gaussian-plus-offset data sets and times
scipy.optimize.curve_fit(method='trf') with its default 2-point Jacobian on each.

Usage: python3 bench/gaussian_scipy.py OUTDIR N [N ...]  ->  OUTDIR/gauss-N.x.f64, .y.f64 and a JSON
report on stdout.
"""
import json
import sys
import time

import numpy as np
from scipy.optimize import curve_fit

TRUE = (2.5, 0.3, 0.8, 0.1)
P0 = (2.0, 0.0, 1.0, 0.0)


def model(x, a, mu, s, c):
    return a * np.exp(-(x - mu) ** 2 / (2 * s ** 2)) + c


def main():
    out, sizes = sys.argv[1], [int(v) for v in sys.argv[2:]]
    rng = np.random.default_rng(7)
    report = []
    for n in sizes:
        x = np.linspace(-5, 5, n)
        y = model(x, *TRUE) + 0.05 * rng.standard_normal(n)
        x.astype('<f8').tofile(f'{out}/gauss-{n}.x.f64')
        y.astype('<f8').tofile(f'{out}/gauss-{n}.y.f64')
        repeats = 3 if n <= 100_000 else 2
        best = float('inf')
        for _ in range(repeats):
            t0 = time.perf_counter()
            popt, _pcov, info, _msg, _ier = curve_fit(model, x, y, p0=P0, method='trf', full_output=True)
            best = min(best, time.perf_counter() - t0)
        resid = model(x, *popt) - y
        report.append({'n': n, 'seconds': best, 'params': popt.tolist(), 'nfev': int(info['nfev']),
                       'cost': 0.5 * float(resid @ resid)})
    json.dump(report, sys.stdout)


if __name__ == '__main__':
    main()

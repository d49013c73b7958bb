"""scipy side of the GPU end-to-end benchmark (bench/gpu-e2e.sh, bench/results/gpu-e2e-h100.md):
writes a Gaussian-plus-offset data set of N rows as CSV (x,y) for the fitbench CLI and times
scipy.optimize.curve_fit on the same values in memory, with its default method ('lm', MINPACK)
and with method='trf' (the algorithm fitbench ports), both from the same start as the CLI.

Usage: python3 bench/gpu_e2e_scipy.py OUT.csv N  ->  the CSV, and a JSON report on stdout.
The CSV is written with 9 significant digits and read back, so scipy fits exactly the numbers
the CLI parses.
"""
import json
import os
import sys
import time

import numpy as np
from scipy.optimize import curve_fit

sys.path.insert(0, os.path.dirname(__file__))
from gaussian_scipy import P0, TRUE, model  # noqa: E402  (the same problem as bench/speed-cpu.ts)


def main():
    out, n = sys.argv[1], int(float(sys.argv[2]))
    rng = np.random.default_rng(7)
    x = np.linspace(-5, 5, n)
    y = model(x, *TRUE) + 0.05 * rng.standard_normal(n)
    t0 = time.perf_counter()
    with open(out, 'w') as f:
        f.write('x,y\n')
        np.savetxt(f, np.c_[x, y], fmt='%.9g', delimiter=',')
    write_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    data = np.loadtxt(out, delimiter=',', skiprows=1)
    loadtxt_s = time.perf_counter() - t0
    x, y = data[:, 0].copy(), data[:, 1].copy()
    report = {'n': n, 'writeSeconds': write_s, 'loadtxtSeconds': loadtxt_s, 'fits': {}}
    for method in ('lm', 'trf'):
        t0 = time.perf_counter()
        popt, pcov = curve_fit(model, x, y, p0=P0, method=method)
        seconds = time.perf_counter() - t0
        resid = model(x, *popt) - y
        report['fits'][method] = {'seconds': seconds, 'params': popt.tolist(),
                                  'stderr': np.sqrt(np.diag(pcov)).tolist(), 'cost': 0.5 * float(resid @ resid)}
    json.dump(report, sys.stdout)


main()

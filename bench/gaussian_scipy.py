"""scipy side of bench/speed-cpu.ts: writes the Gaussian-plus-offset data sets and times
scipy.optimize.curve_fit(method='trf') with its defaults (2-point Jacobian, tolerances 1e-8) on them.

Usage:
  python3 bench/gaussian_scipy.py serve OUTDIR
      reads commands on stdin, one a line, and answers each with one JSON line:
        write N [csv]  ->  OUTDIR/gauss-N.x.f64, .y.f64 (and gauss-N.csv, x,y with 17 digits)
        load N         ->  reads OUTDIR/gauss-N.x.f64, .y.f64 that another process wrote
        time N         ->  one curve_fit of those rows: seconds, params, nfev, cost
      (one process for the whole run, so that scipy's timings interleave with Fitbench's)
  python3 bench/gaussian_scipy.py e2e CSV
      what a user's script does end to end: numpy.loadtxt of the CSV, then curve_fit; JSON with
      both times (the caller times the whole process, interpreter start and imports included)
"""
import json
import sys
import time

import numpy as np

TRUE = (2.5, 0.3, 0.8, 0.1)
P0 = (2.0, 0.0, 1.0, 0.0)


def model(x, a, mu, s, c):
    return a * np.exp(-(x - mu) ** 2 / (2 * s ** 2)) + c


def data(n):
    """The rows of bench/speed-cpu.ts: the same for every n-sized run (seed 7)."""
    rng = np.random.default_rng(7)
    x = np.linspace(-5, 5, n)
    return x, model(x, *TRUE) + 0.05 * rng.standard_normal(n)


def fit(x, y):
    from scipy.optimize import curve_fit
    t0 = time.perf_counter()
    popt, _pcov, info, _msg, _ier = curve_fit(model, x, y, p0=P0, method='trf', full_output=True)
    seconds = time.perf_counter() - t0
    resid = model(x, *popt) - y
    return {'seconds': seconds, 'params': popt.tolist(), 'nfev': int(info['nfev']), 'cost': 0.5 * float(resid @ resid)}


def serve(out):
    held = {}
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        n = int(words[1])
        if words[0] == 'write':
            x, y = data(n)
            held[n] = (x, y)
            x.astype('<f8').tofile(f'{out}/gauss-{n}.x.f64')
            y.astype('<f8').tofile(f'{out}/gauss-{n}.y.f64')
            if 'csv' in words[2:]:
                np.savetxt(f'{out}/gauss-{n}.csv', np.column_stack([x, y]), delimiter=',', header='x,y', comments='', fmt='%.17g')
            answer = {'n': n}
        elif words[0] == 'load':
            held[n] = (np.fromfile(f'{out}/gauss-{n}.x.f64', '<f8'), np.fromfile(f'{out}/gauss-{n}.y.f64', '<f8'))
            answer = {'n': n}
        else:
            answer = {'n': n, **fit(*held[n])}
        print(json.dumps(answer), flush=True)


def e2e(path):
    t0 = time.perf_counter()
    table = np.loadtxt(path, delimiter=',', skiprows=1)
    load = time.perf_counter() - t0
    result = fit(table[:, 0], table[:, 1])
    print(json.dumps({'loadSeconds': load, **result}))


if __name__ == '__main__':
    if sys.argv[1] == 'serve':
        serve(sys.argv[2])
    elif sys.argv[1] == 'e2e':
        e2e(sys.argv[2])
    else:
        sys.exit('usage: gaussian_scipy.py serve OUTDIR | e2e CSV')

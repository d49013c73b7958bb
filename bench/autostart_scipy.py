"""scipy.optimize.least_squares (method='trf', defaults) on the cases bench/autostart.ts writes:
from all-ones starts, and the best of N random starts (|p| log-uniform in [1e-2, 1e2], random sign,
numpy seed 0). Prints JSON: per case the best cost of each strategy and its time.
Run by bench/autostart.ts: python3 bench/autostart_scipy.py CASES.json N"""
import json, sys, time, warnings
import numpy as np
from scipy.optimize import least_squares

cases = json.load(open(sys.argv[1]))
n_random = int(sys.argv[2])
rng = np.random.default_rng(0)
warnings.filterwarnings("ignore")  # overflow from far random starts is expected; those fits just fail
out = []
for c in cases:
    x = np.array(c['x']); y = np.array(c['y'])
    f = eval('lambda p, x: ' + c['py'], {'np': np, 'exp': np.exp, 'sin': np.sin, 'cos': np.cos})
    k = len(c['params'])
    def res(p):
        with np.errstate(all='ignore'):
            r = f(p, x) - y
        return np.where(np.isfinite(r), r, 1e150)
    def fit(p0):
        try:
            r = least_squares(res, p0, method='trf')
            return r.cost if np.all(np.isfinite(r.fun)) else np.inf
        except Exception:
            return np.inf
    t0 = time.perf_counter(); ones = fit(np.ones(k)); t1 = time.perf_counter()
    best = np.inf
    for _ in range(n_random):
        p0 = rng.choice([-1, 1], k) * 10 ** rng.uniform(-2, 2, k)
        best = min(best, fit(p0))
    t2 = time.perf_counter()
    out.append({'ones': float(ones), 'onesMs': 1e3 * (t1 - t0), 'random': float(best), 'randomMs': 1e3 * (t2 - t1)})
print(json.dumps(out))

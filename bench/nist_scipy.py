"""scipy side of bench/nist-vs-scipy.ts: fits the 27 NIST StRD problems from both starts with
scipy.optimize.least_squares(method='trf') as a scipy user would (finite-difference Jacobian), in
two configurations, and prints JSON.

Usage: python3 bench/nist_scipy.py fixtures/nist/nist_strd.json
"""
import json
import sys
import time
import warnings

import numpy as np
from scipy.optimize import least_squares

warnings.filterwarnings('ignore')

SAFE = {'exp': np.exp, 'log': np.log, 'sin': np.sin, 'cos': np.cos, 'atan': np.arctan, 'pi': np.pi}
CONFIGS = {
    'defaults': {},
    'tight-3point': {'ftol': 1e-15, 'xtol': 1e-15, 'gtol': 1e-15, 'jac': '3-point'},
}


def main():
    problems = json.load(open(sys.argv[1]))
    out = []
    for p in problems:
        names = ['x1', 'x2'] if 'x1' in p else ['x']
        cols = {n: np.array(p[n], float) for n in names}
        y = np.array(p['y'], float)
        if p.get('response_transform') == 'log':
            y = np.log(y)
        # The model text is NIST's own (a fixed, trusted fixture), evaluated with numpy functions only.
        code = compile(p['model'].replace('^', '**'), p['name'], 'eval')

        def residuals(b, code=code, cols=cols, y=y, params=p['params']):
            env = dict(SAFE, **cols, **dict(zip(params, b)))
            return eval(code, {'__builtins__': {}}, env) - y

        for start in (1, 2):
            for cname, cfg in CONFIGS.items():
                t0 = time.perf_counter()
                r = least_squares(residuals, np.array(p[f'start{start}'], float), method='trf', **cfg)
                out.append({'name': p['name'], 'start': start, 'config': cname, 'x': r.x.tolist(),
                            'cost': float(r.cost), 'status': int(r.status), 'success': bool(r.success),
                            'nfev': int(r.nfev), 'ms': 1000 * (time.perf_counter() - t0)})
    json.dump(out, sys.stdout)


main()

"""Writes a per-group batch as CSV for `fitbench fit --group well` (bench/gpu-e2e.sh): G groups of a
four-parameter logistic over 12 doses, each with its own parameters and Gaussian noise (seeded).

Usage: python3 bench/gpu_batch_groups.py OUT.csv G
"""
import sys

import numpy as np


def main():
    out, groups = sys.argv[1], int(float(sys.argv[2]))
    rng = np.random.default_rng(17)
    dose = np.logspace(-2, 2, 12)
    bottom = rng.uniform(0.05, 0.3, groups)
    top = rng.uniform(1.5, 3.0, groups)
    hill = rng.uniform(0.7, 2.0, groups)
    ec50 = np.exp(rng.uniform(np.log(0.1), np.log(10), groups))
    y = bottom[:, None] + (top - bottom)[:, None] * dose ** hill[:, None] / (ec50[:, None] ** hill[:, None] + dose ** hill[:, None])
    y += 0.03 * rng.standard_normal(y.shape)
    well = np.repeat(np.arange(groups), dose.size)
    with open(out, 'w') as f:
        f.write('well,dose,signal\n')
        np.savetxt(f, np.c_[well, np.tile(dose, groups), y.ravel()], fmt=['w%d', '%.6g', '%.6g'], delimiter=',')


main()

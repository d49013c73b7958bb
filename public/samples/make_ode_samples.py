#!/usr/bin/env python3
"""The ODE models' sample data sets (issue 23) and their entries in index.json.

    python3 public/samples/make_ode_samples.py

Each model of src/library/ode/examples.ts is integrated by scipy's solve_ivp (DOP853, rtol and
atol 1e-12: an integrator independent of Fitbench's) at its true parameters; Gaussian noise comes
from Python's own random.Random with a fixed seed through Box-Muller on rng.random() (as
generate.py draws it), and values are written with a fixed number of decimals, so a file changes
only when a model or its truth does. lotka_volterra.csv is fixtures/ode/make_data.py's (not
rewritten here); its entry is added. Entries are merged into index.json by id (generate.py keeps
entries it did not make).
"""
import json
import math
import random
from pathlib import Path

import numpy as np
from scipy.integrate import solve_ivp

HERE = Path(__file__).resolve().parent


def normal(rng):
    u1, u2 = rng.random(), rng.random()
    return math.sqrt(-2.0 * math.log(1.0 - u1)) * math.cos(2.0 * math.pi * u2)


def integrate(rhs, x0, times):
    sol = solve_ivp(rhs, (0.0, float(times[-1])), x0, method="DOP853", t_eval=times, rtol=1e-12, atol=1e-12)
    assert sol.success, sol.message
    return sol.y


def write(name, header, rows, decimals):
    lines = [",".join(header)]
    for row in rows:
        lines.append(",".join(f"{v:.{decimals}f}" if i > 0 else f"{v:g}" for i, v in enumerate(row)))
    (HERE / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def consecutive():
    k1, k2, A0 = 0.35, 0.12, 10.0
    t = np.arange(0.0, 31.0, 1.5)
    X = integrate(lambda _, x: [-k1 * x[0], k1 * x[0] - k2 * x[1], k2 * x[1]], [A0, 0.0, 0.0], t)
    rng, sd = random.Random(2311), 0.15
    rows = [[t[i]] + [X[j, i] + sd * normal(rng) for j in range(3)] for i in range(t.size)]
    write("consecutive_reactions.csv", ["t", "A", "B", "C"], rows, 4)
    return entry("ode-consecutive", "Consecutive reactions A → B → C (simulated)",
                 f"A, B and C at 21 times from 0 to 30, first-order steps k1 = {k1}, k2 = {k2} from A0 = {A0}; Gaussian noise, standard deviation {sd}.",
                 "consecutive_reactions.csv", "A", {"k1": k1, "k2": k2, "A0": A0}, sd)


def michaelis_menten():
    Vmax, Km, S0 = 1.2, 4.0, 20.0
    t = np.arange(0.0, 31.0, 1.5)
    X = integrate(lambda _, x: [-Vmax * x[0] / (Km + x[0])], [S0], t)
    rng, sd = random.Random(2312), 0.2
    rows = [[t[i], X[0, i] + sd * normal(rng)] for i in range(t.size)]
    write("substrate_depletion.csv", ["t", "S"], rows, 4)
    return entry("ode-michaelis-menten", "Michaelis–Menten progress curve (simulated)",
                 f"Substrate S at 21 times from 0 to 30 as one enzyme reaction depletes it: Vmax = {Vmax}, Km = {Km}, S0 = {S0}; Gaussian noise, standard deviation {sd}.",
                 "substrate_depletion.csv", "S", {"Vmax": Vmax, "Km": Km, "S0": S0}, sd)


def pk_two_compartment():
    ka, CL, V1, Q, V2 = 1.5, 5.0, 20.0, 3.0, 40.0
    t = np.array([0.25, 0.5, 1, 1.5, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 30, 36, 48, 60, 72], dtype=float)

    def rhs(_, x):
        g, a1, a2 = x
        return [-ka * g, ka * g - CL / V1 * a1 - Q / V1 * a1 + Q / V2 * a2, Q / V1 * a1 - Q / V2 * a2]

    X = integrate(rhs, [100.0, 0.0, 0.0], t)
    rng, cv = random.Random(2313), 0.03
    rows = [[t[i], X[1, i] / V1 * (1.0 + cv * normal(rng))] for i in range(t.size)]
    write("pk_two_compartment.csv", ["t", "conc"], rows, 5)
    return entry("ode-pk-two-compartment", "Two-compartment pharmacokinetics after an oral dose (simulated)",
                 f"Plasma concentration (mg/L) at 19 times from 0.25 to 72 h after 100 mg by mouth: ka = {ka}/h, CL = {CL} L/h, V1 = {V1} L, Q = {Q} L/h, V2 = {V2} L; 3 % proportional noise.",
                 "pk_two_compartment.csv", "conc", {"ka": ka, "CL": CL, "V1": V1, "Q": Q, "V2": V2}, None)


def sir():
    beta, gamma, I0, N = 0.5, 0.2, 10.0, 10000.0
    t = np.arange(0.0, 81.0, 4.0)
    X = integrate(lambda _, x: [-beta * x[0] * x[1] / N, beta * x[0] * x[1] / N - gamma * x[1], gamma * x[1]], [N - I0, I0, 0.0], t)
    rng, sd = random.Random(2314), 25.0
    rows = [[t[i], X[1, i] + sd * normal(rng)] for i in range(t.size)]
    write("sir_epidemic.csv", ["t", "infected"], rows, 2)
    return entry("ode-sir", "SIR epidemic in a town of 10 000 (simulated)",
                 f"The number infected every 4 days for 80 days: β = {beta}, γ = {gamma}, I0 = {I0} of N = 10 000; Gaussian noise, standard deviation {sd}.",
                 "sir_epidemic.csv", "infected", {"beta": beta, "gamma": gamma, "I0": I0}, sd)


def logistic():
    r, K, N0 = 0.6, 100.0, 3.0
    t = np.arange(0.0, 21.0, 1.0)
    X = integrate(lambda _, x: [r * x[0] * (1.0 - x[0] / K)], [N0], t)
    rng, sd = random.Random(2315), 2.0
    rows = [[t[i], X[0, i] + sd * normal(rng)] for i in range(t.size)]
    write("logistic_growth.csv", ["t", "density"], rows, 3)
    return entry("ode-logistic", "Logistic growth of a culture (simulated)",
                 f"Density at 21 times from 0 to 20: r = {r}, K = {K}, N0 = {N0}; Gaussian noise, standard deviation {sd}.",
                 "logistic_growth.csv", "density", {"r": r, "K": K, "N0": N0}, sd)


def lotka_volterra():
    truth = {"alpha": 0.55, "beta": 0.028, "delta": 0.026, "gamma": 0.84, "H0": 30.0, "L0": 4.0}
    return entry("lotka-volterra", "Lotka–Volterra predator–prey counts (simulated)",
                 "Hares and lynx at t = 0, 1, …, 20 from dH/dt = αH − βHL, dL/dt = δHL − γL; Gaussian noise, standard deviation 2 (fixtures/ode/make_data.py, which also holds scipy's and R's fits).",
                 "lotka_volterra.csv", "Hare", truth, 2.0)


def entry(ident, title, description, file, y, truth, noise):
    from_examples = EXAMPLES[ident]
    out = {"id": ident, "title": title, "description": description, "file": file, "x": ["t"], "y": y,
           "model": from_examples["statements"], "params": from_examples["starts"], "library": from_examples["library"], "truth": dict(truth)}
    # The noise is in the description: truth holds the parameters alone, as generate.py's entries do.
    return out


# The statements and starts as src/library/ode/examples.ts has them (odeExamples.test.ts checks that they agree).
EXAMPLES = {
    "ode-consecutive": {"library": "ode-consecutive", "statements": "dA/dt = -k1*A\ndB/dt = k1*A - k2*B\ndC/dt = k2*B\nA(0) = A0\nB(0) = 0\nC(0) = 0\nA ~ A\nB ~ B\nC ~ C", "starts": {"k1": 0.2, "k2": 0.05, "A0": 9}},
    "ode-michaelis-menten": {"library": "ode-michaelis-menten", "statements": "dS/dt = -Vmax*S/(Km + S)\nS(0) = S0\nS ~ S", "starts": {"Vmax": 1, "Km": 2, "S0": 18}},
    "ode-pk-two-compartment": {"library": "ode-pk-two-compartment", "statements": "dGut/dt = -ka*Gut\ndA1/dt = ka*Gut - CL/V1*A1 - Q/V1*A1 + Q/V2*A2\ndA2/dt = Q/V1*A1 - Q/V2*A2\nGut(0) = 100\nA1(0) = 0\nA2(0) = 0\nconc ~ A1/V1", "starts": {"ka": 1, "CL": 4, "V1": 15, "Q": 2, "V2": 30}},
    "ode-sir": {"library": "ode-sir", "statements": "N = 10000\ndS/dt = -beta*S*I/N\ndI/dt = beta*S*I/N - gamma*I\ndR/dt = gamma*I\nS(0) = N - I0\nI(0) = I0\nR(0) = 0\ninfected ~ I", "starts": {"beta": 0.4, "gamma": 0.15, "I0": 5}},
    "lotka-volterra": {"library": "ode-lotka-volterra", "statements": "dH/dt = alpha*H - beta*H*L\ndL/dt = delta*H*L - gamma*L\nH(0) = H0\nL(0) = L0\nHare ~ H\nLynx ~ L", "starts": {"alpha": 0.5, "beta": 0.025, "delta": 0.03, "gamma": 0.8, "H0": 28, "L0": 5}},
    "ode-logistic": {"library": "ode-logistic", "statements": "dN/dt = r*N*(1 - N/K)\nN(0) = N0\ndensity ~ N", "starts": {"r": 0.3, "K": 90, "N0": 5}},
}


def main():
    index_path = HERE / "index.json"
    entries = json.loads(index_path.read_text(encoding="utf-8"))
    made = [consecutive(), michaelis_menten(), pk_two_compartment(), sir(), lotka_volterra(), logistic()]
    ids = {e["id"] for e in made}
    entries = [e for e in entries if e["id"] not in ids] + made
    index_path.write_text(json.dumps(entries, indent=2) + "\n", encoding="utf-8")
    for e in made:
        print(e["id"], e["file"])


if __name__ == "__main__":
    main()

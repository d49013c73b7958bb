#!/usr/bin/env python3
"""Builds the one-click sample datasets in public/samples/ and their manifest, index.json.

    python3 public/samples/generate.py [--nist-raw DIR]

Synthetic sets use Python's own Mersenne Twister (random.Random) with fixed seeds, and their own
Box-Muller and Poisson draws from rng.random() only, so the files come out byte-identical on any
CPython 3, independent of numpy and of changes to random.gauss. Values are written with a fixed
number of decimals, so a last-ulp difference in libm's exp or sin cannot change a file either.

NIST sets (Misra1a, Thurber, Gauss2) copy the decimal text of the NIST StRD files verbatim (e.g.
"10.07E0"), never a reformatted float, so that the ingest's hi + lo reproduces NIST's decimals
exactly. They are converted only when --nist-raw points at the raw .dat files (the repository keeps
the converted CSVs; the raw files live outside it, see fixtures/nist/README.md); otherwise the
existing CSVs and their manifest entries are kept as they are.

index.json is a list of entries:
    id, title, description   what the app shows
    file                     CSV with a header row, next to index.json
    x                        list of x column names (the `x` of selectColumns), y, sigma (optional)
    model                    suggested expression over those columns and the parameters
    params                   suggested starting values (NIST: "Start 1")
    truth                    synthetic sets: the generating parameters (and `noise`, the noise sd)
    certified                NIST sets: certified parameter values and residual sum of squares
    group                    the column that names the groups (picked when the sample opens)
    library                  the library model the expression is (its guesser starts each group)
    wide                     each y column is a dataset (a plate's wells as columns)
"""
import argparse
import json
import math
import random
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent


def normal(rng: random.Random) -> float:
    """One standard normal draw (Box-Muller, cosine branch)."""
    u1 = 1.0 - rng.random()  # (0, 1]: log stays finite
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * rng.random())


def poisson(rng: random.Random, lam: float) -> int:
    """Exact Poisson draw: Knuth's product method on pieces of at most 30 (Poisson is additive)."""
    total = 0
    while lam > 0:
        piece = min(lam, 30.0)
        lam -= piece
        limit, k, p = math.exp(-piece), 0, rng.random()
        while p > limit:
            k += 1
            p *= rng.random()
        total += k
    return total


def write_csv(name: str, header: list, rows: list) -> None:
    lines = [",".join(header)] + [",".join(row) for row in rows]
    (HERE / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def decay() -> dict:
    truth = {"A": 1000.0, "tau": 4.2, "c": 30.0}
    rng = random.Random(20240601)
    rows = []
    for i in range(81):
        t = 0.25 * i
        counts = poisson(rng, truth["A"] * math.exp(-t / truth["tau"]) + truth["c"])
        rows.append([f"{t:.2f}", str(counts), f"{math.sqrt(max(counts, 1)):.4f}"])
    write_csv("decay.csv", ["t", "counts", "sigma"], rows)
    return {
        "id": "decay", "title": "Radioactive decay with background",
        "description": "Counts from a decaying source over a constant background, 81 time bins; "
                       "Poisson noise, with sigma = sqrt(counts) given per point.",
        "file": "decay.csv", "x": ["t"], "y": "counts", "sigma": "sigma",
        "model": "A*exp(-t/tau) + c", "params": {"A": 800, "tau": 3, "c": 10}, "truth": truth,
    }


def peaks() -> dict:
    truth = {"a1": 120.0, "m1": 35.0, "s1": 4.0, "a2": 70.0, "m2": 62.0, "s2": 6.5, "b0": 10.0, "b1": 0.15}
    noise = 3.0
    rng = random.Random(7)
    rows = []
    for i in range(400):
        x = 100.0 * i / 399
        g1 = truth["a1"] * math.exp(-((x - truth["m1"]) ** 2) / (2 * truth["s1"] ** 2))
        g2 = truth["a2"] * math.exp(-((x - truth["m2"]) ** 2) / (2 * truth["s2"] ** 2))
        y = g1 + g2 + truth["b0"] + truth["b1"] * x + noise * normal(rng)
        rows.append([f"{x:.4f}", f"{y:.3f}"])
    write_csv("peaks.csv", ["x", "y"], rows)
    return {
        "id": "peaks", "title": "Two Gaussian peaks on a linear background",
        "description": "A 400-point spectrum: two overlapping Gaussian lines on a sloping baseline, "
                       f"Gaussian noise with standard deviation {noise}.",
        "file": "peaks.csv", "x": ["x"], "y": "y",
        "model": "a1*exp(-(x-m1)^2/(2*s1^2)) + a2*exp(-(x-m2)^2/(2*s2^2)) + b0 + b1*x",
        "params": {"a1": 100, "m1": 33, "s1": 5, "a2": 60, "m2": 60, "s2": 5, "b0": 5, "b1": 0.1},
        "truth": truth, "noise": noise,
    }


def dose_response() -> dict:
    truth = {"bottom": 5.0, "top": 100.0, "ec50": 0.8, "hill": 1.2}
    noise = 3.0
    rng = random.Random(1234)
    rows = []
    for i in range(10):
        dose = 10.0 ** (-3 + 5 * i / 9)  # 1e-3 … 1e2, log-spaced
        mean = truth["bottom"] + (truth["top"] - truth["bottom"]) / (1 + (dose / truth["ec50"]) ** truth["hill"])
        for _ in range(3):  # replicates
            rows.append([f"{dose:.6g}", f"{mean + noise * normal(rng):.2f}"])
    write_csv("dose_response.csv", ["dose", "response"], rows)
    return {
        "id": "dose-response", "title": "Dose-response (4-parameter logistic)",
        "description": "Inhibition curve: 10 log-spaced doses from 0.001 to 100, 3 replicates each, "
                       f"Gaussian noise with standard deviation {noise}.",
        "file": "dose_response.csv", "x": ["dose"], "y": "response",
        "model": "bottom + (top - bottom)/(1 + (dose/ec50)^hill)",
        "params": {"bottom": 0, "top": 90, "ec50": 1, "hill": 1}, "truth": truth, "noise": noise,
    }


PLATE_ROWS = "ABCDEFGH"
# Wells that show what a failed well looks like in the per-well results (issue 9).
PLATE_FEW = "G12"   # three readings only (the rest not read): fewer rows than the 4PL's 4 parameters
PLATE_FLAT = "H11"  # no response to the compound: a flat well, where EC50 and hill are undetermined
PLATE_NAN = "H12"   # a well the reader could not read: NaN at every dose


def plate_reader() -> dict:
    """A 96-well plate read as a wide file: x = concentration (12 half-log doses), one column per
    well (A1 … H12), each a 4PL dose-response curve with its own parameters plus Gaussian noise."""
    noise = 3.0
    rng = random.Random(96)
    doses = [100.0 * 10.0 ** (-k / 2) for k in range(12)]  # 100 … 3.16e-4, half-log dilutions
    wells = [f"{r}{c}" for r in PLATE_ROWS for c in range(1, 13)]
    columns = {}
    for well in wells:
        # Draws happen for every well, in order, so each well's parameters do not depend on which are bad.
        bottom = 5.0 + 1.5 * normal(rng)
        top = 100.0 + 4.0 * normal(rng)
        ec50 = 10.0 ** (-2.5 + 3.0 * rng.random())
        hill = 0.8 + 1.2 * rng.random()
        errs = [noise * normal(rng) for _ in doses]
        if well == PLATE_NAN:
            columns[well] = ["NaN"] * len(doses)
        elif well == PLATE_FLAT:
            columns[well] = [f"{50.0 + e:.2f}" for e in errs]
        else:
            mean = [bottom + (top - bottom) * d ** hill / (ec50 ** hill + d ** hill) for d in doses]
            cells = [f"{m + e:.2f}" for m, e in zip(mean, errs)]
            columns[well] = [c if well != PLATE_FEW or k < 3 else "" for k, c in enumerate(cells)]
    rows = [[f"{d:.6g}"] + [columns[w][k] for w in wells] for k, d in enumerate(doses)]
    write_csv("plate_reader.csv", ["conc"] + wells, rows)
    return {
        "id": "plate-reader", "title": "Plate reader (96 wells)",
        "description": "A 96-well plate as a wide file: 12 half-log doses of a compound in the column conc, "
                       "one column per well (A1 to H12), each a 4-parameter logistic with its own EC50 and "
                       f"Hill slope and Gaussian noise with standard deviation {noise}. Three wells fail on "
                       f"purpose: {PLATE_FEW} has three readings, {PLATE_FLAT} does not respond, {PLATE_NAN} "
                       "could not be read (NaN).",
        "file": "plate_reader.csv", "x": ["conc"], "y": "A1",
        "model": "bottom + (top - bottom)*conc^hill/(EC50^hill + conc^hill)",
        "library": "dose-response-4pl",
        "params": {"bottom": 5, "top": 100, "EC50": 0.1, "hill": 1},
        "wide": True, "noise": noise,
    }


def damped_sine() -> dict:
    truth = {"A": 2.5, "tau": 3.0, "f": 1.3, "phi": 0.4, "c": 0.1}
    noise = 0.08
    rng = random.Random(99)
    rows = []
    for i in range(201):
        t = 0.05 * i
        y = truth["A"] * math.exp(-t / truth["tau"]) * math.sin(2 * math.pi * truth["f"] * t + truth["phi"]) + truth["c"]
        rows.append([f"{t:.2f}", f"{y + noise * normal(rng):.4f}"])
    write_csv("damped_sine.csv", ["t", "y"], rows)
    return {
        "id": "damped-sine", "title": "Damped oscillation",
        "description": "201 samples of an exponentially damped sine with an offset, "
                       f"Gaussian noise with standard deviation {noise}.",
        "file": "damped_sine.csv", "x": ["t"], "y": "y",
        "model": "A*exp(-t/tau)*sin(2*pi*f*t + phi) + c",
        "params": {"A": 2, "tau": 2, "f": 1.25, "phi": 0, "c": 0}, "truth": truth, "noise": noise,
    }


NIST = [
    ("Misra1a", "nist-misra1a", "NIST Misra1a: dental adsorption",
     "NIST StRD, lower difficulty: monomolecular adsorption, volume against pressure (14 points).",
     "b1*(1-exp(-b2*x))"),
    ("Thurber", "nist-thurber", "NIST Thurber: electron mobility",
     "NIST StRD, higher difficulty: semiconductor electron mobility against log density, "
     "a cubic/cubic rational model (37 points).",
     "(b1 + b2*x + b3*x^2 + b4*x^3)/(1 + b5*x + b6*x^2 + b7*x^3)"),
    ("Gauss2", "nist-gauss2", "NIST Gauss2: two blended Gaussians",
     "NIST StRD, lower difficulty: two slightly blended Gaussians on a decaying exponential "
     "baseline, noise variance 6.25 (250 points).",
     "b1*exp(-b2*x) + b3*exp(-(x-b4)^2/b5^2) + b6*exp(-(x-b7)^2/b8^2)"),
]


def nist(raw: Path, name: str, ident: str, title: str, description: str, model: str) -> dict:
    """Copies the data block of a NIST .dat file (lines given in its header) as x,y CSV text."""
    text = (raw / f"{name}.dat").read_text(encoding="ascii").splitlines()
    first, last = map(int, re.search(r"Data\s+\(lines\s+(\d+)\s+to\s+(\d+)\)", "\n".join(text[:10])).groups())
    assert text[first - 2].split()[1:] == ["y", "x"], f"{name}: unexpected column order"
    rows = [line.split() for line in text[first - 1:last]]
    write_csv(f"{name.lower()}.csv", ["x", "y"], [[x, y] for y, x in rows])
    problem = next(p for p in json.loads((raw.parent / "nist_strd.json").read_text()) if p["name"] == name)
    assert [float(x) for _, x in rows] == problem["x"] and [float(y) for y, _ in rows] == problem["y"]
    names = problem["params"]
    return {
        "id": ident, "title": title, "description": description,
        "file": f"{name.lower()}.csv", "x": ["x"], "y": "y", "model": model,
        "params": dict(zip(names, problem["start1"])),
        "certified": {"values": dict(zip(names, problem["certified"]["values"])),
                      "rss": problem["certified"]["rss"]},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nist-raw", type=Path, help="directory holding the NIST StRD .dat files")
    args = ap.parse_args()
    index_path = HERE / "index.json"
    old = {e["id"]: e for e in json.loads(index_path.read_text())} if index_path.exists() else {}
    entries = [decay(), peaks(), dose_response(), damped_sine()]
    for name, ident, title, description, model in NIST:
        if args.nist_raw:
            entries.append(nist(args.nist_raw, name, ident, title, description, model))
        elif ident in old:
            entries.append(old[ident])
    # Samples built elsewhere (Puromycin: puromycin_reference.R) keep their entries, in place.
    made = {e["id"] for e in entries}
    entries += [e for ident, e in old.items() if ident not in made and ident != "plate-reader"]
    entries.append(plate_reader())
    index_path.write_text(json.dumps(entries, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

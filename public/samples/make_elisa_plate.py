#!/usr/bin/env python3
"""The ELISA-like plate of the assay workflow (issue 26) and its entry in index.json.

    python3 public/samples/make_elisa_plate.py

A sandwich ELISA read at 450 nm: eight standards, a two-fold dilution series from 1000 to
7.8125 pg/mL, each in duplicate, on the four-parameter logistic

    od = bottom + (top - bottom) * conc^hill / (EC50^hill + conc^hill)

with bottom = 0.06, top = 2.9, EC50 = 140 pg/mL, hill = 1.25 and Gaussian noise of standard
deviation 0.03 OD. One standard well is a gross outlier: the second 250 pg/mL replicate reads
0.45 OD too high (a splash, 15 sigma). Then twelve unknown wells, six samples in duplicate
(U1-U5 inside the curve's range, U6 above its top: the page says so instead of a number), with
an empty conc cell: the unknowns the page reads off the curve. The sample column joins each
sample's replicates (standards: "std"). Noise from Python's random.Random (seed 2026) with a
Box-Muller draw of rng.random() only and four decimals written, so the file is byte-identical
on any CPython 3. The entry is merged into index.json by id (generate.py keeps entries it did
not make).
"""
import json
import math
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
TRUTH = {"bottom": 0.06, "top": 2.9, "EC50": 140.0, "hill": 1.25}
NOISE = 0.03
STANDARDS = [1000.0 / 2 ** i for i in range(8)]
OUTLIER = (250.0, 1, 0.45)  # (conc, replicate index, shift in OD)
# Unknown samples: the true concentration of each (U6 reads above the top of the curve).
UNKNOWNS = [("U1", 20.0), ("U2", 60.0), ("U3", 140.0), ("U4", 300.0), ("U5", 700.0), ("U6", None)]


def normal(rng):
    u1, u2 = rng.random(), rng.random()
    return math.sqrt(-2.0 * math.log(1.0 - u1)) * math.cos(2.0 * math.pi * u2)


def four_pl(conc):
    b, t, e, h = TRUTH["bottom"], TRUTH["top"], TRUTH["EC50"], TRUTH["hill"]
    return b + (t - b) * conc ** h / (e ** h + conc ** h)


def main():
    rng = random.Random(2026)
    lines = ["conc,od,sample"]
    for conc in sorted(STANDARDS):
        for rep in range(2):
            od = four_pl(conc) + NOISE * normal(rng)
            if (conc, rep) == OUTLIER[:2]:
                od += OUTLIER[2]
            lines.append(f"{conc:g},{od:.4f},std")
    for name, conc in UNKNOWNS:
        for _ in range(2):
            # U6: a well that reads above the top plateau (undiluted, saturated).
            od = (TRUTH["top"] + 0.25 if conc is None else four_pl(conc)) + NOISE * normal(rng)
            lines.append(f",{od:.4f},{name}")
    (HERE / "elisa_plate.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    entry = {
        "id": "elisa-plate",
        "title": "ELISA plate: standards and unknowns (simulated)",
        "description": "A 4PL standard curve, 8 standards in duplicate (one gross outlier), and 6 unknown samples in duplicate with an empty conc cell, to read off the curve; Gaussian noise, standard deviation 0.03 OD.",
        "file": "elisa_plate.csv",
        "x": ["conc"],
        "y": "od",
        "model": "bottom + (top - bottom)*conc^hill/(EC50^hill + conc^hill)",
        "library": "dose-response-4pl",
        "params": {"bottom": 0.1, "top": 2.5, "EC50": 100, "hill": 1},
        "truth": TRUTH,
        "noise": NOISE,
        "unknowns": {c: v for c, v in UNKNOWNS if v is not None},
        "assay": {"interpolate": True, "sample": "sample"},
    }
    index_path = HERE / "index.json"
    entries = json.loads(index_path.read_text(encoding="utf-8"))
    entries = [e for e in entries if e["id"] != entry["id"]] + [entry]
    index_path.write_text(json.dumps(entries, indent=2) + "\n", encoding="utf-8")
    print(entry["id"], entry["file"])


if __name__ == "__main__":
    main()

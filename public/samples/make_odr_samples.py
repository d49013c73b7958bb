"""Samples for errors in both variables (issue 24): copies of fixtures/odr's CSVs (written by
fixtures/odr/make_fits.py, whose fits.json holds ODRPACK's answers for them) with their index.json
entries, merged by id (generate.py keeps entries it did not make; run this after it).

- york_pearson.csv: Pearson's (1901) ten points with York's (1966) weights, as σ columns
  (sx = 1/√wx, sy = 1/√wy). York's exact line: a = 5.47991, b = -0.480533.
- odr_circle.csv: 30 points on a circle of centre (1, -0.5) and radius 2, each coordinate with
  Gaussian noise σ = 0.05 (numpy default_rng(24), make_fits.py), fitted as the implicit model
  (px-a)^2 + (py-b)^2 = R^2 with σ = s on both coordinates.
"""
import json
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent.parent / "fixtures" / "odr"


def main():
    shutil.copyfile(FIXTURES / "york.csv", HERE / "york_pearson.csv")
    shutil.copyfile(FIXTURES / "circle.csv", HERE / "odr_circle.csv")
    made = [
        {
            "id": "odr-york",
            "title": "Errors in x and y: Pearson's data with York's weights",
            "description": "Ten points with a standard deviation for each x (sx) and each y (sy), York's classic test of a straight line fitted with errors in both variables (orthogonal distance regression). York's exact answer: a = 5.47991, b = -0.480533.",
            "file": "york_pearson.csv",
            "x": ["x"],
            "y": "y",
            "sigma": "sy",
            "sigmaX": {"x": "sx"},
            "model": "a + b*x",
            "params": {"a": 5, "b": -0.5},
            "truth": {"a": 5.47991, "b": -0.480533},
        },
        {
            "id": "odr-circle",
            "title": "A circle through noisy points (implicit model)",
            "description": "30 points on a circle of centre (1, -0.5) and radius 2, both coordinates with noise of standard deviation 0.05 (the column s), fitted as the equation (px-a)^2 + (py-b)^2 = R^2: each point moved to the circle by the shortest distance.",
            "file": "odr_circle.csv",
            "x": ["px"],
            "y": "py",
            "sigma": "s",
            "sigmaX": {"px": "s"},
            "model": "(px-a)^2 + (py-b)^2 = R^2",
            "params": {"a": 0.8, "b": -0.3, "R": 1.8},
            "truth": {"a": 1.0, "b": -0.5, "R": 2.0},
        },
    ]
    index_path = HERE / "index.json"
    entries = json.loads(index_path.read_text(encoding="utf-8"))
    ids = {e["id"] for e in made}
    entries = [e for e in entries if e["id"] not in ids] + made
    index_path.write_text(json.dumps(entries, indent=2) + "\n", encoding="utf-8")
    for e in made:
        print(e["id"], e["file"])


if __name__ == "__main__":
    main()

/**
 * Variable projection on a grid. Most library models are linear in some parameters (amplitudes,
 * offsets, backgrounds) once the others (time constants, centres, widths) are held; for held
 * values θ the best linear part is one least-squares solve, and RSS(θ) is the profile that the
 * nonlinear parameters must minimise (Golub & Pereyra, "The differentiation of pseudo-inverses
 * and nonlinear least squares problems whose variables separate", SIAM J. Numer. Anal. 10, 1973).
 *
 * A coarse grid over θ followed by a few shrinking grids around the best point (a pattern
 * search) finds the basin of the global minimum in noise where local heuristics (a log-slope, a
 * half-maximum crossing) only give its neighbourhood; those heuristics supply the grid's centre
 * and step. Cost: (2h+1)^d · rounds least-squares solves of n rows, so callers search on at
 * most SEARCH_POINTS samples.
 */
import { linearLeastSquares } from './leastSquares';

/** Samples enough to show a shape's position and width to a search (thin() to this). */
export const SEARCH_POINTS = 512;

export interface Axis {
  /** Centre of the first grid. */
  readonly start: number;
  /** Grid step; for a log axis a factor step in ln units (0.7 ≈ ×2 per step). */
  readonly step: number;
  /** Search ln θ instead of θ (positive scales: time constants, widths, EC50). */
  readonly log?: boolean;
}

export interface Profile {
  readonly theta: number[];
  /** The linear coefficients at theta, one per basis. */
  readonly coef: Float64Array;
  readonly rss: number;
}

/** Bases for held nonlinear parameters; null where θ makes no sense. */
export type Bases = (theta: readonly number[]) => readonly ArrayLike<number>[] | null;

export interface SearchOptions {
  /** Points each side of the centre per axis (default 6 in one dimension, 3 in more). */
  readonly half?: number;
  /** Shrinking rounds after the first (default 3). */
  readonly rounds?: number;
}

function evaluate(bases: Bases, y: ArrayLike<number>, theta: number[]): Profile | null {
  if (!theta.every(Number.isFinite)) return null;
  const b = bases(theta);
  if (!b) return null;
  const fit = linearLeastSquares(b, y);
  if (!fit || !Number.isFinite(fit.rss) || !fit.coef.every(Number.isFinite)) return null;
  return { theta, coef: fit.coef, rss: fit.rss };
}

function* gridPoints(centre: readonly number[], steps: readonly number[], half: number): Generator<number[]> {
  const d = centre.length;
  const index = new Array<number>(d).fill(-half);
  for (;;) {
    yield centre.map((c, j) => c + index[j] * steps[j]);
    let j = 0;
    while (j < d && index[j] === half) index[j++] = -half;
    if (j === d) return;
    index[j]++;
  }
}

/** Minimises RSS(θ) over shrinking grids; null if no grid point gave a finite fit. */
export function profileSearch(axes: readonly Axis[], bases: Bases, y: ArrayLike<number>, options: SearchOptions = {}): Profile | null {
  const half = options.half ?? (axes.length === 1 ? 6 : 3);
  const rounds = options.rounds ?? 3;
  const toTheta = (u: readonly number[]): number[] => u.map((v, j) => (axes[j].log ? Math.exp(v) : v));
  let centre = axes.map((a) => (a.log ? Math.log(a.start) : a.start));
  let steps = axes.map((a) => a.step);
  let best: Profile | null = null;
  let bestU = centre;
  // An optimum on the grid's edge moves the grid (same step) instead of shrinking it, a few times.
  let moves = 0;
  for (let round = 0; round <= rounds; ) {
    for (const u of gridPoints(centre, steps, half)) {
      const p = evaluate(bases, y, toTheta(u));
      if (p && (!best || p.rss < best.rss)) {
        best = p;
        bestU = u;
      }
    }
    if (!best) return null;
    const onEdge = bestU.some((u, j) => Math.abs(u - centre[j]) >= (half - 0.5) * steps[j]);
    centre = bestU;
    if (onEdge && moves < 3) {
      moves++;
      continue;
    }
    steps = steps.map((s) => (1.5 * s) / half);
    round++;
  }
  return best;
}

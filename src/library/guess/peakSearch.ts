/**
 * Guessing one or two peaks on a background. The baseline comes from the edges of the data (a
 * straight line through the first and last tenth), the first peak is the highest excursion of
 * the smoothed residual and its width the FWHM there; the second is the highest excursion, after
 * subtracting the first, at least 0.75 FWHM away from it. Each position and width is then
 * refined by a variable-projection search (profile.ts) in which the amplitudes and the
 * background are solved exactly, one peak at a time with the other held (coordinate descent).
 */
import { backgroundBases, type Background } from './background';
import { lineFit } from './lineFit';
import { locatePeak, peakSign } from './peaks';
import { profileSearch, SEARCH_POINTS } from './profile';
import { thin, type Samples } from './samples';
import { edgeMeans } from './stats';
import { boxcar } from './smooth';

/** A peak's bases for a centre and width: one unit-height shape, or several (pseudo-Voigt). */
export type PeakBases = (x: ArrayLike<number>, center: number, width: number) => Float64Array[];

export interface PeakGuess {
  readonly center: number;
  readonly width: number;
  /** The least-squares coefficients of the peak's bases. */
  readonly amplitudes: number[];
}

export interface PeaksGuess {
  readonly peaks: PeakGuess[];
  /** [c] for a constant background, [b0, b1] for a line. */
  readonly background: number[];
}

function edgeBaseline(s: Samples, background: Background): Float64Array {
  const { left, right, k } = edgeMeans(s);
  if (background !== 'line') return new Float64Array(s.n).fill(0.5 * (left + right));
  const idx = [...Array.from({ length: k }, (_, i) => i), ...Array.from({ length: k }, (_, i) => s.n - k + i)];
  const { slope, intercept } = lineFit(idx.map((i) => s.x[i]), idx.map((i) => s.y[i]));
  return Float64Array.from(s.x, (v) => intercept + slope * v);
}

/** The second peak is sought at least this many FWHM of the first away from it. */
const SEPARATION = 0.75;

interface Held {
  center: number;
  width: number;
}

/** Refines peak `which` with the others held; returns the updated peaks and the coefficients. */
function refine(s: Samples, bases: PeakBases, bg: Float64Array[], peaks: Held[], which: number, fwhm: number): { peaks: Held[]; coef: Float64Array } | null {
  const held = peaks.map((q, j) => (j === which ? [] : bases(s.x, q.center, q.width)));
  const p = profileSearch(
    [
      { start: peaks[which].center, step: fwhm / 8 },
      { start: peaks[which].width, step: 0.25, log: true },
    ],
    ([center, width]) => held.flatMap((h, j) => (j === which ? bases(s.x, center, width) : h)).concat(bg),
    s.y,
    { rounds: 2 },
  );
  if (!p) return null;
  const next = peaks.map((q, j) => (j === which ? { center: p.theta[0], width: p.theta[1] } : q));
  return { peaks: next, coef: p.coef };
}

/** The samples the searches run on: SEARCH_POINTS, or more where the main peak is narrow (8 per FWHM). */
function searchSet(s: Samples, fwhm: number): Samples {
  const span = s.x[s.n - 1] - s.x[0];
  return thin(s, Math.max(SEARCH_POINTS, Math.ceil((8 * span) / fwhm)));
}

/**
 * `count` peaks whose width parameter is `widthPerFwhm` × FWHM (σ: 1/2.3548; γ: 1/2), sorted by
 * centre; null when the data show nothing to work with (fewer than three points).
 */
export function guessPeaks(s: Samples, bases: PeakBases, widthPerFwhm: number, count: 1 | 2, background: Background): PeaksGuess | null {
  if (s.n < 3) return null;
  const baseline = edgeBaseline(s, background);
  const r = boxcar(s.y.map((v, i) => v - baseline[i]));
  const sign = peakSign(r);
  const first = locatePeak(s.x, r, sign);
  if (!first) return null;
  let peaks: Held[] = [{ center: first.center, width: first.fwhm * widthPerFwhm }];
  let fit: { peaks: Held[]; coef: Float64Array } | null = null;
  if (count === 2) {
    // Subtract the first peak as read off the data (not refined alone: a lone peak would stretch
    // over both) and take the highest remaining excursion of the same sign, away from the first.
    const one = bases(s.x, first.center, first.fwhm * widthPerFwhm)[0];
    const top = one[first.index] || 1;
    const r2 = r.map((v, i) => v - (first.height / top) * one[i]);
    const far = (xi: number): boolean => Math.abs(xi - first.center) >= SEPARATION * first.fwhm;
    const second = locatePeak(s.x, r2, sign, far);
    const side = first.center + first.fwhm <= s.x[s.n - 1] ? 1 : -1;
    const fwhms = [first.fwhm, second?.fwhm ?? first.fwhm];
    peaks.push({ center: second?.center ?? first.center + side * first.fwhm, width: fwhms[1] * widthPerFwhm });
    const q = searchSet(s, first.fwhm);
    const bg = backgroundBases(q, background);
    for (let sweep = 0; sweep < 2; sweep++) {
      for (const which of [1, 0]) {
        fit = refine(q, bases, bg, peaks, which, fwhms[which]) ?? fit;
        if (fit) peaks = fit.peaks;
      }
    }
  } else {
    const q = searchSet(s, first.fwhm);
    fit = refine(q, bases, backgroundBases(q, background), peaks, 0, first.fwhm);
  }
  if (!fit) return null;

  const perPeak = bases(s.x, 0, 1).length;
  const coef = fit.coef;
  const found = peaks.map((q, j) => ({ ...q, amplitudes: Array.from(coef.subarray(j * perPeak, (j + 1) * perPeak)) }));
  found.sort((a, b) => a.center - b.center);
  return { peaks: found, background: Array.from(coef.subarray(count * perPeak)) };
}

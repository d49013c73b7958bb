/**
 * The frequency of a sinusoid in unevenly sampled data: the generalised Lomb–Scargle periodogram
 * (Zechmeister & Kürster, A&A 496, 577, 2009), i.e. for each trial frequency f the reduction in
 * RSS from fitting a·sin(2πfx) + b·cos(2πfx) + c, which is exactly the profile of the sine model
 * over f. The grid runs from half a cycle over the data to the mean Nyquist frequency, 5× finer
 * than the natural resolution 1/span so the true peak cannot fall between grid points; per point,
 * sin and cos are advanced from one frequency to the next by a rotation (Press et al., Numerical
 * Recipes, §13.8), so the whole periodogram costs O(n·F) multiplications and no trig calls.
 */
import type { Samples } from './samples';

const OVERSAMPLE = 5;
const MAX_FREQUENCIES = 4096;

/** The frequency (cycles per unit x) of the highest periodogram peak, or null for < 4 points. */
export function dominantFrequency(s: Samples): number | null {
  const n = s.n;
  const span = n > 1 ? s.x[n - 1] - s.x[0] : 0;
  if (n < 4 || !(span > 0)) return null;
  const df = 1 / (OVERSAMPLE * span);
  const nyquist = (0.5 * (n - 1)) / span;
  const count = Math.max(1, Math.min(MAX_FREQUENCIES, Math.floor((nyquist - 0.5 / span) / df)));
  const f0 = 0.5 / span;
  const x0 = s.x[0];
  let ym = 0;
  for (let i = 0; i < n; i++) ym += s.y[i];
  ym /= n;
  const y = Float64Array.from(s.y, (v) => v - ym);
  const c = new Float64Array(n);
  const sn = new Float64Array(n);
  const cd = new Float64Array(n);
  const sd = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = 2 * Math.PI * (s.x[i] - x0);
    c[i] = Math.cos(t * f0);
    sn[i] = Math.sin(t * f0);
    cd[i] = Math.cos(t * df);
    sd[i] = Math.sin(t * df);
  }
  let bestPower = -Infinity;
  let bestF = f0;
  for (let k = 0; k < count; k++) {
    let S = 0, C = 0, SS = 0, CC = 0, SC = 0, YS = 0, YC = 0; // prettier-ignore
    for (let i = 0; i < n; i++) {
      S += sn[i];
      C += c[i];
      SS += sn[i] * sn[i];
      CC += c[i] * c[i];
      SC += sn[i] * c[i];
      YS += y[i] * sn[i];
      YC += y[i] * c[i];
      const cNext = c[i] * cd[i] - sn[i] * sd[i];
      sn[i] = sn[i] * cd[i] + c[i] * sd[i];
      c[i] = cNext;
    }
    // Centred sums (the offset c is fitted too); power = yᵀB(BᵀB)⁻¹Bᵀy for B = [sin, cos].
    const ss = SS - (S * S) / n;
    const cc = CC - (C * C) / n;
    const sc = SC - (S * C) / n;
    const det = ss * cc - sc * sc;
    if (!(det > 1e-12 * ss * cc)) continue;
    const power = (cc * YS * YS - 2 * sc * YS * YC + ss * YC * YC) / det;
    if (power > bestPower) {
      bestPower = power;
      bestF = f0 + k * df;
    }
  }
  return bestPower > -Infinity ? bestF : null;
}

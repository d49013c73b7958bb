/**
 * Amplitude, phase and offset of a sinusoid of known frequency (and envelope): a linear least-
 * squares fit of a·e(x)·sin(2πf(x − x₀)) + b·e(x)·cos(2πf(x − x₀)) + c, since
 * a·sin θ + b·cos θ = R·sin(θ + φ) with R = √(a² + b²), φ = atan2(b, a). The phase is referred
 * back from x₀ to x = 0 and wrapped into (−π, π].
 */
import { linearLeastSquares } from './leastSquares';
import type { Samples } from './samples';

export interface Sinusoid {
  readonly amplitude: number;
  readonly phase: number;
  readonly offset: number;
  readonly rss: number;
}

export function wrapPhase(phi: number): number {
  const t = phi - 2 * Math.PI * Math.floor((phi + Math.PI) / (2 * Math.PI));
  return t <= -Math.PI ? t + 2 * Math.PI : t;
}

/** envelope(x − x₀) multiplies both quadratures (1 for a plain sine). */
export function fitSinusoid(s: Samples, f: number, envelope: (dx: number) => number = () => 1): Sinusoid | null {
  const x0 = s.x[0];
  const w = 2 * Math.PI * f;
  const sin = Float64Array.from(s.x, (v) => envelope(v - x0) * Math.sin(w * (v - x0)));
  const cos = Float64Array.from(s.x, (v) => envelope(v - x0) * Math.cos(w * (v - x0)));
  const fit = linearLeastSquares([sin, cos, new Float64Array(s.n).fill(1)], s.y);
  if (!fit) return null;
  const [a, b, c] = fit.coef;
  return { amplitude: Math.hypot(a, b), phase: wrapPhase(Math.atan2(b, a) - w * x0), offset: c, rss: fit.rss };
}

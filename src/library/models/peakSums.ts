/** Two overlapping or separate peaks on a straight-line background (guessPeaks with count 2). */
import { defineModel, type ParameterSpec } from '../define';
import { guessPeaks } from '../guess/peakSearch';
import { GAUSSIAN_FWHM_PER_SIGMA, gaussianShape, lorentzianShape } from '../guess/shapes';

const background: ParameterSpec[] = [{ name: 'b0' }, { name: 'b1' }];

export const twoGaussiansLinear = defineModel({
  id: 'gaussian-2-linear',
  name: 'Two Gaussians + linear background',
  category: 'sums',
  expression: 'A1*exp(-(x - mu1)^2/(2*sigma1^2)) + A2*exp(-(x - mu2)^2/(2*sigma2^2)) + b0 + b1*x',
  formula: 'y = A₁·exp(−(x − μ₁)²/(2σ₁²)) + A₂·exp(−(x − μ₂)²/(2σ₂²)) + b₀ + b₁·x',
  description: 'Two Gaussian peaks (μ₁ < μ₂ in the guess) on a sloping straight-line background.',
  parameters: [
    { name: 'A1', fallback: 'yScale' },
    { name: 'mu1', fallback: 'xMid' },
    { name: 'sigma1', positive: true },
    { name: 'A2', fallback: 'yScale' },
    { name: 'mu2', fallback: 'xMid' },
    { name: 'sigma2', positive: true },
    ...background,
  ],
  estimate(s) {
    const g = guessPeaks(s, (x, m, w) => [gaussianShape(x, m, w)], 1 / GAUSSIAN_FWHM_PER_SIGMA, 2, 'line');
    if (!g) return {};
    const [p, q] = g.peaks;
    return {
      A1: p.amplitudes[0],
      mu1: p.center,
      sigma1: p.width,
      A2: q.amplitudes[0],
      mu2: q.center,
      sigma2: q.width,
      b0: g.background[0],
      b1: g.background[1],
    };
  },
});

export const twoLorentziansLinear = defineModel({
  id: 'lorentzian-2-linear',
  name: 'Two Lorentzians + linear background',
  category: 'sums',
  expression: 'A1/(1 + ((x - x1)/gamma1)^2) + A2/(1 + ((x - x2)/gamma2)^2) + b0 + b1*x',
  formula: 'y = A₁/(1 + ((x − x₁)/γ₁)²) + A₂/(1 + ((x − x₂)/γ₂)²) + b₀ + b₁·x',
  description: 'Two Lorentzian lines (x₁ < x₂ in the guess) on a sloping straight-line background.',
  parameters: [
    { name: 'A1', fallback: 'yScale' },
    { name: 'x1', fallback: 'xMid' },
    { name: 'gamma1', positive: true },
    { name: 'A2', fallback: 'yScale' },
    { name: 'x2', fallback: 'xMid' },
    { name: 'gamma2', positive: true },
    ...background,
  ],
  estimate(s) {
    const g = guessPeaks(s, (x, m, w) => [lorentzianShape(x, m, w)], 0.5, 2, 'line');
    if (!g) return {};
    const [p, q] = g.peaks;
    return {
      A1: p.amplitudes[0],
      x1: p.center,
      gamma1: p.width,
      A2: q.amplitudes[0],
      x2: q.center,
      gamma2: q.width,
      b0: g.background[0],
      b1: g.background[1],
    };
  },
});

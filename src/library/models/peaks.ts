/** Single line shapes: Gaussian, Lorentzian and pseudo-Voigt on a constant or linear background. */
import { defineModel, type ParameterSpec } from '../define';
import { guessPeaks } from '../guess/peakSearch';
import { GAUSSIAN_FWHM_PER_SIGMA, gaussianFwhmShape, gaussianShape, lorentzianFwhmShape, lorentzianShape } from '../guess/shapes';

const amplitude: ParameterSpec = { name: 'A', fallback: 'yScale' };

export const gaussian = defineModel({
  id: 'gaussian',
  name: 'Gaussian',
  category: 'peaks',
  expression: 'A*exp(-(x - mu)^2/(2*sigma^2)) + c',
  formula: 'y = A·exp(−(x − μ)²/(2σ²)) + c',
  description: 'Gaussian peak (or dip, A < 0) of height A at μ with standard deviation σ on an offset c.',
  parameters: [amplitude, { name: 'mu', fallback: 'xMid' }, { name: 'sigma', positive: true }, { name: 'c' }],
  estimate(s) {
    const g = guessPeaks(s, (x, m, w) => [gaussianShape(x, m, w)], 1 / GAUSSIAN_FWHM_PER_SIGMA, 1, 'constant');
    if (!g) return {};
    const [p] = g.peaks;
    return { A: p.amplitudes[0], mu: p.center, sigma: p.width, c: g.background[0] };
  },
});

export const gaussianLinear = defineModel({
  id: 'gaussian-linear',
  name: 'Gaussian + linear background',
  category: 'sums',
  expression: 'A*exp(-(x - mu)^2/(2*sigma^2)) + b0 + b1*x',
  formula: 'y = A·exp(−(x − μ)²/(2σ²)) + b₀ + b₁·x',
  description: 'Gaussian peak on a sloping straight-line background.',
  parameters: [amplitude, { name: 'mu', fallback: 'xMid' }, { name: 'sigma', positive: true }, { name: 'b0' }, { name: 'b1' }],
  estimate(s) {
    const g = guessPeaks(s, (x, m, w) => [gaussianShape(x, m, w)], 1 / GAUSSIAN_FWHM_PER_SIGMA, 1, 'line');
    if (!g) return {};
    const [p] = g.peaks;
    return { A: p.amplitudes[0], mu: p.center, sigma: p.width, b0: g.background[0], b1: g.background[1] };
  },
});

export const lorentzian = defineModel({
  id: 'lorentzian',
  name: 'Lorentzian',
  category: 'peaks',
  expression: 'A/(1 + ((x - x0)/gamma)^2) + c',
  formula: 'y = A/(1 + ((x − x₀)/γ)²) + c',
  description: 'Lorentzian (Cauchy) line of height A at x₀ with half width at half maximum γ on an offset c.',
  parameters: [amplitude, { name: 'x0', fallback: 'xMid' }, { name: 'gamma', positive: true }, { name: 'c' }],
  estimate(s) {
    const g = guessPeaks(s, (x, m, w) => [lorentzianShape(x, m, w)], 0.5, 1, 'constant');
    if (!g) return {};
    const [p] = g.peaks;
    return { A: p.amplitudes[0], x0: p.center, gamma: p.width, c: g.background[0] };
  },
});

export const pseudoVoigt = defineModel({
  id: 'pseudo-voigt',
  name: 'Pseudo-Voigt',
  category: 'peaks',
  expression: 'A*(eta*exp(-4*ln(2)*((x - x0)/w)^2) + (1 - eta)/(1 + 4*((x - x0)/w)^2)) + c',
  formula: 'y = A·[η·exp(−4 ln2·(x − x₀)²/w²) + (1 − η)/(1 + 4(x − x₀)²/w²)] + c',
  description: 'Mix η ∈ [0, 1] of a Lorentzian and a Gaussian of common FWHM w and height A (the Voigt profile approximated).',
  parameters: [amplitude, { name: 'eta', min: 0, max: 1, fallback: 0.5 }, { name: 'x0', fallback: 'xMid' }, { name: 'w', positive: true }, { name: 'c' }],
  estimate(s) {
    // Both shapes are bases, so the search solves the Gaussian part A·η and the Lorentzian part
    // A·(1 − η) separately; their sum is the height and their ratio the mix.
    const g = guessPeaks(s, (x, m, w) => [gaussianFwhmShape(x, m, w), lorentzianFwhmShape(x, m, w)], 1, 1, 'constant');
    if (!g) return {};
    const [p] = g.peaks;
    const [gauss, lorentz] = p.amplitudes;
    const A = gauss + lorentz;
    const eta = A !== 0 ? Math.min(0.95, Math.max(0.05, gauss / A)) : 0.5;
    return { A, eta, x0: p.center, w: p.width, c: g.background[0] };
  },
});

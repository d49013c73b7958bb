/**
 * Synthetic data sets for the recovery tests: known true parameters, a sampling of x and a
 * realistic noise level per model (a .test.ts file so that no build ever sees it).
 */
import { it, expect } from 'vitest';
import { linspace, logspace, rng } from './testUtil.test';

export interface RecoveryCase {
  /** Library id. */
  readonly id: string;
  readonly label: string;
  readonly truth: Readonly<Record<string, number>>;
  readonly x: Float64Array;
  /** Absolute noise standard deviation. */
  readonly noise?: number;
  /** Relative noise (σᵢ = relative·|yᵢ|), passed to the fit as sigma. */
  readonly relative?: number;
  /** Shuffle the rows before guessing and fitting. */
  readonly unsorted?: boolean;
  /** Parameters that are angles: compared modulo 2π. */
  readonly periodic?: readonly string[];
}

/** n points uniformly at random in [a, b] (uneven sampling). */
function uniform(a: number, b: number, n: number, seed: number): Float64Array {
  const u = rng(seed);
  return Float64Array.from({ length: n }, () => a + (b - a) * u());
}

/** Each x repeated r times (replicate measurements: duplicate x values). */
function replicate(x: Float64Array, r: number): Float64Array {
  return Float64Array.from({ length: x.length * r }, (_, i) => x[Math.floor(i / r)]);
}

export const RECOVERY_CASES: readonly RecoveryCase[] = [
  { id: 'linear', label: 'line', truth: { a: 2.5, b: -1 }, x: linspace(0, 10, 50), noise: 0.1 },
  { id: 'poly2', label: 'parabola', truth: { a0: 1, a1: -2, a2: 0.5 }, x: linspace(-2, 5, 60), noise: 0.05 },
  { id: 'poly2', label: 'parabola far from the origin', truth: { a0: 5000, a1: -100, a2: 0.5 }, x: linspace(100, 110, 60), noise: 0.1 },
  { id: 'poly3', label: 'cubic, unsorted', truth: { a0: 0.5, a1: 1, a2: -0.7, a3: 0.1 }, x: linspace(-3, 6, 80), noise: 0.05, unsorted: true },
  { id: 'poly4', label: 'quartic', truth: { a0: -1, a1: 0.3, a2: 2, a3: -0.4, a4: -0.2 }, x: linspace(-2, 2.5, 80), noise: 0.02 },
  { id: 'poly5', label: 'quintic', truth: { a0: 0.2, a1: -1, a2: 0.5, a3: 0.8, a4: -0.1, a5: -0.05 }, x: linspace(-3, 3, 100), noise: 0.05 },
  { id: 'poly6', label: 'sextic', truth: { a0: 1, a1: 0.5, a2: -3, a3: 0.2, a4: 1, a5: -0.05, a6: -0.08 }, x: linspace(-2.5, 2.5, 120), noise: 0.05 },
  { id: 'exp-decay', label: 'decay', truth: { A: 5, tau: 2, c: 1 }, x: linspace(0, 10, 80), noise: 0.05 },
  { id: 'exp-decay', label: 'rise (A < 0), unsorted', truth: { A: -3, tau: 4, c: 2 }, x: linspace(0, 15, 80), noise: 0.05, unsorted: true },
  { id: 'exp-decay', label: 'decay late in x', truth: { A: 2e4, tau: 10, c: -1 }, x: linspace(50, 120, 70), noise: 0.05 },
  { id: 'exp-decay-2', label: 'fast and slow', truth: { A1: 4, tau1: 0.5, A2: 2, tau2: 5, c: 0.5 }, x: linspace(0, 25, 200), noise: 0.02 },
  { id: 'exp-linear', label: 'decay on drift', truth: { A: 3, tau: 1.5, b0: 1, b1: 0.2 }, x: linspace(0, 15, 100), noise: 0.05 },
  { id: 'exp-saturation', label: 'saturation', truth: { A: 4, tau: 3, c: 0.5 }, x: linspace(0, 20, 80), noise: 0.05 },
  { id: 'exp-growth', label: 'growth', truth: { A: 0.5, k: 0.3 }, x: linspace(0, 10, 40), noise: 0.05 },
  { id: 'logistic', label: 'rising', truth: { L: 10, k: 1.2, x0: 5 }, x: linspace(0, 10, 60), noise: 0.1 },
  { id: 'logistic', label: 'falling, unsorted', truth: { L: 4, k: -0.8, x0: 2 }, x: linspace(-5, 10, 60), noise: 0.05, unsorted: true },
  { id: 'boltzmann', label: 'sigmoid', truth: { A1: 1, A2: 6, x0: -2, dx: 0.7 }, x: linspace(-6, 3, 70), noise: 0.05 },
  { id: 'gompertz', label: 'growth', truth: { A: 8, k: 0.6, x0: 4 }, x: linspace(0, 15, 60), noise: 0.1 },
  { id: 'weibull', label: 'from x = 0, k < 1', truth: { A: 3, lambda: 5, k: 0.8 }, x: linspace(0, 15, 60), noise: 0.03 },
  { id: 'weibull', label: 'cumulative', truth: { A: 3, lambda: 5, k: 2.2 }, x: linspace(0.2, 15, 60), noise: 0.03 },
  { id: 'step-erf', label: 'edge', truth: { c: 1, A: 4, x0: 3, sigma: 0.5 }, x: linspace(0, 6, 100), noise: 0.05 },
  { id: 'step-erf', label: 'falling edge, uneven', truth: { c: 2, A: -1.5, x0: -1, sigma: 1.5 }, x: uniform(-10, 8, 150, 3), noise: 0.05, unsorted: true },
  { id: 'gaussian', label: 'peak', truth: { A: 4, mu: 2.5, sigma: 0.6, c: 0.3 }, x: linspace(-2, 7, 120), noise: 0.05 },
  { id: 'gaussian', label: 'dip (A < 0), unsorted', truth: { A: -2, mu: -1, sigma: 1.2, c: 5 }, x: linspace(-8, 6, 120), noise: 0.05, unsorted: true },
  { id: 'gaussian', label: 'narrow peak on a large offset', truth: { A: 1, mu: 5, sigma: 0.15, c: 100 }, x: linspace(0, 10, 200), noise: 0.05 },
  { id: 'gaussian', label: 'peak near an edge', truth: { A: 1, mu: 8.5, sigma: 0.8, c: 0 }, x: linspace(0, 10, 100), noise: 0.02 },
  { id: 'lorentzian', label: 'line', truth: { A: 3, x0: -1, gamma: 0.4, c: 0.2 }, x: linspace(-5, 3, 120), noise: 0.03 },
  { id: 'pseudo-voigt', label: 'line', truth: { A: 5, eta: 0.4, x0: 1, w: 1.2, c: 0.5 }, x: linspace(-4, 6, 200), noise: 0.02 },
  { id: 'gaussian-linear', label: 'peak on a slope', truth: { A: 3, mu: 4, sigma: 0.8, b0: 1, b1: 0.15 }, x: linspace(0, 10, 120), noise: 0.05 },
  {
    id: 'gaussian-2-linear',
    label: 'two peaks on a slope',
    truth: { A1: 5, mu1: 3, sigma1: 0.5, A2: 3, mu2: 6, sigma2: 0.8, b0: 1, b1: 0.1 },
    x: linspace(0, 10, 300),
    noise: 0.05,
  },
  {
    id: 'gaussian-2-linear',
    label: 'overlapping peaks, smaller first, unsorted',
    truth: { A1: 2, mu1: 4, sigma1: 0.6, A2: 4, mu2: 5.8, sigma2: 0.7, b0: 0.5, b1: -0.05 },
    x: linspace(0, 10, 300),
    noise: 0.05,
    unsorted: true,
  },
  {
    id: 'lorentzian-2-linear',
    label: 'two lines on a slope',
    truth: { A1: 2, x1: 2, gamma1: 0.3, A2: 4, x2: 5, gamma2: 0.5, b0: 0.5, b1: -0.05 },
    x: linspace(0, 8, 300),
    noise: 0.03,
  },
  {
    id: 'lorentzian-2-linear',
    label: 'two absorption dips (A < 0), unsorted',
    truth: { A1: -2, x1: 3, gamma1: 0.3, A2: -1, x2: 6, gamma2: 0.3, b0: 5, b1: 0.02 },
    x: linspace(0, 10, 300),
    noise: 0.03,
    unsorted: true,
  },
  {
    id: 'dose-response-4pl',
    label: 'activation, triplicates',
    truth: { bottom: 5, top: 95, EC50: 1e-6, hill: 1.1 },
    x: replicate(logspace(1e-9, 1e-4, 11), 3),
    noise: 3,
  },
  { id: 'dose-response-4pl', label: 'inhibition, unsorted', truth: { bottom: 100, top: 10, EC50: 30, hill: 0.9 }, x: replicate(logspace(0.1, 1e4, 12), 2), noise: 3, unsorted: true },
  { id: 'dose-response-4pl', label: 'linear doses', truth: { bottom: 0.2, top: 1.5, EC50: 5, hill: 3 }, x: linspace(1, 10, 40), noise: 0.03 },
  { id: 'dose-response-4pl', label: 'upper half of the curve only', truth: { bottom: 0, top: 100, EC50: 1000, hill: 1 }, x: logspace(300, 1e6, 12), noise: 2 },
  {
    id: 'dose-response-4pl',
    label: 'inhibition with zero-dose controls',
    truth: { bottom: 98, top: 4, EC50: 0.5, hill: 1.3 },
    x: Float64Array.from([0, 0, 0, ...replicate(logspace(0.01, 100, 9), 3)]),
    noise: 2,
  },
  { id: 'hill', label: 'with x = 0', truth: { Vmax: 10, n: 2.5, K: 3 }, x: linspace(0, 20, 30), noise: 0.1 },
  { id: 'hill', label: 'cooperative', truth: { Vmax: 10, n: 2.5, K: 3 }, x: logspace(0.1, 20, 30), noise: 0.1 },
  { id: 'michaelis-menten', label: 'kinetics, duplicates', truth: { Vmax: 12, Km: 2.5 }, x: replicate(Float64Array.of(0.25, 0.5, 1, 2, 4, 8, 16, 32), 2), noise: 0.2 },
  { id: 'sine', label: 'sine', truth: { A: 2, f: 0.35, phi: 1, c: 0.5 }, x: linspace(0, 20, 150), noise: 0.1, periodic: ['phi'] },
  { id: 'sine', label: 'sine, uneven and unsorted', truth: { A: 1, f: 1.7, phi: -2.5, c: -3 }, x: uniform(0, 10, 200, 11), noise: 0.1, unsorted: true, periodic: ['phi'] },
  { id: 'sine', label: 'one and a half cycles', truth: { A: 1, f: 0.15, phi: 2, c: 0 }, x: linspace(0, 10, 60), noise: 0.1, periodic: ['phi'] },
  { id: 'damped-sine', label: 'ringing', truth: { A: 3, tau: 6, f: 0.5, phi: -0.5, c: 0.2 }, x: linspace(0, 20, 300), noise: 0.05, periodic: ['phi'] },
  { id: 'damped-sine', label: 'strongly damped, unsorted', truth: { A: 2, tau: 1.5, f: 1.2, phi: 0.4, c: 0 }, x: linspace(0, 10, 200), noise: 0.05, periodic: ['phi'], unsorted: true },
  { id: 'power-law', label: 'from x = 0', truth: { A: 2, k: 1.7 }, x: linspace(0, 20, 50), noise: 0.5 },
  { id: 'power-law', label: 'scaling', truth: { A: 2, k: 1.7 }, x: linspace(0.5, 20, 50), relative: 0.02 },
  { id: 'power-law', label: 'inverse square, unsorted', truth: { A: 50, k: -2 }, x: linspace(1, 10, 40), relative: 0.03, unsorted: true },
  { id: 'arrhenius', label: 'rate vs temperature', truth: { A: 1e7, Ea: 50000 }, x: linspace(280, 380, 30), relative: 0.02 },
];

it('recovery cases are well formed', () => {
  for (const c of RECOVERY_CASES) expect(c.noise !== undefined || c.relative !== undefined).toBe(true);
});

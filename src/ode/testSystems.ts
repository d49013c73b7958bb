/**
 * Test helper, not used by the integrators: classic systems with known solutions or references,
 * each with its exact Jacobian and, where a test needs it, ∂f/∂p.
 */
import type { OdeSystem, SensitivitySpec } from './types';

/** X' = −kX: X(t) = X0·e^{−kt}. */
export const decay = (k: number): OdeSystem => ({
  n: 1,
  autonomous: true,
  f: (_t, x, d) => { d[0] = -k * x[0]; },
  jac: (_t, _x, J) => { J[0] = -k; },
});

/** x'' = −ω²x as x' = v, v' = −ω²x: x = cos ωt, v = −ω sin ωt from (1, 0). */
export const oscillator = (w: number): OdeSystem => ({
  n: 2,
  autonomous: true,
  f: (_t, x, d) => { d[0] = x[1]; d[1] = -w * w * x[0]; },
  jac: (_t, _x, J) => { J[0] = 0; J[1] = 1; J[2] = -w * w; J[3] = 0; },
});

/** Logistic growth N' = rN(1 − N/K): N(t) = K / (1 + (K/N0 − 1)e^{−rt}). */
export const logistic = (r: number, K: number): OdeSystem => ({
  n: 1,
  autonomous: true,
  f: (_t, x, d) => { d[0] = r * x[0] * (1 - x[0] / K); },
  jac: (_t, x, J) => { J[0] = r * (1 - (2 * x[0]) / K); },
});
export const logisticExact = (r: number, K: number, n0: number, t: number): number => K / (1 + (K / n0 - 1) * Math.exp(-r * t));

/** Robertson's stiff kinetics with rate constants p = (0.04, 1e4, 3e7). */
export function robertson(p: readonly number[] = [0.04, 1e4, 3e7]): OdeSystem & { sens: SensitivitySpec } {
  const [k1, k2, k3] = p;
  return {
    n: 3,
    autonomous: true,
    f: (_t, y, d) => {
      d[0] = -k1 * y[0] + k2 * y[1] * y[2];
      d[1] = k1 * y[0] - k2 * y[1] * y[2] - k3 * y[1] * y[1];
      d[2] = k3 * y[1] * y[1];
    },
    jac: (_t, y, J) => {
      J.set([-k1, k2 * y[2], k2 * y[1], k1, -k2 * y[2] - 2 * k3 * y[1], -k2 * y[1], 0, 2 * k3 * y[1], 0]);
    },
    sens: {
      np: 3,
      dfdp: (_t, y, P) => {
        P.set([-y[0], y[1] * y[2], 0, y[0], -y[1] * y[2], -y[1] * y[1], 0, 0, y[1] * y[1]]);
      },
    },
  };
}

/**
 * Lotka–Volterra H' = αH − βHL, L' = δHL − γL with p = (α, β, δ, γ), and, for the sensitivities,
 * initial values (H0, L0) that are parameters 4 and 5 (S0 = [0 | I]).
 */
export function lotkaVolterra(p: readonly number[]): OdeSystem & { sens: SensitivitySpec } {
  const [a, b, d, g] = p;
  return {
    n: 2,
    autonomous: true,
    f: (_t, x, dx) => {
      dx[0] = a * x[0] - b * x[0] * x[1];
      dx[1] = d * x[0] * x[1] - g * x[1];
    },
    jac: (_t, x, J) => {
      J[0] = a - b * x[1]; J[1] = -b * x[0];
      J[2] = d * x[1]; J[3] = d * x[0] - g;
    },
    sens: {
      np: 6,
      S0: Float64Array.from([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]),
      dfdp: (_t, x, P) => {
        P.fill(0);
        P[0] = x[0]; P[1] = -x[0] * x[1];
        P[6 + 2] = x[0] * x[1]; P[6 + 3] = -x[1];
      },
    },
  };
}

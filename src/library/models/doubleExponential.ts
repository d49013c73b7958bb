/**
 * Two exponentials with an offset. A two-dimensional variable-projection search over (τ₁, τ₂)
 * replaces "exponential peeling" (fit the slow tail on a log scale, subtract, fit the rest),
 * which needs the offset beforehand and amplifies noise; the search starts from the single
 * exponential's τ split ×/÷3 and returns the faster component first.
 */
import { defineModel } from '../define';
import { amplitudeAtZero, decayBasis, decayProfile } from '../guess/decay';
import { profileSearch, SEARCH_POINTS } from '../guess/profile';
import { thin } from '../guess/samples';

export const doubleExponentialDecay = defineModel({
  id: 'exp-decay-2',
  name: 'Double exponential decay',
  category: 'growth-decay',
  expression: 'A1*exp(-x/tau1) + A2*exp(-x/tau2) + c',
  formula: 'y = A₁·exp(−x/τ₁) + A₂·exp(−x/τ₂) + c',
  description: 'Sum of a fast (τ₁) and a slow (τ₂) exponential decay towards the offset c.',
  parameters: [
    { name: 'A1', fallback: 'yScale' },
    { name: 'tau1', positive: true },
    { name: 'A2', fallback: 'yScale' },
    { name: 'tau2', positive: true },
    { name: 'c' },
  ],
  estimate(full) {
    const s = thin(full, SEARCH_POINTS);
    const one = new Float64Array(s.n).fill(1);
    const single = decayProfile(s, 'constant');
    const tau = single ? single.theta[0] : undefined;
    const p = profileSearch(
      [
        { start: (tau ?? 1) / 3, step: 0.6, log: true },
        { start: (tau ?? 1) * 3, step: 0.6, log: true },
      ],
      ([t1, t2]) => [decayBasis(s, t1), decayBasis(s, t2), one],
      s.y,
    );
    if (!p) return tau !== undefined ? { tau1: tau / 3, tau2: tau * 3 } : {};
    const [t1, t2] = p.theta;
    const a1 = amplitudeAtZero(p.coef[0], t1, s.x[0]);
    const a2 = amplitudeAtZero(p.coef[1], t2, s.x[0]);
    const fastFirst = t1 <= t2;
    return {
      A1: fastFirst ? a1 : a2,
      tau1: fastFirst ? t1 : t2,
      A2: fastFirst ? a2 : a1,
      tau2: fastFirst ? t2 : t1,
      c: p.coef[2],
    };
  },
});

/** Single-exponential models: decay to an offset, growth, saturation, decay on a sloping background. */
import { defineModel } from '../define';
import { amplitudeAtZero, decayProfile } from '../guess/decay';
import { lineFit } from '../guess/lineFit';
import { profileSearch } from '../guess/profile';
import { xScale } from '../guess/stats';

export const exponentialDecay = defineModel({
  id: 'exp-decay',
  name: 'Exponential decay',
  category: 'growth-decay',
  expression: 'A*exp(-x/tau) + c',
  formula: 'y = A·exp(−x/τ) + c',
  description: 'Decay (or rise, for A < 0) with time constant τ towards the offset c.',
  parameters: [{ name: 'A', fallback: 'yScale' }, { name: 'tau', positive: true }, { name: 'c' }],
  estimate(s) {
    const p = decayProfile(s, 'constant');
    if (!p) return {};
    const [tau] = p.theta;
    return { A: amplitudeAtZero(p.coef[0], tau, s.x[0]), tau, c: p.coef[1] };
  },
});

export const saturatingExponential = defineModel({
  id: 'exp-saturation',
  name: 'Saturating exponential',
  category: 'growth-decay',
  expression: 'A*(1 - exp(-x/tau)) + c',
  formula: 'y = A·(1 − exp(−x/τ)) + c',
  description: 'Approach to saturation: starts at c (x = 0) and levels off at c + A with time constant τ.',
  parameters: [{ name: 'A', fallback: 'yScale' }, { name: 'tau', positive: true }, { name: 'c' }],
  estimate(s) {
    const p = decayProfile(s, 'constant');
    if (!p) return {};
    // a·exp(−(x − x₀)/τ) + b = (A + c) − A·exp(−x/τ)
    const [tau] = p.theta;
    const A = -amplitudeAtZero(p.coef[0], tau, s.x[0]);
    return { A, tau, c: p.coef[1] - A };
  },
});

export const exponentialLinear = defineModel({
  id: 'exp-linear',
  name: 'Exponential + linear',
  category: 'growth-decay',
  expression: 'A*exp(-x/tau) + b0 + b1*x',
  formula: 'y = A·exp(−x/τ) + b₀ + b₁·x',
  description: 'Exponential decay on a sloping linear background (drift).',
  parameters: [{ name: 'A', fallback: 'yScale' }, { name: 'tau', positive: true }, { name: 'b0' }, { name: 'b1' }],
  estimate(s) {
    const p = decayProfile(s, 'line');
    if (!p) return {};
    const [tau] = p.theta;
    return { A: amplitudeAtZero(p.coef[0], tau, s.x[0]), tau, b0: p.coef[1], b1: p.coef[2] };
  },
});

export const exponentialGrowth = defineModel({
  id: 'exp-growth',
  name: 'Exponential growth',
  category: 'growth-decay',
  expression: 'A*exp(k*x)',
  formula: 'y = A·exp(k·x)',
  description: 'Unbounded growth at rate k > 0 from A at x = 0.',
  parameters: [{ name: 'A', fallback: 'yScale' }, { name: 'k', positive: true, fallback: 1 }],
  estimate(s) {
    // Seed k from the slope of ln|y| (the points of the majority sign), then profile over k with
    // the basis anchored at the last sample, exp(k(x − x₁)) ≤ 1, so it cannot overflow.
    let sign = 0;
    s.y.forEach((v) => (sign += Math.sign(v)));
    const pts = Array.from(s.x.keys()).filter((i) => (sign >= 0 ? s.y[i] > 0 : s.y[i] < 0));
    const slope = lineFit(pts.map((i) => s.x[i]), pts.map((i) => Math.log(Math.abs(s.y[i])))).slope;
    const seed = slope > 0 ? slope : 1 / xScale(s);
    const x1 = s.x[s.n - 1];
    const p = profileSearch([{ start: seed, step: 0.9, log: true }], ([k]) => [Float64Array.from(s.x, (v) => Math.exp(k * (v - x1)))], s.y);
    if (!p) return { k: seed };
    const [k] = p.theta;
    return { A: p.coef[0] * Math.exp(-k * x1), k };
  },
});

/**
 * Dose–response and binding curves in the dose x > 0. With z = ln x each is a logistic step in z,
 * 1/(1 + (EC50/x)^h) = logistic(h·(z − ln EC50)), so they share the sigmoid machinery: centre
 * and width from the half-maximum and quartile crossings, then a variable-projection search in z.
 * Doses ≤ 0 (untreated controls) are left out of the guess; the fit may still use them.
 */
import { defineModel } from '../define';
import { fractionCrossings } from '../guess/crossing';
import { profileSearch } from '../guess/profile';
import { filterSamples, type Samples } from '../guess/samples';
import { logistic, sigmoidSearch, widthBetween } from '../guess/sigmoid';
import { edgeMeans, median } from '../guess/stats';

/** Between the 25 % and 75 % responses, h·ln x changes by 2 ln 3. */
const QUARTILES = 2 * Math.log(3);

interface LogDose {
  readonly s: Samples;
  readonly z: Float64Array;
  /** Crossings are interpolated in ln x when the doses span more than a decade. */
  readonly crossAt: Float64Array;
}

function logDose(all: Samples): LogDose {
  const s = filterSamples(all, (x) => x > 0);
  const z = s.x.map(Math.log);
  const decades = s.n > 1 ? Math.log10(s.x[s.n - 1] / s.x[0]) : 0;
  return { s, z, crossAt: decades > 1 ? z : s.x };
}

/** ln x of a crossing read on the scale `crossAt` (x or ln x). */
function toZ(d: LogDose, v: number): number {
  return d.crossAt === d.z ? v : Math.log(v > 0 ? v : median(d.s.x));
}

export const doseResponse4PL = defineModel({
  id: 'dose-response-4pl',
  name: 'Dose–response (4PL)',
  category: 'dose-response',
  // Written with x^h rather than (EC50/x)^h so that zero-dose controls (x = 0) evaluate to
  // `bottom` with finite derivatives instead of ∞/∞; the direction lives in top vs bottom.
  expression: 'bottom + (top - bottom)*x^hill/(EC50^hill + x^hill)',
  formula: 'y = bottom + (top − bottom)·xʰ/(EC50ʰ + xʰ)',
  description: 'Four-parameter logistic: response bottom at zero dose and top at high dose (top < bottom for inhibition), midpoint EC50, Hill slope h > 0.',
  parameters: [{ name: 'bottom', fallback: 'yMid' }, { name: 'top', fallback: 'yMid' }, { name: 'EC50', positive: true }, { name: 'hill', positive: true, fallback: 1 }],
  estimate(all) {
    const d = logDose(all);
    if (d.s.n < 2) return {};
    // Which plateau lies at high dose decides the direction of the step in ln x.
    const { left, right } = edgeMeans(d.s);
    const sign = right >= left ? 1 : -1;
    const [q1, mid, q3] = fractionCrossings(d.s, left, right, [0.25, 0.5, 0.75], d.crossAt).map((v) => toZ(d, v));
    const w = widthBetween(q1, q3, QUARTILES, 1);
    const fit = sigmoidSearch(d.z, d.s.y, (u) => logistic(sign * u), mid, w, true);
    if (!fit) return { bottom: left, top: right, EC50: Math.exp(mid), hill: 1 / w };
    // y = a·step + b, where the step rises towards high dose (sign > 0) or low dose (sign < 0).
    const [a, b] = fit.coef;
    const [low, high] = sign > 0 ? [b, a + b] : [a + b, b];
    return { bottom: low, top: high, EC50: Math.exp(fit.center), hill: 1 / fit.width };
  },
});

export const hill = defineModel({
  id: 'hill',
  name: 'Hill equation',
  category: 'dose-response',
  expression: 'Vmax*x^n/(K^n + x^n)',
  formula: 'y = Vmax·xⁿ/(Kⁿ + xⁿ)',
  description: 'Cooperative binding or saturation from 0 to Vmax, half-saturated at K, Hill coefficient n > 0.',
  parameters: [{ name: 'Vmax', fallback: 'yScale' }, { name: 'n', positive: true, fallback: 1 }, { name: 'K', positive: true }],
  estimate(all) {
    const d = logDose(all);
    if (d.s.n < 2) return {};
    const top = edgeMeans(d.s).right;
    const [q1, mid, q3] = fractionCrossings(d.s, 0, top, [0.25, 0.5, 0.75], d.crossAt).map((v) => toZ(d, v));
    const w = widthBetween(q1, q3, QUARTILES, 1);
    const fit = sigmoidSearch(d.z, d.s.y, logistic, mid, w, false);
    if (!fit) return { Vmax: top, n: 1 / w, K: Math.exp(mid) };
    return { Vmax: fit.coef[0], n: 1 / fit.width, K: Math.exp(fit.center) };
  },
});

export const michaelisMenten = defineModel({
  id: 'michaelis-menten',
  name: 'Michaelis–Menten',
  category: 'dose-response',
  expression: 'Vmax*x/(Km + x)',
  formula: 'y = Vmax·x/(Km + x)',
  description: 'Enzyme kinetics: rate Vmax·x/(Km + x), saturating at Vmax, half-maximal at the substrate concentration Km.',
  parameters: [{ name: 'Vmax', fallback: 'yScale' }, { name: 'Km', positive: true }],
  estimate(all) {
    // Km seeded by the half-maximum crossing (half of the highest-dose plateau), then the exact
    // least-squares Vmax for each Km on a log grid: the Lineweaver–Burk plot's weighting of the
    // smallest rates (1/v) is what makes it notoriously poor in noise.
    const d = logDose(all);
    if (d.s.n < 1) return {};
    const top = edgeMeans(d.s).right;
    const [mid] = fractionCrossings(d.s, 0, top, [0.5], d.crossAt).map((v) => toZ(d, v));
    const p = profileSearch([{ start: Math.exp(mid), step: 0.7, log: true }], ([Km]) => [d.s.x.map((x) => x / (Km + x))], d.s.y);
    if (!p) return { Vmax: top, Km: Math.exp(mid) };
    return { Vmax: p.coef[0], Km: p.theta[0] };
  },
});

/** S-shaped steps in x: logistic, Boltzmann and the error-function step. */
import { erf } from '../../model/index';
import { defineModel } from '../define';
import { fractionCrossings } from '../guess/crossing';
import { logistic, sigmoidSearch, widthBetween } from '../guess/sigmoid';
import { edgeMeans, xScale } from '../guess/stats';

/** Between the 25 % and 75 % points of a logistic, (x − x₀)/w runs from −ln 3 to ln 3. */
const LOGISTIC_QUARTILES = 2 * Math.log(3);

export const logisticCurve = defineModel({
  id: 'logistic',
  name: 'Logistic',
  category: 'growth-decay',
  expression: 'L/(1 + exp(-k*(x - x0)))',
  formula: 'y = L/(1 + exp(−k·(x − x₀)))',
  description: 'Logistic (Verhulst) curve from 0 to the plateau L with midpoint x₀ and rate k (k < 0 falls).',
  parameters: [{ name: 'L', fallback: 'yScale' }, { name: 'k', fallback: 1 }, { name: 'x0', fallback: 'xMid' }],
  estimate(s) {
    // The plateau is the edge farther from zero; the curve rises towards it or falls from it.
    const { left, right } = edgeMeans(s);
    const rising = Math.abs(right) >= Math.abs(left);
    const L = rising ? right : left;
    const [q1, mid, q3] = fractionCrossings(s, rising ? 0 : L, rising ? L : 0, [0.25, 0.5, 0.75]);
    const w = widthBetween(q1, q3, LOGISTIC_QUARTILES, xScale(s) / 10);
    const d = rising ? 1 : -1;
    const fit = sigmoidSearch(s.x, s.y, (u) => logistic(d * u), mid, w, false);
    if (!fit) return { L, k: d / w, x0: mid };
    return { L: fit.coef[0], k: d / fit.width, x0: fit.center };
  },
});

export const boltzmann = defineModel({
  id: 'boltzmann',
  name: 'Boltzmann sigmoid',
  category: 'growth-decay',
  expression: 'A2 + (A1 - A2)/(1 + exp((x - x0)/dx))',
  formula: 'y = A₂ + (A₁ − A₂)/(1 + exp((x − x₀)/dx))',
  description: 'Sigmoid from the left level A₁ to the right level A₂, centred at x₀ with width dx > 0.',
  parameters: [{ name: 'A2', fallback: 'yMid' }, { name: 'A1', fallback: 'yMid' }, { name: 'x0', fallback: 'xMid' }, { name: 'dx', positive: true }],
  estimate(s) {
    const { left, right } = edgeMeans(s);
    const [q1, mid, q3] = fractionCrossings(s, left, right, [0.25, 0.5, 0.75]);
    const w = widthBetween(q1, q3, LOGISTIC_QUARTILES, xScale(s) / 10);
    const fit = sigmoidSearch(s.x, s.y, logistic, mid, w, true);
    if (!fit) return { A1: left, A2: right, x0: mid, dx: w };
    // a·logistic(u) + b: A₁ = b (u → −∞), A₂ = a + b
    const [a, b] = fit.coef;
    return { A1: b, A2: a + b, x0: fit.center, dx: fit.width };
  },
});

/** Between the 15.87 % and 84.13 % points of a Gaussian CDF step, x runs from x₀ − σ to x₀ + σ. */
const ONE_SIGMA = 0.5 * (1 + erf(-Math.SQRT1_2));

export const errorFunctionStep = defineModel({
  id: 'step-erf',
  name: 'Step (error function)',
  category: 'basic',
  expression: 'c + A/2*(1 + erf((x - x0)/(sqrt(2)*sigma)))',
  formula: 'y = c + (A/2)·(1 + erf((x − x₀)/(√2·σ)))',
  description: 'Smooth step of height A from c at x₀: a Gaussian-blurred edge of standard deviation σ.',
  parameters: [{ name: 'c', fallback: 'yMid' }, { name: 'A', fallback: 'yScale' }, { name: 'x0', fallback: 'xMid' }, { name: 'sigma', positive: true }],
  estimate(s) {
    const { left, right } = edgeMeans(s);
    const [lo, mid, hi] = fractionCrossings(s, left, right, [ONE_SIGMA, 0.5, 1 - ONE_SIGMA]);
    const sigma = widthBetween(lo, hi, 2, xScale(s) / 10);
    const fit = sigmoidSearch(s.x, s.y, (u) => 0.5 * (1 + erf(u * Math.SQRT1_2)), mid, sigma, true);
    if (!fit) return { c: left, A: right - left, x0: mid, sigma };
    return { A: fit.coef[0], c: fit.coef[1], x0: fit.center, sigma: fit.width };
  },
});

/**
 * Asymmetric growth curves from 0 to an asymptote A: Gompertz in x, Weibull (CDF) in ln x. Each
 * is a fixed unit step in a shifted, scaled variable, so the seeds come from two rank crossings
 * (the double-log linearisations −ln(−ln(y/A)) = k(x − x₀) and ln(−ln(1 − y/A)) = k·ln(x/λ)
 * evaluated at two levels) and the refinement from the sigmoid search.
 */
import { defineModel } from '../define';
import { fractionCrossings } from '../guess/crossing';
import { filterSamples } from '../guess/samples';
import { sigmoidSearch, widthBetween } from '../guess/sigmoid';
import { edgeMeans, xScale } from '../guess/stats';

/** u = −ln(−ln F) of the Gompertz step exp(−exp(−u)) at F = 0.1 and 0.7. */
const GOMPERTZ_U = [-Math.log(-Math.log(0.1)), -Math.log(-Math.log(0.7))];
/** v = ln(−ln(1 − F)) of the Weibull step 1 − exp(−exp(v)) at F = 0.2 and 0.8. */
const WEIBULL_V = [Math.log(-Math.log(0.8)), Math.log(-Math.log(0.2))];

export const gompertz = defineModel({
  id: 'gompertz',
  name: 'Gompertz',
  category: 'growth-decay',
  expression: 'A*exp(-exp(-k*(x - x0)))',
  formula: 'y = A·exp(−exp(−k·(x − x₀)))',
  description: 'Asymmetric sigmoid growth to the asymptote A, inflection at x₀ (where y = A/e), rate k > 0.',
  parameters: [{ name: 'A', fallback: 'yScale' }, { name: 'k', positive: true, fallback: 1 }, { name: 'x0', fallback: 'xMid' }],
  estimate(s) {
    const A = edgeMeans(s).right;
    const [x10, x70] = fractionCrossings(s, 0, A, [0.1, 0.7]);
    const w = widthBetween(x10, x70, GOMPERTZ_U[1] - GOMPERTZ_U[0], xScale(s) / 10);
    const x0 = x10 - GOMPERTZ_U[0] * w;
    const fit = sigmoidSearch(s.x, s.y, (u) => Math.exp(-Math.exp(-u)), x0, w, false);
    if (!fit) return { A, k: 1 / w, x0 };
    return { A: fit.coef[0], k: 1 / fit.width, x0: fit.center };
  },
});

export const weibull = defineModel({
  id: 'weibull',
  name: 'Weibull (cumulative)',
  category: 'growth-decay',
  expression: 'A*(1 - exp(-(x/lambda)^k))',
  formula: 'y = A·(1 − exp(−(x/λ)ᵏ))',
  description: 'Weibull cumulative growth in x > 0 to the asymptote A: scale λ (63 % of A), shape k (k = 1: saturating exponential).',
  parameters: [{ name: 'A', fallback: 'yScale' }, { name: 'lambda', positive: true }, { name: 'k', positive: true, fallback: 1 }],
  estimate(all) {
    const s = filterSamples(all, (x) => x > 0);
    if (s.n < 2) return {};
    const z = s.x.map(Math.log);
    const A = edgeMeans(s).right;
    const [z20, z80] = fractionCrossings(s, 0, A, [0.2, 0.8], z);
    const w = widthBetween(z20, z80, WEIBULL_V[1] - WEIBULL_V[0], 1);
    const lnLambda = z20 - WEIBULL_V[0] * w;
    const fit = sigmoidSearch(z, s.y, (v) => -Math.expm1(-Math.exp(v)), lnLambda, w, false);
    if (!fit) return { A, lambda: Math.exp(lnLambda), k: 1 / w };
    return { A: fit.coef[0], lambda: Math.exp(fit.center), k: 1 / fit.width };
  },
});

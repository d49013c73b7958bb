/**
 * Power law and Arrhenius rate. Both are straight lines after taking logarithms (ln y against
 * ln x; ln k against 1/T), which gives the seed; a one-parameter variable-projection search then
 * redoes the exponent on the original scale, where the noise actually is (a log-scale fit
 * overweights the smallest values).
 */
import { defineModel } from '../define';
import { lineFit } from '../guess/lineFit';
import { profileSearch } from '../guess/profile';
import { filterSamples } from '../guess/samples';
import { mean } from '../guess/stats';

/** Molar gas constant R in J/(mol·K) (CODATA 2018, exact). */
export const GAS_CONSTANT = 8.314462618;

export const powerLaw = defineModel({
  id: 'power-law',
  name: 'Power law',
  category: 'physics',
  expression: 'A*x^k',
  formula: 'y = A·xᵏ',
  description: 'Scaling law in x > 0 with exponent k (a straight line of slope k on log–log axes).',
  parameters: [{ name: 'A', fallback: 'yScale' }, { name: 'k', fallback: 1 }],
  estimate(all) {
    let sign = 0;
    all.y.forEach((v) => (sign += Math.sign(v)));
    const sy = sign >= 0 ? 1 : -1;
    const s = filterSamples(all, (x, y) => x > 0 && sy * y > 0);
    if (s.n < 2) return { A: mean(all.y) };
    const lx = s.x.map(Math.log);
    const { slope, intercept } = lineFit(lx, s.y.map((v) => Math.log(sy * v)));
    // Basis (x/x̄)^k with x̄ the geometric mean keeps the amplitude well scaled for any k.
    const lnRef = mean(lx);
    const spread = lx[s.n - 1] - lx[0] || 1;
    const p = profileSearch([{ start: slope, step: 0.2 / spread }], ([k]) => [all.x.map((x) => Math.exp(k * (Math.log(x) - lnRef)))], all.y);
    if (!p) return { A: sy * Math.exp(intercept), k: slope };
    const [k] = p.theta;
    return { A: p.coef[0] * Math.exp(-k * lnRef), k };
  },
});

export const arrhenius = defineModel({
  id: 'arrhenius',
  name: 'Arrhenius',
  category: 'physics',
  expression: `A*exp(-Ea/(${GAS_CONSTANT}*x))`,
  formula: 'k = A·exp(−Ea/(R·T)),  R = 8.314462618 J/(mol·K)',
  description: 'Rate constant against absolute temperature T (x, in K): pre-exponential factor A, activation energy Ea in J/mol.',
  parameters: [{ name: 'A', positive: true, fallback: 1 }, { name: 'Ea', fallback: 0 }],
  estimate(all) {
    const s = filterSamples(all, (x, y) => x > 0 && y > 0);
    if (s.n < 2) return { A: Math.abs(mean(all.y)), Ea: 0 };
    const inv = s.x.map((T) => 1 / T);
    const { slope } = lineFit(inv, s.y.map(Math.log));
    // θ = Ea/R in kelvin; basis exp(−θ(1/T − 1/T_ref)) with T_ref the hottest point stays O(1).
    const invRef = inv[s.n - 1];
    const spread = inv[0] - invRef || 1 / s.x[0];
    const p = profileSearch([{ start: -slope, step: 0.2 / spread }], ([theta]) => [inv.map((u) => Math.exp(-theta * (u - invRef)))], s.y);
    const theta = p ? p.theta[0] : -slope;
    const a = p ? p.coef[0] : Math.exp(mean(s.y.map(Math.log)) + theta * (mean(inv) - invRef));
    return { A: a * Math.exp(theta * invRef), Ea: theta * GAS_CONSTANT };
  },
});

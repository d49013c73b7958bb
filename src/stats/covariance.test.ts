/**
 * Issue 10 defect 2: the rank test of the normal-equation path. For an exactly rank-deficient J
 * the smallest eigenvalue of JᵀJ is rounding, ≈ EPS·λmax, so its square root ≈ 1e-8·s₀ passes a
 * test written for singular values (s > EPS·m·s₀) and the null direction is inverted. Reference:
 * J = [1, x, 2x], whose null direction is (0, 2, −1): the intercept's variance is the straight
 * line's, s²·(1/m + x̄²/Sxx), and the two slopes are undetermined, on either linearization.
 */
import { describe, expect, it } from 'vitest';
import { normalEquations } from '../solver/functionEvaluator';
import { NormalLinearModel, QrLinearModel, type LinearModel } from '../solver/linearModel';
import { QrAccumulator } from '../solver/qrAccumulator';
import { curveFitCovariance } from './covariance';

const m = 40;
const x = Float64Array.from({ length: m }, (_, i) => 0.3 + i / 7);
const J = new Float64Array(m * 3);
x.forEach((v, i) => J.set([1, v, 2 * v], 3 * i));
const f = Float64Array.from({ length: m }, (_, i) => 0.2 * Math.sin(1.7 * i) + 0.05 * i);
const cost = 0.5 * f.reduce((s, v) => s + v * v, 0);

function models(): Record<'qr' | 'normal', LinearModel> {
  const { JtJ, g } = normalEquations(J, f, m, 3);
  const qr = new QrAccumulator(3);
  qr.addRows(J.slice(), f.slice(), m);
  return { qr: new QrLinearModel(3, m, qr.R, qr.qtf, cost), normal: new NormalLinearModel(3, m, JtJ, g, cost) };
}

describe('rank of J on the normal-equation path (defect 2)', () => {
  const mx = x.reduce((s, v) => s + v, 0) / m;
  const sxx = x.reduce((s, v) => s + (v - mx) ** 2, 0);
  const s2 = (2 * cost) / (m - 3);
  const seIntercept = Math.sqrt(s2 * (1 / m + (mx * mx) / sxx));

  for (const [kind, linear] of Object.entries(models())) {
    it(`${kind}: the null direction is discarded, the intercept's standard error is the straight line's`, () => {
      const cov = curveFitCovariance({ linear, m, cost, absoluteSigma: false });
      expect(Math.abs(Math.sqrt(cov.pcov[0]) - seIntercept) / seIntercept).toBeLessThan(1e-7);
      expect(cov.undetermined).toEqual([[1, 2]]);
      expect(Number.isFinite(cov.pcov[4])).toBe(false);
      expect(Number.isFinite(cov.pcov[8])).toBe(false);
    });
  }
});

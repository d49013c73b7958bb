/**
 * Step selection of the Trust Region Reflective algorithm in the presence of bounds (scipy trf.py
 * select_step; Branch, Coleman & Li 1999, §2–3): take the trust-region step if it stays feasible;
 * otherwise compare (1) the step cut back at the first bound and scaled by θ, (2) the step
 * reflected off that bound, and (3) the θ-scaled Cauchy step along −g_h, and keep the one with the
 * lowest value of the quadratic model.
 *
 * Legend: x = iterate, p = trust-region step (original variables), p_h = same in the hat space
 * (p = d ⊙ p_h), J_h = J·diag(d) (through `jh`), diag_h = Coleman–Li diagonal, g_h = d ⊙ g,
 * Δ = radius, θ = step-back factor (≥ 0.995) that keeps iterates strictly feasible.
 */
import { inBounds, stepSizeToBound } from './bounds';
import { buildQuadratic1d, evaluateQuadratic, minimizeQuadratic1d, type GramJh } from './quadratic';
import { intersectTrustRegion } from './trustRegion';
import { norm } from './vec';

export interface SelectedStep {
  readonly step: Float64Array;
  readonly stepH: Float64Array;
  readonly predictedReduction: number;
  readonly kind: 'trust-region' | 'reflected' | 'cauchy';
}

export interface StepContext {
  readonly x: Float64Array;
  readonly jh: GramJh;
  readonly diagH: Float64Array;
  readonly gH: Float64Array;
  readonly d: Float64Array;
  readonly Delta: number;
  readonly lb: Float64Array;
  readonly ub: Float64Array;
  readonly theta: number;
}

export function selectStep(ctx: StepContext, pIn: Float64Array, pHIn: Float64Array): SelectedStep {
  const { x, jh, diagH, gH, d, Delta, lb, ub, theta } = ctx;
  const n = x.length;
  const p = Float64Array.from(pIn);
  const pH = Float64Array.from(pHIn);
  const xp = new Float64Array(n);
  for (let i = 0; i < n; i++) xp[i] = x[i] + p[i];
  if (inBounds(xp, lb, ub)) {
    const pValue = evaluateQuadratic(jh, gH, pH, diagH);
    return { step: p, stepH: pH, predictedReduction: -pValue, kind: 'trust-region' };
  }

  const { step: pStride, hits } = stepSizeToBound(x, p, lb, ub);

  // The reflected direction: flip the components that hit a bound.
  const rH = Float64Array.from(pH);
  for (let i = 0; i < n; i++) if (hits[i] !== 0) rH[i] = -rH[i];
  const r = new Float64Array(n);
  for (let i = 0; i < n; i++) r[i] = d[i] * rH[i];

  // Restrict the trust-region step so that it just reaches the bound.
  for (let i = 0; i < n; i++) {
    p[i] *= pStride;
    pH[i] *= pStride;
  }
  const xOnBound = new Float64Array(n);
  for (let i = 0; i < n; i++) xOnBound[i] = x[i] + p[i];

  // The reflected direction leaves either the feasible region or the trust region first.
  const toTr = intersectTrustRegion(pH, rH, Delta)[1];
  const toBound = stepSizeToBound(xOnBound, r, lb, ub).step;

  // Bounds on the step along the reflected direction that keep strict feasibility (scipy's choice).
  let rStride = Math.min(toBound, toTr);
  let rStrideL: number;
  let rStrideU: number;
  if (rStride > 0) {
    rStrideL = ((1 - theta) * pStride) / rStride;
    rStrideU = rStride === toBound ? theta * toBound : toTr;
  } else {
    rStrideL = 0;
    rStrideU = -1;
  }

  let rValue = Infinity;
  if (rStrideL <= rStrideU) {
    const { a, b, c } = buildQuadratic1d(jh, gH, rH, diagH, pH);
    const best = minimizeQuadratic1d(a, b, rStrideL, rStrideU, c);
    rStride = best.t;
    rValue = best.value;
    for (let i = 0; i < n; i++) {
      rH[i] = rH[i] * rStride + pH[i];
      r[i] = rH[i] * d[i];
    }
  }

  // Step back from the bound by θ so that the iterate stays strictly inside.
  for (let i = 0; i < n; i++) {
    p[i] *= theta;
    pH[i] *= theta;
  }
  const pValue = evaluateQuadratic(jh, gH, pH, diagH);

  // The Cauchy step along −g_h, also limited by the trust region and the bounds.
  const agH = new Float64Array(n);
  const ag = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    agH[i] = -gH[i];
    ag[i] = d[i] * agH[i];
  }
  const agToTr = Delta / norm(agH);
  const agToBound = stepSizeToBound(x, ag, lb, ub).step;
  const agStrideMax = agToBound < agToTr ? theta * agToBound : agToTr;
  const q = buildQuadratic1d(jh, gH, agH, diagH, null);
  const cauchy = minimizeQuadratic1d(q.a, q.b, 0, agStrideMax);
  for (let i = 0; i < n; i++) {
    agH[i] *= cauchy.t;
    ag[i] *= cauchy.t;
  }
  const agValue = cauchy.value;

  if (pValue < rValue && pValue < agValue) return { step: p, stepH: pH, predictedReduction: -pValue, kind: 'trust-region' };
  if (rValue < pValue && rValue < agValue) return { step: r, stepH: rH, predictedReduction: -rValue, kind: 'reflected' };
  return { step: ag, stepH: agH, predictedReduction: -agValue, kind: 'cauchy' };
}

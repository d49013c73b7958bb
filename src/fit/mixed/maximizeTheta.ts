/**
 * The LME step's optimizer: maximizes the profiled log-likelihood ℓ(θ) over the few (at most
 * r(r+1)/2) parameters of Δ by BFGS (Nocedal & Wright, Numerical Optimization, 2nd ed., §6.1)
 * with central-difference gradients and a backtracking Armijo line search (§3.1). nlme uses
 * nlminb here; ℓ is smooth in θ and cheap (it never touches the rows), so a quasi-Newton
 * method with numerical derivatives reaches its maximum to far below the comparison's 1e-3.
 *
 * θ stays in [−THETA_MAX, THETA_MAX] (precisionFactor.ts: log Δ_jj and unit-free ratios): a
 * diagonal log Δ_jj at the upper end is a random effect
 * whose variance went to zero (Ψ singular), which the caller reports. Steps are at most MAX_STEP
 * in every θ: ℓ is flat where a variance is near zero, and one long first step (the identity as
 * the inverse Hessian, with |∇ℓ| in the hundreds) lands on that plateau and stops there, missing
 * the maximum nearby. The first update scales the identity by sᵀy/yᵀy (Nocedal & Wright (6.20)).
 */

export const THETA_MAX = 25;
const MAX_STEP = 1;

export interface ThetaOptimum {
  readonly theta: Float64Array;
  readonly value: number;
  readonly iterations: number;
  readonly evaluations: number;
}

const clamp = (v: number) => Math.min(THETA_MAX, Math.max(-THETA_MAX, v));

export function maximizeTheta(f: (theta: Float64Array) => number, theta0: ArrayLike<number>, gtol = 1e-7, maxIter = 200): ThetaOptimum {
  const k = theta0.length;
  let x = Float64Array.from(theta0, clamp);
  let evaluations = 0;
  // Minimize φ = −ℓ.
  const phi = (t: Float64Array) => {
    evaluations++;
    const v = -f(t);
    return Number.isFinite(v) ? v : Infinity;
  };
  const gradient = (t: Float64Array, out: Float64Array) => {
    const e = Float64Array.from(t);
    for (let i = 0; i < k; i++) {
      const h = 1e-5 * Math.max(1, Math.abs(t[i]));
      e[i] = t[i] + h;
      const up = phi(e);
      e[i] = t[i] - h;
      const down = phi(e);
      e[i] = t[i];
      out[i] = (up - down) / (2 * h);
    }
    return out;
  };
  let fx = phi(x);
  if (!Number.isFinite(fx)) return { theta: x, value: -fx, iterations: 0, evaluations };
  let g = gradient(x, new Float64Array(k));
  // H: the inverse Hessian approximation, started as the identity.
  let H = new Float64Array(k * k);
  for (let i = 0; i < k; i++) H[i * k + i] = 1;
  let it = 0;
  for (; it < maxIter; it++) {
    let gmax = 0;
    for (let i = 0; i < k; i++) gmax = Math.max(gmax, Math.abs(g[i]));
    if (gmax < gtol) break;
    const d = new Float64Array(k);
    for (let i = 0; i < k; i++) {
      let t = 0;
      for (let j = 0; j < k; j++) t -= H[i * k + j] * g[j];
      d[i] = t;
    }
    let slope = 0;
    for (let i = 0; i < k; i++) slope += d[i] * g[i];
    if (!(slope < 0)) {
      // Not a descent direction: restart from steepest descent.
      H = new Float64Array(k * k);
      for (let i = 0; i < k; i++) ((H[i * k + i] = 1), (d[i] = -g[i]));
      slope = -g.reduce((t, v) => t + v * v, 0);
    }
    let dmax = 0;
    for (let i = 0; i < k; i++) dmax = Math.max(dmax, Math.abs(d[i]));
    if (dmax > MAX_STEP) for (let i = 0; i < k; i++) d[i] *= MAX_STEP / dmax;
    if (dmax > MAX_STEP) slope *= MAX_STEP / dmax;
    let step = 1;
    let xn = x;
    let fn = Infinity;
    for (let tries = 0; tries < 60; tries++) {
      xn = Float64Array.from(x, (v, i) => clamp(v + step * d[i]));
      fn = phi(xn);
      if (fn <= fx + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fn < fx)) break;
    const gn = gradient(xn, new Float64Array(k));
    const sv = Float64Array.from(xn, (v, i) => v - x[i]);
    const yv = Float64Array.from(gn, (v, i) => v - g[i]);
    let sy = 0;
    for (let i = 0; i < k; i++) sy += sv[i] * yv[i];
    const improvement = fx - fn;
    x = xn;
    fx = fn;
    g = gn;
    if (sy > 1e-12) {
      if (it === 0) {
        let yy = 0;
        for (let i = 0; i < k; i++) yy += yv[i] * yv[i];
        for (let i = 0; i < k * k; i++) H[i] *= sy / yy;
      }
      // H ← (I − ρsyᵀ)H(I − ρysᵀ) + ρssᵀ.
      const rho = 1 / sy;
      const Hy = new Float64Array(k);
      for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) Hy[i] += H[i * k + j] * yv[j];
      let yHy = 0;
      for (let i = 0; i < k; i++) yHy += yv[i] * Hy[i];
      for (let i = 0; i < k; i++) {
        for (let j = 0; j < k; j++) {
          H[i * k + j] += -rho * (Hy[i] * sv[j] + sv[i] * Hy[j]) + (rho * rho * yHy + rho) * sv[i] * sv[j];
        }
      }
    }
    if (improvement <= 1e-14 * Math.max(1, Math.abs(fx))) break;
  }
  return { theta: x, value: -fx, iterations: it, evaluations };
}

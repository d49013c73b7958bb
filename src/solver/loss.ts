/**
 * Robust loss functions ρ(z) of z = (f / C)², as in scipy.optimize.least_squares (_lsq/least_squares.py).
 *
 * Legend: f = residual, C = f_scale (soft margin between inliers and outliers), z = (f/C)².
 * `rho` returns ρ₀ = C²·ρ(z), ρ₁ = ρ'(z), ρ₂ = ρ''(z)/C², which is the scaling scipy applies so that
 * cost = ½ Σ ρ₀ and the Gauss–Newton model of Triggs et al. (2000), "Bundle adjustment — a modern
 * synthesis", §4.3, can be written with the scaled residuals below.
 */

export const LOSS_NAMES = ['linear', 'soft_l1', 'huber', 'cauchy', 'arctan'] as const;
export type LossName = (typeof LOSS_NAMES)[number];

export interface Loss {
  readonly name: LossName;
  /** f_scale, C > 0. */
  readonly fScale: number;
}

export const LINEAR_LOSS: Loss = { name: 'linear', fScale: 1 };

/** The machine epsilon, which scipy uses as the floor of the robust Jacobian scale. */
export const EPS = 2.220446049250313e-16;

export function isLossName(name: string): name is LossName {
  return (LOSS_NAMES as readonly string[]).includes(name);
}

/** A loss name that is not one of LOSS_NAMES (code `loss`, so it crosses the worker as a status). */
export class UnknownLossError extends Error {
  readonly code = 'loss';
  constructor(name: unknown) {
    const shown = typeof name === 'string' ? JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name) : String(name);
    super(`Unknown loss ${shown}: choose one of ${LOSS_NAMES.join(', ')}.`);
    this.name = 'UnknownLossError';
  }
}

/**
 * `name` as a LossName, or UnknownLossError. Every place that turns a loss name into code or into
 * a ρ calls it, so a name read from a saved record or a worker request is checked where it is used,
 * not only where links and options are read.
 */
export function lossName(name: unknown): LossName {
  if (typeof name === 'string' && isLossName(name)) return name;
  throw new UnknownLossError(name);
}

/** The Loss of a validated name (f_scale only matters for the robust losses). */
export function makeLoss(name: unknown, fScale: number): Loss {
  const checked = lossName(name);
  return checked === 'linear' ? LINEAR_LOSS : { name: checked, fScale };
}

/** ρ(z), ρ'(z), ρ''(z) of the unscaled loss (C = 1), written into out[0..2]. */
export function rhoUnscaled(name: LossName, z: number, out: Float64Array): void {
  switch (name) {
    case 'linear':
      out[0] = z;
      out[1] = 1;
      out[2] = 0;
      return;
    case 'soft_l1': {
      const t = 1 + z;
      const s = Math.sqrt(t);
      out[0] = 2 * (s - 1);
      out[1] = 1 / s;
      out[2] = -0.5 / (t * s);
      return;
    }
    case 'huber':
      if (z <= 1) {
        out[0] = z;
        out[1] = 1;
        out[2] = 0;
      } else {
        const s = Math.sqrt(z);
        out[0] = 2 * s - 1;
        out[1] = 1 / s;
        out[2] = -0.5 / (z * s);
      }
      return;
    case 'cauchy': {
      const t = 1 + z;
      out[0] = Math.log1p(z);
      out[1] = 1 / t;
      out[2] = -1 / (t * t);
      return;
    }
    case 'arctan': {
      const t = 1 + z * z;
      out[0] = Math.atan(z);
      out[1] = 1 / t;
      out[2] = (-2 * z) / (t * t);
      return;
    }
    default:
      // Unreachable for a LossName; a forged one would otherwise leave out[] as it was (cost 0).
      throw new UnknownLossError(name);
  }
}

/** Scaled ρ₀ = C²ρ(z), ρ₁ = ρ'(z), ρ₂ = ρ''(z)/C² at residual f, into out[0..2]. */
export function rho(loss: Loss, f: number, out: Float64Array): void {
  const c2 = loss.fScale * loss.fScale;
  rhoUnscaled(loss.name, (f * f) / c2, out);
  out[0] *= c2;
  out[2] /= c2;
}

/** cost = ½ Σ ρ₀(fᵢ); for the linear loss ½‖f‖². Non-finite when any residual is. */
export function lossCost(loss: Loss, f: Float64Array): number {
  let sum = 0;
  if (loss.name === 'linear') {
    for (let i = 0; i < f.length; i++) sum += f[i] * f[i];
    return 0.5 * sum;
  }
  const r = new Float64Array(3);
  for (let i = 0; i < f.length; i++) {
    rho(loss, f[i], r);
    sum += r[0];
  }
  return 0.5 * sum;
}

/**
 * scipy's scale_for_robust_loss_function, in place: with s = √max(ρ₁ + 2ρ₂f², EPS),
 * Jᵢ ← s·Jᵢ and fᵢ ← ρ₁fᵢ/s, so that JᵀJ and Jᵀf of the scaled problem are the robust
 * Gauss–Newton approximations. J is m×n row-major. Returns the cost ½Σρ₀.
 */
export function scaleForRobustLoss(loss: Loss, f: Float64Array, J: Float64Array, n: number): number {
  if (loss.name === 'linear') return lossCost(loss, f);
  const r = new Float64Array(3);
  let cost = 0;
  for (let i = 0; i < f.length; i++) {
    const fi = f[i];
    rho(loss, fi, r);
    cost += r[0];
    const s = Math.sqrt(Math.max(r[1] + 2 * r[2] * fi * fi, EPS));
    f[i] = (r[1] * fi) / s;
    for (let j = i * n; j < i * n + n; j++) J[j] *= s;
  }
  return 0.5 * cost;
}

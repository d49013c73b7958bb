/**
 * The robust losses of src/solver/loss.ts written as JavaScript statements, so the generated
 * cost and normal-equation loops can inline them instead of calling rho() per row (which would
 * also need an output array). The operations and their order are those of loss.ts `rho`
 * (ρ₀ = C²·ρ(z), ρ₁ = ρ'(z), ρ₂ = ρ''(z)/C², z = f²/C²), so the two agree to the last bit.
 *
 * The snippet reads the residual `r` and the hoisted `c2` = C², and declares `rho0` and, when
 * asked, `rho1` and `rho2`. The linear loss never reaches here: its kernels use f² directly.
 */
import type { LossName } from '../solver/loss';
import { lossName } from './codeNames';

export type RobustLossName = Exclude<LossName, 'linear'>;

export function jsRobustLoss(robust: RobustLossName, derivatives: boolean): string {
  const name = lossName(robust);
  const z = 'const l_z = (r * r) / c2;';
  switch (name) {
    case 'soft_l1':
      return derivatives
        ? `${z} const l_t = 1 + l_z; const l_s = Math.sqrt(l_t);
           const rho0 = 2 * (l_s - 1) * c2; const rho1 = 1 / l_s; const rho2 = -0.5 / (l_t * l_s) / c2;`
        : `${z} const rho0 = 2 * (Math.sqrt(1 + l_z) - 1) * c2;`;
    case 'huber':
      return derivatives
        ? `${z} let rho0, rho1, rho2;
           if (l_z <= 1) { rho0 = l_z * c2; rho1 = 1; rho2 = 0; }
           else { const l_s = Math.sqrt(l_z); rho0 = (2 * l_s - 1) * c2; rho1 = 1 / l_s; rho2 = -0.5 / (l_z * l_s) / c2; }`
        : `${z} const rho0 = (l_z <= 1 ? l_z : 2 * Math.sqrt(l_z) - 1) * c2;`;
    case 'cauchy':
      return derivatives
        ? `${z} const l_t = 1 + l_z;
           const rho0 = Math.log1p(l_z) * c2; const rho1 = 1 / l_t; const rho2 = -1 / (l_t * l_t) / c2;`
        : `${z} const rho0 = Math.log1p(l_z) * c2;`;
    case 'arctan':
      return derivatives
        ? `${z} const l_t = 1 + l_z * l_z;
           const rho0 = Math.atan(l_z) * c2; const rho1 = 1 / l_t; const rho2 = (-2 * l_z) / (l_t * l_t) / c2;`
        : `${z} const rho0 = Math.atan(l_z) * c2;`;
    case 'linear':
      throw new Error('internal: the linear loss has no robust snippet');
  }
}

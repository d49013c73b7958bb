/**
 * The integration settings of an ODE fit (the CLI's --ode-method, --rtol, --atol), with their
 * defaults. The tolerances are tighter than solve_ivp's (1e-3, 1e-6): the fit's Jacobian comes
 * from sensitivities integrated under the same error control, and its minimum must agree with
 * scipy's and deSolve's to 1e-6 in RSS (issue 23); on the Lotka–Volterra fixture these defaults
 * reach scipy's DOP853 fit at rtol 1e-12 to better than 1e-9 in RSS (odeFit.test.ts).
 */
import type { OdeMethod } from '../../ode/types';

export interface OdeIntegration {
  readonly method: OdeMethod;
  readonly rtol: number;
  readonly atol: number;
  /** Attempted steps per integration before it fails (absent: src/ode's bound, 100 000). */
  readonly maxSteps?: number;
}

export const ODE_DEFAULTS: OdeIntegration = { method: 'auto', rtol: 1e-10, atol: 1e-12 };

export const ODE_METHODS: readonly OdeMethod[] = ['auto', 'dopri5', 'rodas4'];

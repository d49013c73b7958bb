/**
 * ODE integrators for models that are differential equations (issue 23): Dormand–Prince 5(4)
 * with dense output, Rodas4 (L-stable Rosenbrock), the 'auto' stiffness switch, and forward
 * sensitivities, and the observations' values and exact Jacobian for a fit (observe.ts). Pure
 * float64 TypeScript; runs in the worker, the CLI and the tests alike.
 */
export { solveOde } from './integrate';
export { observeSolution } from './observe';
export type {
  OdeFailure, OdeMethod, OdeOptions, OdeSolution, OdeStats, OdeStatus, OdeSystem, SensitivitySpec,
} from './types';

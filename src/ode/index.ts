/**
 * ODE integrators for models that are differential equations (issue 23): Dormand–Prince 5(4)
 * with dense output, Rodas4 (L-stable Rosenbrock), the 'auto' stiffness switch, and forward
 * sensitivities. Pure float64 TypeScript; runs in the worker, the CLI and the tests alike.
 */
export { solveOde } from './integrate';
export type {
  OdeFailure, OdeMethod, OdeOptions, OdeSolution, OdeStats, OdeStatus, OdeSystem, SensitivitySpec,
} from './types';

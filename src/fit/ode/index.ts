/** Fits of ODE models (issue 23): the stacked observations, the evaluator through the sensitivities, the fit. */
export { odeFit, type OdeFacts, type OdeFitInput, type OdeFitResult } from './odeFit';
export { ODE_DEFAULTS, ODE_METHODS, type OdeIntegration } from './odeDefaults';
export type { ObservedColumn, OdeFitData } from './observations';
export { observedRows, observeYLine, type ObservedRows } from './observedRows';
export { odeBands, type OdeBands, type OdeBandsInput, type OdeResponseBands } from './odeBands';
export { odeProfileIntervals } from './odeProfile';
export { odePredictAt, type OdePredictedPoint } from './odePredict';

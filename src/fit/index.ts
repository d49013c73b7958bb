/** Public API of the fitting layer (src/fit): curve_fit for a compiled model, bands, options. */
export { curveFit, type CurveFitInput, type PrimaryPhase } from './curveFit';
export { curveWithBands, type BandOptions, type CurveWithBands } from './bands';
export { cpuEvaluator, type BoundModel, type ChunkProgress, type Linearization } from './cpuEvaluator';
export { DEFAULTS, defaultMaxNfev, chooseLinearization, type FitOptions, type Method } from './defaults';
export { FitInputError, resolveParameters, type ParameterSpec } from './parameters';
export type { Backend, FitData, FitResult, ParameterResult, PhaseRecord } from './types';

/** Public API of the fitting layer (src/fit): curve_fit for a compiled model, bands, options. */
export { curveFit, type CurveFitInput, type PrimaryPhase } from './curveFit';
export { curveWithBands, type BandOptions, type CurveWithBands } from './bands';
export { cpuEvaluator, type BoundModel, type ChunkProgress, type Linearization } from './cpuEvaluator';
export { DEFAULTS, defaultMaxNfev, chooseLinearization, type FitOptions, type Method } from './defaults';
export { FitInputError, resolveParameters, type ParameterSpec } from './parameters';
export type { Backend, FitData, FitResult, ParameterResult, PhaseRecord } from './types';
export { fitGroups, openGroup, type BatchInput, type BatchProgress, type BatchResult, type GroupGuess } from './batch/index';
export { globalFit, type GlobalInput, type GlobalResult } from './global/index';
export type { BatchRow, GlobalRow, GroupRow } from './groupRow';
export { compareFits, type FitComparison } from './compare/compareFits';
export { compareModels, fitSummary, modelLabel, type ModelComparison, type ModelFitSummary } from './compare/compareModels';
export { findNesting, nestedIn, type ModelForm, type Nesting } from './compare/nesting';
export type { GroupInput } from './groupInput';

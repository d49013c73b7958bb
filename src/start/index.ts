/**
 * src/start: automatic start values: linear-parameter detection, variable projection, search
 * boxes, Sobol multistart. Uses the evaluators; knows no screen.
 */
export { autoStart, DEFAULT_STARTS, scoringStride, type AutoStartOptions, type AutoStartProgress, type AutoStartResult, type Minimum } from './multistart';
export { linearParameters, degreeIn } from './linearity';
export { VariableProjection } from './projection';
export { searchBoxes, sampleBox, type SearchBox } from './boxes';
export { Sobol, SOBOL_MAX_DIMENSION } from './sobol';

/** Global fits over groups (src/fit/global): shared and local parameters, one joint TRF. */
export { globalFit } from './globalFit';
export { GlobalEvaluator, type GlobalLayout } from './globalEvaluator';
export type { GlobalInput, GlobalResult } from './types';

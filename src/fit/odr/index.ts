/** Errors in both variables and implicit models (issue 24): see odrFit.ts and implicit.ts. */
export { odrFit } from './odrFit';
export { checkImplicitModel } from './implicit';
export { odrProfileIntervals } from './odrProfile';
export { odrFitResult, type OdrReportInput } from './odrFitResult';
export type { OdrInput, OdrResult } from './types';
export { globalOdrFit } from './globalOdrFit';
export type { GlobalOdrInput, GlobalOdrResult, GlobalOdrGroup } from './globalOdrTypes';

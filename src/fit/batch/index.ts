/** Per-group batch fits (src/fit/batch): one result row per group, the full result on demand. */
export { fitGroups } from './fitGroups';
export { openGroup } from './openGroup';
export { prepareGroup, type PreparedGroup } from './groupData';
export type { BatchInput, BatchProgress, BatchResult, GroupGuess } from './types';

// The package entry in Node (`import { fit } from 'fitbench'`): as bin/fitbench.mjs, tsx compiles
// the TypeScript on the fly (registered before the source is imported, hence the dynamic import),
// and the raw loader serves the GPU path's WGSL templates.
import { register } from 'tsx/esm/api';

register();
await import('./gpu/rawLoader.mjs');
const api = await import('./api.ts');

export const fit = api.fit;
export const FitApiError = api.FitApiError;
export const fitGroups = api.fitGroups;

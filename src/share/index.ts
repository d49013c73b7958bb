/**
 * Shareable fit links (src/share): the portable FitSpec, its link encoding, and data fingerprints.
 * Pure: no DOM, no Node; the page, the worker and the CLI use the same functions.
 *
 *   const plan = planLink(spec, [t, counts, sigma]);   // data inline if the link stays ≤ 64 KiB
 *   history.replaceState(null, '', plan.fragment);      // '#fit=v1.eJy…'
 *
 *   const opened = decodeSpec(location.hash);           // never throws
 *   if (!opened.ok) show(opened.error.message);         // code: 'corrupt', 'newer-version', …
 *   else if (opened.spec.data?.kind === 'fingerprint')  // ask for the file, select usedColumns(spec.columns), then:
 *     matchesFingerprint(opened.spec.data, [...fit.vars, fit.y, ...(fit.sigma ? [fit.sigma] : [])]);
 *
 * encodeSpec throws SpecError for an invalid spec: check what the user edited with validateSpec.
 */
export { SPEC_VERSION, type ColumnMapping, type DataFingerprint, type FitSpec, type InlineData, type ParameterRow, type SolverSettings } from './types';
export { encodeSpec, validateSpec, LINK_KEY, MAX_COMPRESSED_BYTES } from './encode';
export { decodeSpec } from './decode';
export { specToJson, specFromJson } from './specJson';
export { planLink, type LinkPlan, type PlanOptions } from './planLink';
export { fingerprint, matchesFingerprint, usedColumns, type Fingerprint } from './fingerprint';
export { specDataColumns, type DataColumns } from './odeSpec';
export { SpecError, type DecodeResult, type ShareError, type ShareErrorCode } from './errors';
export { Fnv1a64 } from './fnv1a64';
export * as limits from './limits';

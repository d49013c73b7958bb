/**
 * Links and fingerprints where the data live: the used columns of the selection (x…, y, sigma,
 * exactly the rows a fit uses) go inline into a link or into a fingerprint without crossing to the
 * page, and a file opened for a fingerprint link is checked over the same columns and rows.
 */
import { fingerprint, planLink, SpecError, type Fingerprint, type FitSpec, type LinkPlan, type PlanOptions } from '../share/index';
import type { ColumnMapping } from '../share/types';
import type { Status } from './api';
import { ensureSelection } from './select';

function usedArrays(mapping: ColumnMapping): Status<Float64Array[]> {
  const picked = ensureSelection(mapping);
  if (!picked.ok) return picked;
  const data = picked.value;
  return { ok: true, value: [...data.vars, data.y, ...(data.sigma && mapping.sigma !== null ? [data.sigma] : [])] };
}

/** The fingerprint of the used columns for `mapping` over the loaded table. */
export function fingerprintSelection(mapping: ColumnMapping): Status<Fingerprint> {
  const columns = usedArrays(mapping);
  if (!columns.ok) return columns;
  return { ok: true, value: fingerprint(columns.value) };
}

/** The link for `spec` (its data part is replaced) with the selected data inline or fingerprinted. */
export function planShareLink(spec: FitSpec, options: PlanOptions): Status<LinkPlan> {
  const columns = usedArrays(spec.columns);
  if (!columns.ok) return columns;
  try {
    return { ok: true, value: planLink({ ...spec, data: null }, columns.value, options) };
  } catch (error) {
    if (error instanceof SpecError) return { ok: false, error: { code: error.error.code, message: error.error.message } };
    return { ok: false, error: { code: 'internal', message: `Making the link failed: ${error instanceof Error ? error.message : String(error)}` } };
  }
}

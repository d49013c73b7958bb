/**
 * Links and fingerprints where the data live: the used columns of the selection go inline into a
 * link or into a fingerprint without crossing to the page (src/job/protocol/linkRows.ts reads them),
 * and a file opened for a fingerprint link is checked over the same columns and rows. Inline columns
 * hold only the filtered rows, so such a link carries no filters and its excluded lines renumbered
 * to the inline table (loadColumns writes a header on line 1, then one row per line).
 */
import { fingerprint, planLink, SpecError, type Fingerprint, type FitSpec, type LinkPlan, type PlanOptions } from '../share/index';
import { specDataColumns } from '../share/odeSpec';
import type { RowSpec } from '../share/types';
import { inlineGroupKeys, usedRows, type UsedRows } from '../job/protocol/linkRows';
import type { DataMapping, Status } from './api';
import { rowChoice } from '../job/protocol/rowChoice';
import { session } from './session';

/** The used rows over the loaded table (filters only: exclusions stay in, marked). */
function usedArrays(mapping: DataMapping, ode?: readonly string[]): Status<UsedRows> {
  const table = session.table;
  if (!table) return { ok: false, error: { code: 'no-data', message: 'Load data first.', field: 'data' } };
  const choice = rowChoice(table, mapping.rows, false);
  return choice.ok ? usedRows(table, mapping, choice.value, ode) : choice;
}

/** The fingerprint of the used columns for `mapping` over the loaded table (`ode`: as usedArrays). */
export function fingerprintSelection(mapping: DataMapping, ode?: readonly string[]): Status<Fingerprint> {
  const used = usedArrays(mapping, ode);
  if (!used.ok) return used;
  return { ok: true, value: fingerprint(used.value.arrays) };
}

/** The link for `spec` (its data part is replaced) with the selected data inline or fingerprinted. */
export function planShareLink(spec: FitSpec, options: PlanOptions): Status<LinkPlan> {
  const used = usedArrays({ ...spec.columns, ...(spec.rows ? { rows: spec.rows } : {}) }, spec.ode ? specDataColumns(spec).names : undefined);
  if (!used.ok) return used;
  const inlineRows: RowSpec = { where: [], exclude: used.value.inlineExclude };
  const keys = spec.groups && session.table ? inlineGroupKeys(session.table, spec.groups.column, spec.columns, used.value.lines) : null;
  try {
    return { ok: true, value: planLink({ ...spec, data: null }, used.value.arrays, { ...options, inlineRows, ...(keys ? { inlineGroupKeys: keys } : {}) }) };
  } catch (error) {
    if (error instanceof SpecError) return { ok: false, error: { code: error.error.code, message: error.error.message } };
    return { ok: false, error: { code: 'internal', message: `Making the link failed: ${error instanceof Error ? error.message : String(error)}` } };
  }
}

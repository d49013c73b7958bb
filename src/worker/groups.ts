/** The groups of a column for the group picker: keys as written, row counts among the rows the
 *  filters keep (exclusions do not change which groups exist), in natural order (A2 before A10).
 *  For a wide file, its y columns in file order with their usable rows (splitRequest). */
import { groupKeys, countGroups, naturalCompare } from '../data/groupKeys';
import type { GroupList, RowRequest, Status, WideGroups } from './api';
import { splitRequest } from '../job/protocol/groupSplit';
import { rowChoice } from '../job/protocol/rowChoice';
import { session } from './session';

export function listGroups(column: string | WideGroups, rows: RowRequest | null): Status<GroupList> {
  const table = session.table;
  if (!table) return { ok: false, error: { code: 'no-data', message: 'Load data first.', field: 'data' } };
  if (typeof column !== 'string') return listWide(column, rows);
  const keyed = groupKeys(table, column);
  if (!keyed.ok) return { ok: false, error: { ...keyed.error, field: 'mapping' } };
  const choice = rowChoice(table, rows, false);
  if (!choice.ok) return choice;
  const pass = choice.value.pass;
  const groups = countGroups(keyed.value, pass ? (r) => pass[r] === 1 : undefined).sort((a, b) => naturalCompare(a.key, b.key));
  let ungrouped = 0;
  const { codes } = keyed.value;
  for (let r = 0; r < codes.length; r++) if ((codes[r] ?? -1) < 0 && (!pass || pass[r])) ungrouped++;
  return { ok: true, value: { column: keyed.value.column.name, groups, ungrouped } };
}

/** The y columns of a wide file, each with the rows a fit of it would use. */
function listWide({ wide }: WideGroups, rows: RowRequest | null): Status<GroupList> {
  const table = session.table;
  if (!table) return { ok: false, error: { code: 'no-data', message: 'Load data first.', field: 'data' } };
  if (wide.x.length === 0) return { ok: false, error: { code: 'no-x', message: 'Choose the x column first.', field: 'mapping' } };
  const choice = rowChoice(table, rows);
  if (!choice.ok) return choice;
  // Only the counts are kept; a 96-column plate of a few rows splits in well under a millisecond.
  const split = splitRequest(table, wide.x, { x: wide.x, y: '', sigma: wide.sigma }, { group: '', wide: true }, choice.value);
  if (!split.ok) return split;
  if (split.value.groups.length === 0) return { ok: false, error: { code: 'no-y-columns', message: 'No numeric column besides x (and σ) to fit: a wide file needs one y column per dataset.', field: 'mapping' } };
  return { ok: true, value: { column: '', groups: split.value.groups.map((g) => ({ key: g.key, rows: g.data.rows })), ungrouped: 0 } };
}

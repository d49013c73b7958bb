/** The groups of a column for the group picker: keys as written, row counts among the rows the
 *  filters keep (exclusions do not change which groups exist), in natural order (A2 before A10). */
import { groupKeys, countGroups, naturalCompare } from '../data/groupKeys';
import type { GroupList, RowRequest, Status } from './api';
import { rowChoice } from './select';
import { session } from './session';

export function listGroups(column: string, rows: RowRequest | null): Status<GroupList> {
  const table = session.table;
  if (!table) return { ok: false, error: { code: 'no-data', message: 'Load data first.', field: 'data' } };
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

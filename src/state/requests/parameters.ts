/** The parameter table as every worker request carries it: the rows' plain fields only (a page
 *  row's slider range and log scale stay on the page). */
import type { ParameterRow } from '../../share/types';

export function requestParameters(rows: readonly ParameterRow[]): ParameterRow[] {
  return rows.map(({ name, value, min, max, fixed }) => ({ name, value, min, max, fixed }));
}

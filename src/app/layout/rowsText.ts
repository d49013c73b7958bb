/** The top bar's row count: the table's rows, and how many the fit uses when filters, exclusions,
 *  picked groups or unusable rows leave fewer ("23 rows, 12 used"); the trial read "23 rows" as
 *  what the fit used while a filter kept 12. */
import { formatCount } from '../format/count';
export function rowsText(tableRows: number, usedRows: number | null): string {
  const all = `${formatCount(tableRows)} ${tableRows === 1 ? 'row' : 'rows'}`;
  return usedRows !== null && usedRows !== tableRows ? `${all}, ${formatCount(usedRows)} used` : all;
}

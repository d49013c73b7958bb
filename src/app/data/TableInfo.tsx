/** One line about the parsed file: rows, columns, delimiter, header, decimal comma. */
import type { TableSummary } from '../../worker/api';

const DELIMITERS: Record<string, string> = { ',': 'comma-separated', '\t': 'tab-separated', ';': 'semicolon-separated', '|': 'pipe-separated', whitespace: 'whitespace-separated' };

export function describeTable(t: TableSummary): string {
  const parts = [`${t.rows.toLocaleString('en-US')} rows × ${t.columns.length} columns`, DELIMITERS[t.delimiter] ?? `delimiter "${t.delimiter}"`, t.hasHeader ? 'header row' : 'no header'];
  if (t.decimalComma) parts.push('decimal commas');
  return parts.join(' · ');
}

/** The summary's id: focused after a sample card loads (EmptyState). */
export const DATA_SUMMARY_ID = 'data-summary';

export function TableInfo({ table }: { readonly table: TableSummary }) {
  return (
    <p className="table-info" id={DATA_SUMMARY_ID} tabIndex={-1} data-testid="table-info">
      {describeTable(table)}
    </p>
  );
}

/** One line about the parsed file: rows, columns, delimiter (or the format and sheet), header, decimal comma. */
import type { TableSummary } from '../../worker/api';
import { formatCount } from '../format/count';

const DELIMITERS: Record<string, string> = { ',': 'comma-separated', '\t': 'tab-separated', ';': 'semicolon-separated', '|': 'pipe-separated', whitespace: 'whitespace-separated' };

const FORMATS: Record<string, string> = { xlsx: 'Excel', ods: 'OpenDocument', parquet: 'Parquet' };

/** Where the cells came from: the delimiter of a text file, or the format (and sheet) of another. */
function origin(t: TableSummary): string {
  const s = t.source;
  if (!s) return DELIMITERS[t.delimiter] ?? `delimiter "${t.delimiter}"`;
  const format = FORMATS[s.format] ?? s.format;
  return s.sheet === null ? format : `${format} sheet “${s.sheet}”${s.sheets.length > 1 ? ` of ${s.sheets.length}` : ''}`;
}

export function describeTable(t: TableSummary): string {
  const parts = [`${formatCount(t.rows)} rows × ${t.columns.length} columns`, origin(t), t.hasHeader ? 'header row' : 'no header'];
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

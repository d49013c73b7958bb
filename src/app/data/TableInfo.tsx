/** One line about the parsed file: rows, columns, delimiter (or the format and sheet), header, decimal comma. */
import type { StreamFacts, TableSummary } from '../../worker/api';
import { formatBudget } from '../../store/memoryBudget';
import { ordinal } from '../format/ordinal';
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

/** A streamed table (issue 12): the budget it exceeded, where its columns are, and the sample drawn. */
export function describeStream(s: StreamFacts, rows: number): string {
  const chunks = `${s.chunks} chunk${s.chunks === 1 ? '' : 's'}`;
  const sample = s.stride > 1 ? ` · the plot shows every ${ordinal(s.stride)} row (${formatCount(s.sampleRows)} of ${formatCount(rows)})` : '';
  const dropped = s.dropped.length ? ` · text columns not kept: ${s.dropped.join(', ')}` : '';
  return `Memory budget ${formatBudget(s.budget)} · streaming from browser storage, ${chunks}${sample}${dropped}`;
}

export function TableInfo({ table }: { readonly table: TableSummary }) {
  return (
    <>
      <p className="table-info" id={DATA_SUMMARY_ID} tabIndex={-1} data-testid="table-info">
        {describeTable(table)}
      </p>
      {table.stream && (
        <p className="stream-info" data-testid="stream-info" title={`An in-memory fit would hold about ${formatBudget(table.stream.estimateBytes)}; ${formatBudget(table.stream.storedBytes)} of float64 columns are in the browser's private storage.`}>
          {describeStream(table.stream, table.rows)}
        </p>
      )}
    </>
  );
}

/** One line about the parsed file: rows, columns, delimiter (or the format and sheet), header, decimal comma. */
import type { StreamFacts, TableSummary } from '../../worker/api';
import { useApp } from '../../state';
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

/**
 * A streamed table (issue 12): the budget it exceeded, where its columns are, and the sample drawn.
 * `budget`: the page's budget now. Where it is not the one the table was streamed under (a session
 * restored in another tab, a budget changed since), both are named: trial 5 saw "Memory budget 8G"
 * in the field above "Memory budget 64 MiB · streaming…" with no word of which applied.
 */
export function describeStream(s: StreamFacts, rows: number, budget: number = s.budget): string {
  const chunks = `${s.chunks} chunk${s.chunks === 1 ? '' : 's'}`;
  const sample = s.stride > 1 ? ` · the plot shows every ${ordinal(s.stride)} row (${formatCount(s.sampleRows)} of ${formatCount(rows)})` : '';
  const dropped = s.dropped.length ? ` · text columns not kept: ${s.dropped.join(', ')}` : '';
  const head = budget === s.budget ? `Memory budget ${formatBudget(s.budget)}` : `Streamed under a memory budget of ${formatBudget(s.budget)} (the budget is ${formatBudget(budget)} now)`;
  return `${head} · streaming from browser storage, ${chunks}${sample}${dropped}`;
}

/**
 * What a streamed table cannot do, and how to get it: row filters, groups and excluded points need
 * its rows in memory (the data panel hides them). `reloadable`: the page holds the file (a raised
 * budget reads it again by itself); a restored session does not, so the file is to be opened again.
 */
export function streamLimits(s: StreamFacts, budget: number, reloadable: boolean): string {
  const need = formatBudget(s.estimateBytes);
  if (budget >= s.estimateBytes && !reloadable) return `The budget now holds this file in memory (about ${need}): open the file again to read it there, with row filters, groups and excluded points.`;
  return `Row filters, groups and excluded points need the rows in memory: about ${need}. Raise the memory budget above that${reloadable ? '' : ' and open the file again'} to use them.`;
}

export function TableInfo({ table }: { readonly table: TableSummary }) {
  const budget = useApp((s) => s.memoryBudget);
  const reloadable = useApp((s) => s.reloadable);
  return (
    <>
      <p className="table-info" id={DATA_SUMMARY_ID} tabIndex={-1} data-testid="table-info">
        {describeTable(table)}
      </p>
      {table.stream && (
        <p className="stream-info" data-testid="stream-info" title={`An in-memory fit would hold about ${formatBudget(table.stream.estimateBytes)}; ${formatBudget(table.stream.storedBytes)} of float64 columns are in the browser's private storage.`}>
          {describeStream(table.stream, table.rows, budget)}
        </p>
      )}
      {table.stream && (
        <p className="stream-limits" data-testid="stream-limits">
          {streamLimits(table.stream, budget, reloadable)}
        </p>
      )}
    </>
  );
}

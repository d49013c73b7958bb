/**
 * The loaded table as the page shows it (the Data panel): its columns with their counts and
 * shapes, the file's details (delimiter, decimal comma, header), the preview and the first row
 * issues; for a streamed table (issue 12) its rows, budget, chunks and the sample drawn.
 */
import { columnFacts } from '../../data/columnShape';
import type { Table } from '../../data/types';
import type { TableSummary } from '../../plot/shapes';
import type { StreamedTable } from './streamIngest';

export function tableSummary(table: Table, fileName: string | null, stream: StreamedTable | null): TableSummary {
  return {
    fileName,
    rows: stream ? stream.rows : table.rowCount,
    columns: table.columns.map((c) => ({ name: c.name, label: c.label, numeric: c.numericCount, nonNumeric: c.nonNumericCount, empty: c.emptyCount, categories: c.categories ? c.categories.levels.length : null, ...columnFacts(c) })),
    delimiter: table.delimiter,
    decimalComma: table.decimalComma,
    hasHeader: table.hasHeader,
    preview: table.preview,
    issues: table.issues.slice(0, 200),
    issueCount: table.issueCount,
    source: table.source ?? null,
    stream: stream && {
      folder: stream.store.name,
      budget: stream.budget,
      estimateBytes: stream.estimateBytes,
      fileBytes: stream.fileBytes,
      storedBytes: stream.rows * 8 * stream.names.length,
      chunkRows: stream.chunkRows,
      chunks: Math.max(1, Math.ceil(stream.rows / stream.chunkRows)),
      sampleRows: table.rowCount,
      stride: stream.stride,
      dropped: stream.dropped,
    },
  };
}

/**
 * Data ingest: delimited text in, typed columns out, then the columns a fit uses.
 *
 * Two entry points share one synchronous, environment-neutral core (no DOM, no Node):
 *
 *   // Node CLI: the file is already text
 *   const parsed = parseDelimitedText(await readFile(path, 'utf8'), { delimiter: 'auto' });
 *
 *   // Worker: a dropped File, read and parsed chunk by chunk, cancellable, with progress
 *   const parsed = await parseStream({ chunks: blobChunks(file), totalBytes: file.size },
 *                                    { signal }, (p) => report(p.fraction));
 *
 *   // Bytes (faster: plain numeric rows are read straight from UTF-8 bytes, see byteIngest.ts; the
 *   // same Table): the CLI pushes 4 MiB reads into createByteIngest(options, fileSize), the worker
 *   // reads a File with parseBlob(file, { signal }, onProgress).
 *
 *   if (!parsed.ok) show(parsed.error.message);          // e.g. code 'header-only', 'binary'
 *   const table = parsed.value;                          // Table: columns, lines, issues, preview
 *   const fit = selectColumns(table, { x: ['t'], y: 'counts', sigma: 'sigma' });
 *   if (fit.ok) fit.value.dropped.map(formatIssue);      // 'Line 17, column "y": "abc" is not a number'
 *
 * What the parser understands: ',', tab, ';', '|' or runs of blanks as delimiter (detected from the
 * first 100 non-blank lines), decimal commas when the delimiter is not ',', a header row (detected),
 * RFC 4180 quoting (not in whitespace mode), a UTF-8 BOM, '#' comment lines, blank lines, and
 * LF / CRLF / CR line endings. Every row keeps its physical line number; bad cells become NaN with
 * a note saying why, and `selectColumns` turns the notes into per-row reasons. Each finite cell also
 * gets its exact decimal residual (`Column.lo`) up to `maxLoCells` cells.
 *
 * Groups (issue 9): a text column is kept as categories (`Column.categories`), any column keys
 * groups (`listGroups`, `groupKeys`); `parseWhere` + `chooseRows` give filters and exclusions;
 * `splitGroups` (long files, a group column) and `splitWide` (one group per y column) make one
 * dataset per group:
 *
 *   const rows = chooseRows(table, { where: [parseWhere('conc>0').value], exclude: parseLineList('17').value });
 *   const split = splitGroups(table, { x: ['conc'], y: 'rate', group: 'state', rows: rows.value });
 *   split.value.groups  // [{ key: 'treated', data: FitData, excludedCount, filteredCount }, …]
 *
 * Failures are values, not exceptions: every entry point returns `Result<T>` =
 * `{ ok: true, value } | { ok: false, error: { code, message, line? } }`.
 */
export type {
  Categories,
  CellNote,
  Column,
  DataError,
  DataErrorCode,
  Delimiter,
  ParseOptions,
  ParseProgress,
  Result,
  RowIssue,
  Table,
} from './types';
export { parseDelimitedText } from './parseText';
export { parseStream, type ChunkSource, type TextChunks } from './parseStream';
export { createByteIngest, parseBytes, type ByteIngest } from './byteIngest';
export { parseBlob } from './parseBlob';
export { blobChunks, DEFAULT_CHUNK_BYTES, type BlobLike, type BlobSliceLike } from './blobChunks';
export { decodeBytes, sniffEncoding, type TextEncodingName } from './textEncoding';
export { selectColumns, type ColumnSelection, type FitData } from './selectColumns';
export { groupKeys, countGroups, listGroups, naturalCompare, type GroupKeys, type GroupCount } from './groupKeys';
export { parseWhere, type WhereClause, type WhereOp } from './where';
export { filterRows } from './filterRows';
export { parseLineList, excludedRows, rowOfLine, type LineRange } from './excludeRows';
export { chooseRows, skipOf, ALL_ROWS, type RowChoice, type RowRules } from './chooseRows';
export { splitGroups, type DataGroup, type GroupSelection, type GroupSplit } from './splitGroups';
export { splitWide, remainingColumns, wideYColumns, type WideSelection } from './splitWide';
export { formatIssue } from './formatIssue';
export { findColumn } from './findColumn';
export { DEFAULT_OPTIONS } from './options';
export { parseNumber } from './numberText';
export { decimalResidual } from './decimalResidual';
export { sanitizeName } from './names';

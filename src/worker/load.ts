/** Loading: a File streamed through the parser (or read as a spreadsheet or Parquet file), pasted
 *  text, or a link's inline columns. */
import { defaultPageBudget } from '../store/memoryBudget';
import { PIECE_BYTES, planFromHead } from '../store/memoryPlan';
import { opfsAvailable } from '../job/browser/opfsColumns';
import { streamIngest, type StreamedTable } from '../job/browser/streamIngest';
import { parseBlob, parseDelimitedText } from '../data/index';
import { FORMAT_BYTES, fileFormat, xlsRefused } from '../data/sheets/fileFormat';
import type { Result, Table } from '../data/types';
import type { LoadOptions, LoadProgress, Status, TableSummary } from './api';
import { session, type TableInput } from './session';
import { throttle } from '../job/browser/throttle';
import { tableSummary } from '../job/browser/tableSummary';
import { inlineCsv } from '../share/inlineCsv';

/** The streamed tables whose folder a saved table refers to (saved by saveTable, or opened again
 *  for a restored session): their folders outlive them. */
const keptStreams = new WeakSet<StreamedTable>();

/** Marks `stream`'s folder as referred to by a saved table (src/worker/tables.ts). */
export function keepStream(stream: StreamedTable): void {
  keptStreams.add(stream);
}

/**
 * The streamed table replaced lets go of its folder: released (the files kept) when a saved table
 * refers to it, since the page removes it when no session does (src/state/actions/streamFolders.ts);
 * removed when none ever did, for where sessions cannot be stored the page's sweep cannot read the
 * index and the folder would stay for good. A restored table reopening the same folder
 * (`keep.store` the old one's) keeps it open.
 */
function releaseStream(keep: StreamedTable | null): void {
  const old = session.stream;
  session.stream = keep;
  if (!old || old === keep || old.store === keep?.store) return;
  if (keptStreams.has(old)) old.store.release();
  else void old.store.remove();
}

/** Makes `table` the session's table: what belonged to the previous one (selection, fit) goes. */
export function adoptTable(table: Table, fileName: string | null, input: TableInput | null = null, stream: StreamedTable | null = null): Status<TableSummary> {
  releaseStream(stream);
  session.table = table;
  session.input = input;
  session.fileName = fileName;
  session.mapping = null;
  session.selection = null;
  session.choice = null;
  session.lastFit = null;
  return { ok: true, value: tableSummary(table, fileName, stream) };
}

function adopt(parsed: Result<Table>, fileName: string | null, input: TableInput | null = null): Status<TableSummary> {
  if (!parsed.ok) return { ok: false, error: { ...parsed.error, field: 'data' } };
  return adoptTable(parsed.value, fileName, input);
}

/** A spreadsheet (.xlsx, .ods) or Parquet file: its reader is imported on the first such file. */
async function readSheet(file: Blob, format: 'zip' | 'parquet', options: LoadOptions): Promise<Result<Table>> {
  const [{ readSheetFile }, buffer] = await Promise.all([import('../data/sheets/sheetFile'), file.arrayBuffer()]);
  return readSheetFile(buffer, format, { header: options.header ?? 'auto', sheet: options.sheet ?? null });
}

export async function loadFile(file: Blob, name: string | null, onProgress?: (p: LoadProgress) => void, options: LoadOptions = {}): Promise<Status<TableSummary>> {
  if (session.load) session.load.aborted = true;
  const flag = { aborted: false };
  session.load = flag;
  const report = throttle<LoadProgress>((p) => onProgress?.(p), 100);
  const format = fileFormat(new Uint8Array(await file.slice(0, FORMAT_BYTES).arrayBuffer()));
  // Past the memory budget (issue 12): streamed to the Origin Private File System, where a
  // dedicated worker can write it; elsewhere (the in-thread fallback) read in memory as before.
  if (format === 'text' && file.size > PIECE_BYTES && opfsAvailable()) {
    const budget = options.memoryBudget ?? defaultPageBudget((globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory);
    const plan = planFromHead(new Uint8Array(await file.slice(0, PIECE_BYTES).arrayBuffer()), file.size, budget, { header: options.header ?? 'auto' });
    if (plan.mode === 'stream') {
      const streamed = await streamIngest({ file, plan, signal: flag, onProgress: (p) => report.push({ ...p, streaming: true }) });
      report.flush();
      if (session.load === flag) session.load = null;
      if (!streamed.ok) return streamed;
      return adoptTable(streamed.value.table, name, { kind: 'blob', blob: file, options }, streamed.value.stream);
    }
  }
  // The byte ingest: numbers straight from the File's bytes (UTF-16 files take the text path).
  const parsed =
    format === 'xls'
      ? { ok: false as const, error: xlsRefused() }
      : format === 'text'
        ? await parseBlob(file, { signal: flag, header: options.header ?? 'auto' }, (p) => report.push({ fraction: p.fraction, rows: p.rows }))
        : await readSheet(file, format, options);
  if (session.load === flag) session.load = null;
  if (flag.aborted && format !== 'text') return { ok: false, error: { code: 'aborted', message: 'Loading was cancelled.', field: 'data' } };
  return adopt(parsed, name, { kind: 'blob', blob: file, options });
}

export function loadText(text: string, name: string | null, options: LoadOptions = {}): Status<TableSummary> {
  return adopt(parseDelimitedText(text, { header: options.header ?? 'auto' }), name, { kind: 'text', text, options });
}

/** Inline columns (from a link) become CSV text, so they pass through the same ingest. */
export function loadColumns(columns: Readonly<Record<string, readonly number[]>>, name: string | null, text: Readonly<Record<string, readonly string[]>> | null = null): Status<TableSummary> {
  if (Object.keys(columns).length === 0) return { ok: false, error: { code: 'empty', message: 'The link carries no data columns.', field: 'data' } };
  return adopt(parseDelimitedText(inlineCsv(columns, text), { header: true, delimiter: ',' }), name);
}

export function cancelLoad(): void {
  if (session.load) session.load.aborted = true;
}

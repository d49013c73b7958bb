/**
 * Saved sessions' data: the parsed table (typed-array columns with their decimal residuals, line
 * numbers, row issues, preview) is written to IndexedDB by the worker, which holds it, and read
 * back into the worker on restore, so a restored session has the very same numbers, dropped rows
 * and file details (delimiter, decimal comma, header) as the file it was loaded from. The last fit
 * is handed back too, so that redraws at its parameters keep their bands.
 */
import type { Table } from '../data/types';
import { INPUT_BYTES, inputBytes, isInput, isTable, type SavedTable } from '../job/browser/tableRecord';
import type { RestoredFit, Status, TableSummary } from './api';
import { fitOptions } from '../job/protocol/fitJob';
import { adoptTable, keepStream } from './load';
import { ensureSelection } from './select';
import { session, type TableInput } from './session';
import { readValue, storageReason, writeValue } from '../job/browser/storage';
import { openOpfsColumns } from '../job/browser/opfsColumns';
import { readSavedStream, savedStream } from '../job/browser/streamRecord';

export async function saveTable(key: string): Promise<Status<{ rows: number; folder?: string }>> {
  const table = session.table;
  if (!table) return { ok: false, error: { code: 'no-data', message: 'There is no data to save.' } };
  // A streamed table (issue 12): its sample and the name of its folder, whose files stay in
  // browser storage while a saved session refers to them (the file itself is not copied).
  const stream = session.stream ? savedStream(session.stream) : null;
  const input = !stream && session.input && inputBytes(session.input) <= INPUT_BYTES ? session.input : null;
  const value: SavedTable = { format: 'fitbench-table', version: 1, fileName: session.fileName, table, input, ...(stream ? { stream } : {}) };
  try {
    await writeValue(key, value);
    if (session.stream && stream) keepStream(session.stream);
    return { ok: true, value: { rows: table.rowCount, ...(stream ? { folder: stream.folder } : {}) } };
  } catch (error) {
    return { ok: false, error: { code: 'storage', message: storageReason(error) } };
  }
}

/** The saved table, and the input it was read from when that was kept (for the page to read it
 *  again with other options). */
export async function loadSavedTable(key: string): Promise<Status<TableSummary & { readonly input: TableInput | null }>> {
  let saved: unknown;
  try {
    saved = await readValue<unknown>(key);
  } catch (error) {
    return { ok: false, error: { code: 'storage', message: storageReason(error), field: 'data' } };
  }
  const s = saved as Partial<SavedTable> | undefined;
  if (!s || s.format !== 'fitbench-table' || s.version !== 1 || !isTable(s.table)) {
    return { ok: false, error: { code: 'missing', message: 'The saved data of this session are missing or damaged.', field: 'data' } };
  }
  const fileName = typeof s.fileName === 'string' ? s.fileName : null;
  if (s.stream !== undefined) return restoreStream(s.table, fileName, s.stream);
  const input = isInput(s.input) ? s.input : null;
  const adopted = adoptTable(s.table, fileName, input);
  return adopted.ok ? { ok: true, value: { ...adopted.value, input } } : adopted;
}

/**
 * A saved streamed table (issue 12): its folder opened again, the sample and facts as saved, the
 * file not read. A folder storage lost (cleared, or evicted for space) or another tab holds is
 * said so ('stream-gone', 'stream-in-use'); the page then asks for the file again.
 */
async function restoreStream(table: Table, fileName: string | null, value: unknown): Promise<Status<TableSummary & { readonly input: TableInput | null }>> {
  const saved = readSavedStream(value);
  if (!saved) return { ok: false, error: { code: 'missing', message: 'The saved data of this session are missing or damaged.', field: 'data' } };
  // The folder this worker holds already (the page restored another session meanwhile, which did
  // not replace the table: its data were gone): the same files, not another tab's.
  const held = session.stream?.store.name === saved.folder && session.stream.names.length === saved.names.length && session.stream.rows === saved.rows ? session.stream.store : null;
  const store = held ?? (await openOpfsColumns(saved.folder, saved.names.length, saved.rows));
  if ('kind' in store) return { ok: false, error: { code: store.kind === 'gone' ? 'stream-gone' : 'stream-in-use', message: store.detail, field: 'data' } };
  const { folder: _folder, ...facts } = saved;
  const stream = { ...facts, store };
  keepStream(stream);
  const adopted = adoptTable(table, fileName, null, stream);
  return adopted.ok ? { ok: true, value: { ...adopted.value, input: null } } : adopted;
}

/** Makes a restored fit the worker's last fit (for its bands), when it matches the selection. */
export function restoreFit(fit: RestoredFit): Status<null> {
  const picked = ensureSelection(fit.mapping);
  if (!picked.ok) return picked;
  if (fit.result.stats.points !== picked.value.rows) return { ok: false, error: { code: 'stale', message: 'The saved fit does not match the saved data.' } };
  // Known settings: the fit's table again, from where it started (its result's start values).
  const input = fit.settings ? { parameters: fit.result.parameters.map((p) => ({ name: p.name, value: p.start, min: p.min, max: p.max, fixed: p.fixed })), options: fitOptions(fit.settings) } : undefined;
  session.lastFit = { model: fit.model, selection: picked.value, result: fit.result, absoluteSigma: fit.absoluteSigma, weights: fit.weights, poisson: fit.poisson, ...(input ? { input } : {}) };
  return { ok: true, value: null };
}

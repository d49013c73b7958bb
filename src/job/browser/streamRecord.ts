/**
 * A streamed table as a saved session keeps it (issue 12): everything the worker holds of it but
 * the open files, that is the folder's name in the Origin Private File System and the facts the
 * ingest learnt (columns, counts, the chunk plan, the first unusable cells), so that a restored
 * session opens the folder again (opfsColumns.ts `openOpfsColumns`) instead of reading the file.
 * Read back field by field: storage may hold another version's record, or a damaged one.
 */
import type { StoredColumnFacts } from '../../store/columnFiles';
import type { StoredCellNote, StreamedTable } from './streamIngest';

export type SavedStream = Omit<StreamedTable, 'store'> & { readonly folder: string };

export function savedStream(stream: StreamedTable): SavedStream {
  const { store, ...facts } = stream;
  return { ...facts, folder: store.name };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const listOf = <T>(v: unknown, test: (e: unknown) => e is T): v is T[] => Array.isArray(v) && v.every(test);

const isFacts = (v: unknown): v is StoredColumnFacts => isObject(v) && isCount(v.nonFinite) && isCount(v.nonPositive) && typeof v.sorted === 'boolean';
const isCounts = (v: unknown): v is StreamedTable['counts'][number] => isObject(v) && isCount(v.numeric) && isCount(v.nonNumeric) && isCount(v.empty);
const isCell = (v: unknown): v is StoredCellNote => isObject(v) && isCount(v.row) && isCount(v.line) && typeof v.value === 'number' && (v.note === undefined || isText(v.note));

/** The saved stream, checked and copied, or null when it is not one. */
export function readSavedStream(v: unknown): SavedStream | null {
  if (!isObject(v)) return null;
  const { folder, names, facts, rows, budget, fileBytes, estimateBytes, chunkRows, stride, counts, dropped, cells } = v;
  if (!isText(folder) || !folder.startsWith('fitbench-stream-') || !listOf(names, isText) || names.length === 0) return null;
  if (!listOf(facts, isFacts) || !listOf(counts, isCounts) || !Array.isArray(cells) || !cells.every((c) => listOf(c, isCell))) return null;
  if (facts.length !== names.length || counts.length !== names.length || cells.length !== names.length) return null;
  if (![rows, budget, fileBytes, estimateBytes].every(isCount) || !isCount(chunkRows) || !isCount(stride) || chunkRows === 0 || stride === 0 || !listOf(dropped, isText)) return null;
  return {
    folder,
    names: [...names],
    facts: facts.map((f) => ({ nonFinite: f.nonFinite, nonPositive: f.nonPositive, sorted: f.sorted })),
    rows: rows as number,
    budget: budget as number,
    fileBytes: fileBytes as number,
    estimateBytes: estimateBytes as number,
    chunkRows,
    stride,
    counts: counts.map((c) => ({ numeric: c.numeric, nonNumeric: c.nonNumeric, empty: c.empty })),
    dropped: [...dropped],
    cells: (cells as StoredCellNote[][]).map((list) => list.map((c) => ({ row: c.row, line: c.line, value: c.value, ...(c.note === undefined ? {} : { note: c.note }) }))),
  };
}

/**
 * Which rows a fit uses (issue 9): row filters (where-clauses shown as chips) and excluded points
 * (clicked or box-selected on the plot). Both ride in the mapping (`mapping.rows`), so every
 * worker call that reads the data applies them; a change draws the data again and marks the last
 * fit as stale (its signature includes the rows).
 */
import { parseWhere } from '../../data/where';
import type { RowSpec } from '../../share/types';
import { getState, setState } from '../store';
import { setMapping } from './data';
import { refreshGroups } from './groups';

const NO_ROWS: RowSpec = { where: [], exclude: [] };

export function currentRows(): RowSpec {
  return getState().mapping.rows ?? NO_ROWS;
}

async function setRows(rows: RowSpec): Promise<void> {
  const empty = rows.where.length === 0 && rows.exclude.length === 0;
  const { rows: _old, ...rest } = getState().mapping;
  await setMapping(empty ? { ...rest, rows: undefined } : { ...rest, rows });
}

/** Filter errors are the worker's, about the text typed: the filter is not added. */
const FILTER_CODES = new Set(['bad-where', 'unknown-column']);

/**
 * Adds the row filter `text` (`state=treated`, `conc>0.02`). A filter that does not parse, or that
 * names no column or no value of a text column, is not added: its error is shown where it was
 * typed (filterError) and the text stays there to fix. Returns whether it was added.
 */
export async function addFilter(text: string): Promise<boolean> {
  const typed = text.trim();
  const parsed = parseWhere(typed);
  if (!parsed.ok) {
    setState({ filterError: { ...parsed.error, field: 'data' } });
    return false;
  }
  const before = currentRows();
  if (before.where.includes(typed)) {
    setState({ filterError: null });
    return true;
  }
  await setRows({ ...before, where: [...before.where, typed] });
  const error = getState().selectionError;
  if (error && FILTER_CODES.has(error.code) && error.field === 'data') {
    await setRows(before);
    setState({ filterError: error });
    return false;
  }
  setState({ filterError: null });
  await refreshGroups();
  return true;
}

export async function removeFilter(index: number): Promise<void> {
  const rows = currentRows();
  if (index < 0 || index >= rows.where.length) return;
  setState({ filterError: null });
  await setRows({ ...rows, where: rows.where.filter((_, i) => i !== index) });
  await refreshGroups();
}

export function clearFilterError(): void {
  if (getState().filterError) setState({ filterError: null });
}

/** Excludes the point on file line `line`, or takes it back in when it is excluded (a click). */
export async function toggleExcluded(line: number): Promise<void> {
  // A streamed table (issue 12) is fitted whole: a click on its drawn sample excludes nothing.
  if (getState().table?.stream) return;
  const rows = currentRows();
  const exclude = rows.exclude.includes(line) ? rows.exclude.filter((l) => l !== line) : [...rows.exclude, line].sort((a, b) => a - b);
  await setRows({ ...rows, exclude });
}

/** Excludes the points on these lines (a box selection); already excluded ones stay excluded. */
export async function excludeLines(lines: readonly number[]): Promise<void> {
  if (getState().table?.stream) return;
  const rows = currentRows();
  const all = new Set(rows.exclude);
  for (const l of lines) if (Number.isSafeInteger(l) && l >= 1) all.add(l);
  if (all.size === rows.exclude.length) return;
  await setRows({ ...rows, exclude: [...all].sort((a, b) => a - b) });
}

export async function reincludeAll(): Promise<void> {
  const rows = currentRows();
  if (rows.exclude.length === 0) return;
  await setRows({ ...rows, exclude: [] });
}

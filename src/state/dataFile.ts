/**
 * The data file behind the page, as links, exports and scripts name it: the file (or sample) that
 * was opened, the file name a link carried, or none for pasted cells.
 */
import type { AppState } from './store';

/** The name applySpec gives data that came in a link without a file name. */
export const LINKED_DATA = 'Linked data';

export function dataFileName(s: Pick<AppState, 'source' | 'table' | 'inline'>): string | null {
  const source = s.source;
  if (!source || !s.table) return null;
  switch (source.kind) {
    case 'file':
    case 'sample':
      return s.table.fileName ?? source.name;
    case 'link':
      return s.inline ? s.inline.fileName : source.name === LINKED_DATA ? null : source.name;
    case 'paste':
      return null;
  }
}

/** A short label for the data: the file name, or what the source is called. */
export function dataLabel(s: Pick<AppState, 'source' | 'table' | 'inline'>): string {
  return dataFileName(s) ?? s.source?.name ?? 'No data';
}

/**
 * What the worker holds between calls: the parsed table, the current column selection and the
 * cancellation flags. The data live here; the main thread only ever holds what it draws.
 */
import type { FitData } from '../data/selectColumns';
import type { Table } from '../data/types';
import type { FitResult } from '../fit/types';
import type { ColumnMapping } from '../share/types';

export interface CancelFlag {
  aborted: boolean;
}

/** The last completed fit, so that a redraw at its parameters (log x, another grid) keeps its bands. */
export interface LastFit {
  readonly model: string;
  readonly selection: FitData;
  readonly result: FitResult;
  readonly absoluteSigma: boolean;
}

export interface Session {
  table: Table | null;
  fileName: string | null;
  mapping: ColumnMapping | null;
  selection: FitData | null;
  load: CancelFlag | null;
  fit: CancelFlag | null;
  lastFit: LastFit | null;
}

export const session: Session = { table: null, fileName: null, mapping: null, selection: null, load: null, fit: null, lastFit: null };

export function sameMapping(a: ColumnMapping | null, b: ColumnMapping): boolean {
  return a !== null && a.y === b.y && (a.sigma ?? null) === (b.sigma ?? null) && a.x.length === b.x.length && a.x.every((n, i) => n === b.x[i]);
}

/**
 * One group of a grouped fit, as it reaches the fitting engine: the data layer (src/data/splitGroups)
 * splits a table by a group column, or a wide file by its y columns, into these; the batch and
 * global fits (per-group TRF, Schur-complement global TRF) consume them without knowing where they
 * came from. Plain data: a GroupInput crosses a worker boundary as it is, and its typed arrays can
 * be transferred.
 */
import type { FitData } from './types';

export interface GroupInput {
  /**
   * The group key as written in the file: a text cell (`"treated"`), a run number (`"10"`), or, for
   * a wide file, the y column's header text (`"A1"`). Unique within one split.
   */
  readonly key: string;
  /** The group's usable rows, columns aligned with the model's variables (may hold 0 rows). */
  readonly data: FitData;
}

/**
 * The columns a fit uses when nobody has chosen: shared by the page (x, y and σ of a freshly loaded
 * table) and the CLI (y, when --y is not given; the model names x there).
 *
 * Taking the first two columns made x or y of an ID column (run, subject, tree) in 6 of 10 real
 * files (issue 13). The rules, from the columns' shapes (columnShape.ts) and names:
 *
 *   never x or y   text columns and constants; an error column (sigma, dy, yerr…) is σ instead
 *   identifiers    a counter 1…n, or integers under an ID-like name (id, run, subject, tree…):
 *                  used only when fewer than two other columns are left
 *   x              a column named x, else by shape: sorted (with or without replicates), then a
 *                  repeated grid, then sorted integer runs (a group key?), scatter and blocks;
 *                  the first of the best kind
 *   y              a column named y, else the last of the rest, preferring those that do not
 *                  mostly repeat the value above (steps, blocks: covariates, not a response)
 */
import { columnFacts, type ColumnShape } from './columnShape';
import type { Table } from './types';

export interface ColumnCandidate {
  readonly name: string;
  /** null: unknown (a table summary saved before shapes existed): treated as scatter. */
  readonly shape: ColumnShape | null;
  readonly integer: boolean;
}

export interface DefaultColumns {
  readonly x: string | null;
  readonly y: string | null;
  readonly sigma: string | null;
}

export const SIGMA_NAMES = /^(sigma|sig|err|error|errors|dy|yerr|y_err|uncertainty|unc|std|sd|stderr|e)$/i;

/** Names that label units of observation rather than measure anything. */
const ID_NAMES = /^(id|ids|index|idx|row|rows|row_?names?|row_?id|obs|run|runs|subject|subj|patient|participant|animal|mouse|rat|tree|plant|sample|specimen|unit|rep|replicate|batch|lot|well|plate|group|grp|block|case|record|individual|key)$/i;

/** An ID-like name: one of ID_NAMES, or ending in _id / "ID" (subject_id, SubjectID). */
export function idLikeName(name: string): boolean {
  return ID_NAMES.test(name) || /(^|_)id$/i.test(name) || /[a-z]ID$/.test(name);
}

export function isIdentifier(c: ColumnCandidate): boolean {
  return c.shape === 'counter' || (c.integer && idLikeName(c.name));
}

const usable = (c: ColumnCandidate) => c.shape !== 'text' && c.shape !== 'constant';

/** x by shape: a sorted axis (with or without replicates), a repeated grid, a sorted integer key… */
const X_ORDER: Record<ColumnShape, number> = { monotone: 0, steps: 0, grid: 1, scatter: 3, blocks: 4, counter: 0, constant: 9, text: 9 };

/**
 * Lower is a better x: the name x, then the shape; identifiers last while there are two other
 * columns (with fewer, a counter is an axis: day 1…n against weight).
 */
function xRank(c: ColumnCandidate, avoidIds: boolean): number {
  if (c.name === 'x' || c.name === 'X') return -1;
  const shape = c.shape ?? 'scatter';
  // Integers in sorted runs (1,1,1,2,2,2) are more often a group key than an axis: after a grid.
  const key = shape === 'steps' && c.integer ? 2 : X_ORDER[shape];
  return (avoidIds && isIdentifier(c) ? 10 : 0) + key;
}

/** Lower is a better y (the last among equals wins). */
function yRank(c: ColumnCandidate, avoidIds: boolean): number {
  if (c.name === 'y' || c.name === 'Y') return -1;
  const repeats = c.shape === 'steps' || c.shape === 'blocks';
  return (avoidIds && isIdentifier(c) ? 10 : 0) + (repeats ? 1 : 0);
}

/** The best of `list` by `rank`; ties go to the first (or the last, with `last`). */
function best(list: readonly ColumnCandidate[], rank: (c: ColumnCandidate) => number, last = false): ColumnCandidate | null {
  let out: ColumnCandidate | null = null;
  let r = Infinity;
  for (const c of list) {
    const k = rank(c);
    if (k < r || (last && k === r)) {
      out = c;
      r = k;
    }
  }
  return out;
}

/**
 * y for a model that already uses the columns `used` (the CLI): a column named y, else the last
 * usable column that is no identifier; null when none is left.
 */
export function defaultY(columns: readonly ColumnCandidate[], used: readonly string[]): string | null {
  const rest = columns.filter((c) => c.shape !== 'text' && !used.includes(c.name));
  const avoidIds = rest.some((c) => usable(c) && !isIdentifier(c));
  // A constant column makes a poor y, but a better answer than none (the fit then says why).
  return (best(rest.filter(usable), (c) => yRank(c, avoidIds), true) ?? rest.at(-1))?.name ?? null;
}

/** x, y and σ for a table nobody has chosen columns of (the page). */
export function defaultColumns(columns: readonly ColumnCandidate[]): DefaultColumns {
  const numeric = columns.filter(usable);
  // From the third column on (as before): a column named e in first place is more likely energy.
  const sigma = numeric.find((c, i) => i > 1 && SIGMA_NAMES.test(c.name)) ?? null;
  const pool = numeric.filter((c) => c !== sigma);
  const named = pool.find((c) => c.name === 'y' || c.name === 'Y');
  const avoidIds = pool.filter((c) => !isIdentifier(c)).length >= 2;
  const x = best(pool.filter((c) => c !== named), (c) => xRank(c, avoidIds));
  const y = x ? (best(pool.filter((c) => c !== x), (c) => yRank(c, avoidIds), true)?.name ?? null) : null;
  return { x: x?.name ?? null, y, sigma: y && sigma ? sigma.name : null };
}

/** The candidates of a parsed table, shapes computed from its values. */
export function tableCandidates(table: Pick<Table, 'columns'>): ColumnCandidate[] {
  return table.columns.map((c) => ({ name: c.name, ...columnFacts(c) }));
}

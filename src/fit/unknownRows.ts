/**
 * The unknowns of a table (issue 26): rows with a usable y and an empty x cell, as in GraphPad
 * Prism. They stay out of the fit (the standards are the other rows) and are read off the fitted
 * curve. One rule for the command line (cli/assayLoad.ts words its errors) and the page's worker
 * (worker/assay.ts). An x cell that holds text ("abc") is not an unknown: the fit's strict rule
 * names it as before. Replicates: with a sample column, consecutive unknown rows (no standard
 * between) with the same sample cell are one sample, read at their mean; without it each row is
 * its own sample.
 */
import type { Column, Table } from '../data/types';
import type { UnknownSample } from './interpolate';

export interface UnknownRows {
  /** mask[r] = 1 for an unknown row: left out of the fit. */
  readonly mask: Uint8Array;
  readonly samples: UnknownSample[];
  /** Each sample's group key (`groupOf` of its rows; null without groups or in none). */
  readonly groups: (string | null)[];
}

export interface UnknownColumns {
  readonly x: Column;
  readonly y: Column;
  /** The σ column of a σ-weighted fit: each unknown needs its σ. */
  readonly sigma: Column | null;
  /** The replicate column (--sample, the page's "Replicates in"). */
  readonly sample: Column | null;
  /** Rows the filters and exclusions leave out (1: skipped). */
  readonly skip: Uint8Array | null;
  readonly groupOf?: (r: number) => string | null;
}

/** An unknown whose σ cell is not a positive number (`line`: the file's line). */
export interface UnknownSigmaProblem {
  readonly line: number;
}

/** The cell of a sample column as a key (text or number as written; null when empty). */
export function sampleKey(column: Column, r: number): string | null {
  const c = column.categories;
  if (c) return c.codes[r] >= 0 ? c.levels[c.codes[r]] : null;
  const v = column.values[r];
  return Number.isNaN(v) ? null : String(v);
}

/** The unknown rows of `table` and their samples, or the first unknown without a usable σ. */
export function unknownRows(table: Pick<Table, 'rowCount' | 'lines'>, c: UnknownColumns): { ok: true; value: UnknownRows } | { ok: false; problem: UnknownSigmaProblem } {
  const { x, y, sigma, sample, skip, groupOf } = c;
  // An x that is text is a typo, not an unknown (the parser's note says which; notes are capped).
  const notEmpty = new Set(x.notes.filter((n) => !n.reason.startsWith('is empty') && !n.reason.startsWith('is missing')).map((n) => n.row));
  const mask = new Uint8Array(table.rowCount);
  const samples: { lines: number[]; y: number[]; sigma: number[] | null; sample: string | null }[] = [];
  const groups: (string | null)[] = [];
  let previous = -2; // the last unknown row, to join consecutive replicates
  for (let r = 0; r < table.rowCount; r++) {
    if (skip && skip[r]) continue;
    const yr = y.values[r];
    if (!Number.isNaN(x.values[r]) || notEmpty.has(r) || !Number.isFinite(yr)) {
      if (!Number.isNaN(x.values[r]) || notEmpty.has(r)) previous = -2; // a standard (or a bad x) ends a run of replicates
      continue;
    }
    const line = table.lines[r];
    let s: number | null = null;
    if (sigma) {
      s = sigma.values[r];
      if (!(s > 0 && Number.isFinite(s))) return { ok: false, problem: { line } };
    }
    mask[r] = 1;
    const key = sample ? sampleKey(sample, r) : null;
    const last = samples[samples.length - 1];
    const group = groupOf ? groupOf(r) : null;
    if (key !== null && last && last.sample === key && previous === r - 1 && groups[groups.length - 1] === group) {
      last.lines.push(line);
      last.y.push(yr);
      if (s !== null) last.sigma?.push(s);
    } else {
      samples.push({ lines: [line], y: [yr], sigma: s === null ? null : [s], sample: key });
      groups.push(group);
    }
    previous = r;
  }
  return { ok: true, value: { mask, samples, groups } };
}

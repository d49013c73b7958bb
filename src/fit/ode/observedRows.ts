/**
 * An ODE model's rows (issue 23): each `~` line's column with its times and σ over the rows the
 * filters and exclusions keep (`skip`), read as a closed-form fit reads its columns
 * (selectColumns). A row whose time, value or σ cell is empty or unusable leaves only the response
 * it belongs to (responses are often measured at different times); what each left out is kept
 * beside it, for the adapter to refuse or to note (the CLI is strict with one response).
 */
import { selectColumns, type Result, type RowIssue, type Table } from '../../data';
import type { OdeModelSpec, OdeObservation } from '../../model';
import type { ObservedColumn } from './observations';

/**
 * The `~` line that observes the y column (and its σ column) as the state of a one-state model
 * written without one (`Y ~ X | SIGMA`), as the CLI's --y/--sigma and the page's y/σ pickers do;
 * null when the model has its own `~` lines or more than one state.
 */
export function observeYLine(spec: Pick<OdeModelSpec, 'observations' | 'states'>, y: string, sigma: string | null): string | null {
  if (spec.observations.length > 0 || spec.states.length !== 1) return null;
  return `${y} ~ ${spec.states[0].name}${sigma ? ` | ${sigma}` : ''}`;
}

export interface ObservedRows extends ObservedColumn {
  /** Rows left out of this response as unusable (a capped list; `droppedCount` counts all). */
  readonly dropped: readonly RowIssue[];
  readonly droppedCount: number;
}

/** Each observation's rows, in the model's order; the first column error stops it. */
export function observedRows(table: Table, observations: readonly Pick<OdeObservation, 'column' | 'sigma'>[], time: string, skip: Uint8Array | null): Result<ObservedRows[]> {
  const out: ObservedRows[] = [];
  for (const o of observations) {
    const picked = selectColumns(table, { x: [time], y: o.column, sigma: o.sigma ?? null, skip });
    if (!picked.ok) return picked;
    const s = picked.value;
    out.push({ column: o.column, time: s.vars[0], y: s.y, sigma: s.sigma ?? null, lines: s.lines, dropped: s.dropped, droppedCount: s.droppedCount });
  }
  return { ok: true, value: out };
}

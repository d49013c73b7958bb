/** "Fit each group" (issue 9): the page's model fitted to each picked group in the worker, with
 *  streamed progress; Cancel stops after the group in progress and keeps the groups done. */
import { callback, getClient } from '../../client/worker';
import { groupName } from '../slices/data';
import { getState, setState } from '../store';
import { emptyRows } from '../slices/params';
import { startsForGroups } from './startSearch';
import { closeGroup } from './openGroup';
import { tiedModel } from '../ties';
import { groupObjectiveBlocker, preflight } from '../selectors/fitBlockers';
import { groupFitsRequest } from '../requests/groupFits';

let cancelled = false;

export async function runGroupFits(): Promise<void> {
  const before = getState();
  if (before.batchStatus === 'running' || before.fitStatus === 'running' || before.globalStatus === 'running' || before.comparisonStatus === 'running') return;
  // A group opened as a single fit filters the rows to itself: the batch is over all groups again.
  // (Only then a pause: the batch must be marked running at once, so that no single fit starts.)
  if (getState().batchOpen) await closeGroup();
  let s = getState();
  if (s.batchStatus === 'running' || s.fitStatus === 'running' || s.globalStatus === 'running' || s.comparisonStatus === 'running') return;
  if (groupName(s) === null) {
    setState({ batchStatus: 'error', batchError: { code: 'no-groups', message: 'Choose a "Group by" column first.', field: 'mapping' } });
    return;
  }
  const blocked = preflight(s) ?? groupObjectiveBlocker(s);
  if (blocked) {
    setState({ batchStatus: 'error', batchError: blocked });
    return;
  }
  cancelled = false;
  setState({ batchStatus: 'running', batchProgress: null, batchError: null });
  // A typed model with empty start values: one search over all rows fills them first (a library
  // model's per-group fit guesses its own).
  if (s.libraryId === null && emptyRows(tiedModel(s).params).length > 0) {
    const ready = await startsForGroups(s);
    if (!ready.ok) {
      if (getState().batchStatus === 'running') setState({ batchStatus: ready.error ? 'error' : 'idle', batchError: ready.error });
      return;
    }
    s = getState();
  }
  const current = () => getState().dataEpoch === s.dataEpoch && getState().groupBy === s.groupBy && getState().groupWide === s.groupWide && getState().batchStatus === 'running';
  // The model with the ties written in, and the rows without the tied parameters (state/ties.ts).
  const tied = tiedModel(s);
  const status = await getClient().fitGroups(
    groupFitsRequest(s, tied),
    callback((p) => {
      if (current()) setState({ batchProgress: p });
    }),
  );
  // Other data or another grouping since it started: its results describe neither.
  if (!current()) return;
  if (!status.ok) {
    setState({ batchStatus: cancelled && status.error.code === 'cancelled' ? 'cancelled' : 'error', batchError: status.error });
    return;
  }
  const b = status.value;
  // The ties it ran with (state/groupTies.ts computes the tied parameters per group), and the model, to say when the page's model is no longer this one.
  const fitted = { ...b, model: s.modelText, ...(tied.active.length > 0 ? { ties: tied.active.map(({ name, expression }) => ({ name, expression })) } : {}) };
  setState({ batchStatus: b.cancelled ? 'cancelled' : 'done', batch: fitted, batchProgress: { done: b.rows.length, total: b.total, failed: b.failed } });
}

export function cancelGroupFits(): void {
  if (getState().batchStatus !== 'running') return;
  cancelled = true;
  void getClient().cancelFit();
}

/** Sorts the results table by `column`; a second click on the same column reverses it. */
export function sortBatch(column: string): void {
  const now = getState().batchSort;
  setState({ batchSort: { column, descending: now?.column === column ? !now.descending : false } });
}

/** Clears the per-group results (the plot shows the single data set again). */
export async function clearBatch(): Promise<void> {
  if (getState().batchOpen) await closeGroup();
  setState({ batch: null, batchStatus: 'idle', batchProgress: null, batchError: null });
}

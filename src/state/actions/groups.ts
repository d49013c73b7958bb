/**
 * Groups (issue 9): the column whose values name them, or (a wide file) the y columns themselves,
 * their list with row counts from the worker (counted among the rows the filters keep), and which
 * of them a fit takes (all or some).
 */
import { getClient } from '../../client/worker';
import { NO_BATCH } from '../slices/batch';
import { getState, setState } from '../store';

let asks = 0;

/** Asks the worker for the groups of the current group column (or y columns) again (after a
 *  filter or the mapping changed). */
export async function refreshGroups(): Promise<void> {
  const { groupBy: column, groupWide: wide, mapping } = getState();
  const ticket = ++asks;
  if (column === null && !wide) {
    setState({ groupList: null, groupError: null });
    return;
  }
  const source = wide ? { wide: { x: mapping.x, sigma: mapping.sigma } } : (column as string);
  const status = await getClient().groups(source, mapping.rows ?? null);
  if (ticket !== asks || getState().groupBy !== column || getState().groupWide !== wide) return;
  if (!status.ok) {
    setState({ groupList: null, groupError: status.error });
    return;
  }
  // Picked groups that the filters removed are no longer picked.
  const keys = new Set(status.value.groups.map((g) => g.key));
  const pick = getState().groupPick;
  setState({ groupList: status.value, groupError: null, groupPick: pick && pick.filter((k) => keys.has(k)) });
}

/** Groups the data by `column` (null: no groups); every group is picked. */
export async function setGroupBy(column: string | null): Promise<void> {
  // Per-group results belong to the grouping they were fitted by.
  const same = column === getState().groupBy && !getState().groupWide;
  setState({ groupBy: column, groupWide: false, groupPick: null, groupList: null, groupError: null, ...(same ? {} : NO_BATCH) });
  await refreshGroups();
}

/** Each y column is a dataset (on), or the file is one dataset again (off); every column is picked. */
export async function setGroupWide(on: boolean): Promise<void> {
  if (on === getState().groupWide) return;
  setState({ groupWide: on, groupBy: null, groupPick: null, groupList: null, groupError: null, ...NO_BATCH });
  await refreshGroups();
}

/** Picks or unpicks one group. */
export function toggleGroup(key: string): void {
  const list = getState().groupList;
  if (!list) return;
  const all = list.groups.map((g) => g.key);
  const pick = getState().groupPick ?? all;
  const next = pick.includes(key) ? pick.filter((k) => k !== key) : all.filter((k) => k === key || pick.includes(k));
  setState({ groupPick: next.length === all.length ? null : next });
}

/** Picks every group (true) or none (false). */
export function pickAllGroups(all: boolean): void {
  setState({ groupPick: all ? null : [] });
}

/** The picked groups' keys (all of them when none were unpicked). */
export function pickedGroups(): readonly string[] {
  const s = getState();
  return s.groupPick ?? s.groupList?.groups.map((g) => g.key) ?? [];
}

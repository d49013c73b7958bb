/**
 * A group fit (each group, or global) started with empty values first searches all rows and
 * writes the pooled best values into the parameter rows (actions/startSearch.ts startsForGroups).
 * The main plot then draws that pooled curve with its residuals while no single fit exists: the
 * trial read it as a fit whose results were missing. This says when that is the case, so that the
 * plot and the results card can say what the rows hold and where the group results are.
 */
import { groupName } from './slices/data';
import type { AppState } from './store';

export interface GroupStartsOnScreen {
  /** The grouping column's name ("state"). */
  readonly column: string;
  /** Which card holds the group results: "Each state" or "Global fit by state". */
  readonly card: string;
}

/** Non-null while the rows still hold the all-rows start values of the group fit on screen. */
export function groupStartsOnScreen(s: AppState): GroupStartsOnScreen | null {
  const search = s.startSearch;
  if (s.outcome !== null || !search || search.trigger !== 'groups' || search.status !== 'done' || !search.outcome) return null;
  if (search.model !== s.modelText || search.dataEpoch !== s.dataEpoch) return null;
  const found = new Map(search.outcome.values.map((v) => [v.name, v.value]));
  if (s.params.some((r) => !r.fixed && found.has(r.name) && r.value !== found.get(r.name))) return null;
  const column = groupName(s) ?? 'group';
  if (s.global) return { column, card: `Global fit by ${column}` };
  if (s.batch) return { column, card: `Each ${column}` };
  return null;
}

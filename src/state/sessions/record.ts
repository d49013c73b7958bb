/**
 * The saved-session format (IndexedDB store "sessions" of database "fitbench"):
 *
 *   "index"         SessionMeta[]   the recent sessions, newest first, at most SESSION_LIMIT
 *   "session:<id>"  SessionRecord   the page: source, FitSpec (as specToJson text, data: null),
 *                                   plot settings, the last fit's outcome (structured clone:
 *                                   FitResult with its typed arrays, backend, curve) and the
 *                                   signature of the parameters it was fitted from
 *                                   and the Compare card's last comparison with another model
 *                                   for that outcome (optional; absent in older records), and
 *                                   the group results: each group's fit, the global fit and its
 *                                   comparison with separate fits (optional, as the comparison)
 *   "data:<id>"     SavedTable      the parsed table, written and read by the worker
 *                                   (src/worker/tables.ts): Float64Array columns with their
 *                                   decimal residuals, line numbers, row issues, preview
 *   "folder:<id>"   string          a streamed table's folder (issue 12): the one data:<id> names,
 *                                   or is about to (written before it; see folderKey)
 *
 * Pure helpers: names, keys, the index update (newest first, one entry per id, pruned), and the
 * shape check of a record read back (storage is shared with other versions of the page).
 */
import type { FitOutcome, GlobalComparison, GlobalFitOutcome, GroupBatchOutcome, MixedFitOutcome, PageModelComparison } from '../../worker/api';
import type { Source } from '../slices/data';
import type { SessionMeta } from '../slices/sessions';
import type { PlotSettings } from '../slices/settings';
import { groupResultsProblem } from './groupResultsShape';
import { comparisonProblem, outcomeProblem, plotProblem } from './outcomeShape';

export const SESSION_FORMAT = 'fitbench-session';
export const SESSION_VERSION = 1;
export const SESSION_LIMIT = 10;
export const INDEX_KEY = 'index';
/** Storage key of the sessions deleted but not yet removed (Undo can still bring them back; the
 *  next start removes them if the page closed first). Every tab's sweep of streamed folders reads it. */
export const PENDING_DELETE_KEY = 'pending-delete';

/** The session ids stored under PENDING_DELETE_KEY (every tab's deletions still undoable there;
 *  anything else reads as none). */
export function readPending(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

export const sessionKey = (id: string): string => `session:${id}`;
export const dataKey = (id: string): string => `data:${id}`;
/**
 * The folder in the Origin Private File System that a session's saved data name (issue 12), kept
 * apart from data:<id> so that the sweep of unreferenced folders reads a short string, not the
 * table. Written before the data: data:<id> is written before the record and the index, and a
 * session already listed (its file dropped again) is restored from data:<id>, so between those
 * writes the index's SessionMeta.folder is the old folder while a restore would open the new one;
 * a reload there let the next sweep remove the new one.
 */
export const folderKey = (id: string): string => `folder:${id}`;
/** The state of the session's fit, saved as it runs (issue 12, src/job/browser/checkpoint.ts). */
export const checkpointKey = (id: string): string => `checkpoint:${id}`;

/** Every key a session stores under (a session deleted for good takes them all; the start-up
 *  cleanup, src/state/actions/orphanSessions.ts, tells a key's session by these prefixes). */
export const sessionKeys = (id: string): string[] => [sessionKey(id), dataKey(id), folderKey(id), checkpointKey(id)];

export interface SessionRecord {
  readonly format: typeof SESSION_FORMAT;
  readonly version: typeof SESSION_VERSION;
  readonly meta: SessionMeta;
  readonly source: Source;
  /** specToJson of the page's FitSpec without data. */
  readonly spec: string;
  readonly plot: PlotSettings;
  readonly outcome: FitOutcome | null;
  /** fitSignature of what the outcome was fitted from (results are fresh when it still matches). */
  readonly fittedSignature: string | null;
  /** fittedSignature includes the fit settings (state/signature.ts settingsKey). Absent in records
   *  saved before they were part of it: their signature is read with signatureSignedSince. */
  readonly signatureWithSettings?: true;
  /** "Compare with another model": its last comparison with the outcome, when one was run for it
   *  (sessions only: links keep the spec, which has the second model as typed). Absent in older
   *  records; checked field by field when read (comparisonProblem), and left out when damaged. */
  readonly comparison?: PageModelComparison | null;
  /** The group results on the page (issue 27: reopening a session showed only the pooled fit).
   *  Absent in older records and when there are none; checked when read (groupResultsProblem),
   *  and left out when damaged. */
  readonly groups?: SavedGroupResults;
}

/** "Fit each group", the global fit, the global fit's comparison with separate fits, and the mixed-effects fit, as the page held them. */
export interface SavedGroupResults {
  readonly batch: GroupBatchOutcome | null;
  readonly global: GlobalFitOutcome | null;
  readonly comparison: GlobalComparison | null;
  /** The mixed-effects fit (issue 25; absent in records saved before it was kept). */
  readonly mixed?: MixedFitOutcome | null;
}

/** "decay.csv · A*exp(-t/tau) + c" (the model shortened to fit a menu line). */
export function sessionName(fileLabel: string, model: string): string {
  const m = model.trim().replace(/\s+/g, ' ');
  const short = m.length > 60 ? `${m.slice(0, 59)}…` : m;
  return short === '' ? fileLabel : `${fileLabel} · ${short}`;
}

export function newSessionId(now = Date.now()): string {
  return `s-${now.toString(36)}-${Math.floor(Math.random() * 36 ** 6).toString(36)}`;
}

/** The id of the session a link opens: the same link reopened continues the same session. */
export function linkSessionId(fragment: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < fragment.length; i++) h = Math.imul(h ^ fragment.charCodeAt(i), 0x01000193) >>> 0;
  return `link-${h.toString(36)}-${fragment.length.toString(36)}`;
}

/** The index with `meta` first (replacing its older entry), and the entries pruned beyond `limit`. */
export function updateIndex(index: readonly SessionMeta[], meta: SessionMeta, limit = SESSION_LIMIT): { index: SessionMeta[]; removed: string[] } {
  const rest = index.filter((m) => m.id !== meta.id);
  const all = [meta, ...rest].sort((a, b) => b.savedAt - a.savedAt);
  return { index: all.slice(0, limit), removed: all.slice(limit).map((m) => m.id) };
}

function isMeta(m: unknown): m is SessionMeta {
  if (typeof m !== 'object' || m === null) return false;
  const x = m as Record<string, unknown>;
  return typeof x.id === 'string' && typeof x.name === 'string' && typeof x.fileName === 'string' && typeof x.model === 'string' && typeof x.rows === 'number' && typeof x.savedAt === 'number' && typeof x.fitted === 'boolean' && (x.folder === undefined || typeof x.folder === 'string');
}

/** The index read back: entries that are not session entries are dropped. */
export function readIndex(value: unknown): SessionMeta[] {
  return Array.isArray(value) ? value.filter(isMeta).sort((a, b) => b.savedAt - a.savedAt) : [];
}

/**
 * What is wrong with a record read back from storage, or null when it can be restored: its frame
 * (format, version, meta, source, spec text) and, in full, its plot settings and saved fit (see
 * outcomeShape.ts), so that a damaged record is refused here and never reaches a render.
 */
export function sessionProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'the record is missing';
  const r = value as Record<string, unknown>;
  const source = r.source as Record<string, unknown> | null;
  if (r.format !== SESSION_FORMAT || r.version !== SESSION_VERSION) return 'the record is not a Fitbench session of this version';
  if (!isMeta(r.meta)) return 'meta is damaged';
  if (typeof r.spec !== 'string') return 'spec is missing';
  if (typeof source !== 'object' || source === null || typeof source.name !== 'string' || !['file', 'paste', 'sample', 'link'].includes(source.kind as string)) return 'source is damaged';
  if (!(r.fittedSignature === null || typeof r.fittedSignature === 'string')) return 'fittedSignature is damaged';
  return plotProblem(r.plot) ?? (r.outcome === null ? null : outcomeProblem(r.outcome));
}

/** What the restore notice says when a saved comparison is damaged and left out. */
export const DAMAGED_COMPARISON_NOTE = 'The saved model comparison could not be read and was left out; press Compare to run it again.';

/** The record's comparison when it is usable with its outcome, else null; a damaged one is left out
 *  rather than refusing the session (the fit itself is intact), with a note for the restore notice. */
export function savedComparison(record: SessionRecord): { readonly comparison: PageModelComparison | null; readonly note: string | null } {
  const c = record.comparison;
  if (c === undefined || c === null || record.outcome === null) return { comparison: null, note: null };
  return comparisonProblem(c) === null ? { comparison: c, note: null } : { comparison: null, note: DAMAGED_COMPARISON_NOTE };
}

export function isSessionRecord(value: unknown): value is SessionRecord {
  return sessionProblem(value) === null;
}

/** What the restore notice says when saved group results are damaged and left out. */
export const DAMAGED_GROUP_RESULTS_NOTE = 'The saved group results could not be read and were left out; fit the groups again to see them.';

/** The record's group results when they read back whole, else null; damaged ones are left out
 *  rather than refusing the session (the rest is intact), with a note for the restore notice. */
export function savedGroupResults(record: SessionRecord): { readonly groups: SavedGroupResults | null; readonly note: string | null } {
  const g = record.groups;
  if (g === undefined || g === null) return { groups: null, note: null };
  return groupResultsProblem(g) === null ? { groups: g, note: null } : { groups: null, note: DAMAGED_GROUP_RESULTS_NOTE };
}

/** The record a save writes for the page as it is (format: record.ts). */
import { specToJson } from '../../share/index';
import { dataLabel } from '../dataFile';
import { currentSpec } from '../selectors/spec';
import type { SessionMeta } from '../slices/sessions';
import type { AppState } from '../store';
import { SESSION_FORMAT, SESSION_VERSION, sessionName, type SavedGroupResults, type SessionRecord } from './record';

/** The page `s` as session `id`'s record saved at `savedAt` (null without data). */
export function buildRecord(s: AppState, id: string, savedAt: number): SessionRecord | null {
  if (!s.table || !s.source) return null;
  const fileName = dataLabel(s);
  const folder = s.table.stream?.folder;
  const groups = groupResults(s);
  const meta: SessionMeta = { id, name: sessionName(fileName, s.modelText), fileName, model: s.modelText, rows: s.table.rows, savedAt, fitted: s.outcome !== null || groups !== null, ...(folder ? { folder } : {}) };
  return {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    meta,
    source: s.source,
    spec: specToJson({ ...currentSpec(s), data: null }),
    plot: s.plot,
    outcome: s.outcome,
    fittedSignature: s.fittedSignature,
    signatureWithSettings: true,
    ...(s.outcome && s.modelCompare.status === 'done' && s.modelCompare.outcome === s.outcome && s.modelCompare.result ? { comparison: s.modelCompare.result } : {}),
    ...(groups ? { groups } : {}),
  };
}

/** The group results on the page, or null when there are none to restore (a comparison with separate fits
 *  is always about the global fit on the page: a new global fit or other shared marks drop it). */
function groupResults(s: AppState): SavedGroupResults | null {
  // Only with a group column: a wide file's grouping is not part of the spec, so not restored.
  if (s.groupBy === null || (s.batch === null && s.global === null && s.mixed === null)) return null;
  return { batch: s.batch, global: s.global, comparison: s.global !== null ? s.comparison : null, ...(s.mixed !== null ? { mixed: s.mixed } : {}) };
}

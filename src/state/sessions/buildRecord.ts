/** The record a save writes for the page as it is (format: record.ts). */
import { specToJson } from '../../share/index';
import { dataLabel } from '../dataFile';
import { currentSpec } from '../selectors/spec';
import type { SessionMeta } from '../slices/sessions';
import type { AppState } from '../store';
import { SESSION_FORMAT, SESSION_VERSION, sessionName, type SessionRecord } from './record';

/** The page `s` as session `id`'s record saved at `savedAt` (null without data). */
export function buildRecord(s: AppState, id: string, savedAt: number): SessionRecord | null {
  if (!s.table || !s.source) return null;
  const fileName = dataLabel(s);
  const folder = s.table.stream?.folder;
  const meta: SessionMeta = { id, name: sessionName(fileName, s.modelText), fileName, model: s.modelText, rows: s.table.rows, savedAt, fitted: s.outcome !== null, ...(folder ? { folder } : {}) };
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
  };
}

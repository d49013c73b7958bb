/**
 * The stem of every export's file name, apart from run.ts: the export menu and the figure dialog
 * show it on the page, while the exports themselves (src/export: scripts, reports) are loaded only
 * when one is run.
 */
import type { AppState } from '../../state';
import { dataFileName } from '../../state/dataFile';
import { exportBase } from './fileNames';

/** The stem of every export's file name: the data file's name without its extension. */
export function exportFileBase(s: AppState): string {
  return exportBase(dataFileName(s), s.source?.kind === 'paste' ? 'pasted-data' : 'fitbench');
}

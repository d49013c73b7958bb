/** The worker API's implementation as plain async functions (index.ts exposes it with Comlink;
 *  the in-thread client of src/client/localClient.ts calls it directly). */
import type { WorkerApi } from './api';
import { cancelFit, runFit } from './fit';
import { checkpointOffer } from './checkpointOffer';
import { guess } from './guess';
import { cancelLoad, loadColumns, loadFile, loadText } from './load';
import { previewCurve } from './preview';
import { exportCurve } from './exports';
import { exportColumns, exportDataCsv, select } from './select';
import { fingerprintSelection, planShareLink } from './share';
import { loadSavedTable, restoreFit, saveTable } from './tables';
import { alive } from './liveness';
import { listGroups } from './groups';
import { fitEachGroup } from './groupFit';
import { findStarts } from './autoStart';
import { compareGlobalGroups, fitGlobalGroups } from './globalRun';
import { profileLastFit } from './profile';
import { compareWithModel } from './compareModel';
import { lastFitReportData } from './report';

export const workerApi: WorkerApi = {
  loadFile,
  loadText: async (text, name, options) => loadText(text, name, options),
  loadColumns: async (columns, name, text) => loadColumns(columns, name, text),
  cancelLoad,
  select: async (mapping, plot) => select(mapping, plot),
  groups: async (column, rows) => listGroups(column, rows),
  guess: async (id, plotVar) => guess(id, plotVar),
  curve: async (request) => previewCurve(request),
  fit: runFit,
  checkpointOffer,
  cancelFit,
  fitGroups: fitEachGroup,
  autoStart: findStarts,
  fitGlobal: fitGlobalGroups,
  compareGlobal: compareGlobalGroups,
  profile: profileLastFit,
  compareModel: compareWithModel,
  reportData: async () => lastFitReportData(),
  exportColumns: async () => exportColumns(),
  exportData: async (mapping) => exportDataCsv(mapping),
  fingerprint: async (mapping) => fingerprintSelection(mapping),
  planLink: async (spec, options) => planShareLink(spec, options),
  exportCurve: async (request) => exportCurve(request),
  saveTable,
  loadSavedTable,
  restoreFit: async (fit) => restoreFit(fit),
  alive,
};

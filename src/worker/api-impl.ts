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
import { alive } from '../job/browser/liveness';
import { listGroups } from './groups';
import { fitEachGroup } from './groupFit';
import { findStarts } from './autoStart';
import { compareGlobalGroups, fitGlobalGroups } from './groupFit';
import { fitMixedGroups } from './mixedFit';
import { profileLastFit } from './profile';
import { compareWithModel } from './compareModel';
import { lastFitReportData } from './report';
import { streamRefusal } from './streamedFit';

/** A run that needs all rows in memory: on a streamed table (issue 12) it is refused, saying what to do. */
function inMemoryOnly<A extends unknown[], R>(what: string, fix: string | null, run: (...args: A) => Promise<R>): (...args: A) => Promise<R | { ok: false; error: NonNullable<ReturnType<typeof streamRefusal>> }> {
  return async (...args) => {
    const refused = streamRefusal(what, fix);
    return refused ? { ok: false, error: refused } : run(...args);
  };
}

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
  fitGroups: inMemoryOnly('Fitting each group', null, fitEachGroup),
  autoStart: inMemoryOnly('The automatic start search', 'give a start value for every free parameter (Guess, or the sliders over the drawn sample)', findStarts),
  fitGlobal: inMemoryOnly('A global fit over groups', null, fitGlobalGroups),
  compareGlobal: inMemoryOnly('Comparing global and separate fits', null, compareGlobalGroups),
  fitMixed: inMemoryOnly('A mixed-effects fit over groups', null, fitMixedGroups),
  profile: inMemoryOnly('Profile likelihood intervals', 'use the Wald intervals shown', profileLastFit),
  compareModel: inMemoryOnly('Comparing with another model', null, compareWithModel),
  reportData: inMemoryOnly('The printable report', null, async () => lastFitReportData()),
  // The worker holds only a streamed table's sample: exporting it as the data would mislead.
  exportColumns: inMemoryOnly('Carrying the data in a link', null, async () => exportColumns()),
  exportData: inMemoryOnly('Exporting the data', 'use the file itself', async (mapping) => exportDataCsv(mapping)),
  fingerprint: async (mapping, ode) => fingerprintSelection(mapping, ode),
  // A link carries the data or their fingerprint; the worker holds only a streamed table's sample.
  planLink: inMemoryOnly('A link (it carries the data or their fingerprint)', null, async (spec, options) => planShareLink(spec, options)),
  exportCurve: async (request) => exportCurve(request),
  saveTable,
  loadSavedTable,
  restoreFit: async (fit) => restoreFit(fit),
  alive,
};

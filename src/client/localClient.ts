/**
 * The worker API run on the calling thread: for tests in Node, and for the next issue's tools
 * that want the same behaviour without a worker. The page itself always uses the worker.
 */
import type { WorkerApi } from '../worker/api';
import { workerApi } from '../worker/api-impl';
import type { Client } from './worker';

export function localClient(api: WorkerApi = workerApi): Client {
  return {
    loadFile: async (...a) => api.loadFile(...a),
    loadText: async (...a) => api.loadText(...a),
    loadColumns: async (...a) => api.loadColumns(...a),
    cancelLoad: async () => api.cancelLoad(),
    select: async (...a) => api.select(...a),
    groups: async (...a) => api.groups(...a),
    guess: async (...a) => api.guess(...a),
    curve: async (...a) => api.curve(...a),
    fit: async (...a) => api.fit(...a),
    checkpointOffer: async (...a) => api.checkpointOffer(...a),
    cancelFit: async () => api.cancelFit(),
    fitGroups: async (...a) => api.fitGroups(...a),
    autoStart: async (...a) => api.autoStart(...a),
    fitGlobal: async (...a) => api.fitGlobal(...a),
    compareGlobal: async (...a) => api.compareGlobal(...a),
    fitMixed: async (...a) => api.fitMixed(...a),
    profile: async (...a) => api.profile(...a),
    compareModel: async (...a) => api.compareModel(...a),
    reportData: async () => api.reportData(),
    exportColumns: async () => api.exportColumns(),
    exportData: async (...a) => api.exportData(...a),
    fingerprint: async (...a) => api.fingerprint(...a),
    planLink: async (...a) => api.planLink(...a),
    exportCurve: async (...a) => api.exportCurve(...a),
    saveTable: async (...a) => api.saveTable(...a),
    loadSavedTable: async (...a) => api.loadSavedTable(...a),
    restoreFit: async (...a) => api.restoreFit(...a),
    alive: async (lock) => api.alive(lock),
  };
}

/** The worker entry: the API of api.ts exposed with Comlink; typed arrays are transferred. */
import * as Comlink from 'comlink';
import type { Curve, Status, WorkerApi } from './api';
import { workerApi } from './api-impl';
import { seriesBuffers } from '../plot/series';
import { checkpointTiming } from '../job/browser/checkpoint';
import { checkpointEveryFromName } from './testSettings';

// A browser spec's checkpoint interval (testSettings.ts); the default otherwise.
checkpointTiming.everyMs = checkpointEveryFromName(self.name) ?? checkpointTiming.everyMs;

function withTransfer<T>(status: Status<T>, buffers: (value: T) => ArrayBuffer[]): Status<T> {
  return status.ok ? Comlink.transfer(status, buffers(status.value)) : status;
}

const curveBuffers = (c: Curve): ArrayBuffer[] => [c.x.buffer as ArrayBuffer, c.y.buffer as ArrayBuffer, ...seriesBuffers(c.residuals)];

const api: WorkerApi = {
  ...workerApi,
  select: async (mapping, plot) => withTransfer(await workerApi.select(mapping, plot), (s) => seriesBuffers(s.data)),
  curve: async (request) => withTransfer(await workerApi.curve(request), curveBuffers),
  fit: async (request, onProgress) => withTransfer(await workerApi.fit(request, onProgress), (o) => curveBuffers(o.curve)),
};

Comlink.expose(api);

// Streamed tables' folders that no saved session refers to are removed by the page
// (src/state/actions/streamFolders.ts): the worker does not know the sessions.

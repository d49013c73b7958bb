/** The worker entry: the API of api.ts exposed with Comlink; typed arrays are transferred. */
import * as Comlink from 'comlink';
import type { Curve, FitOutcome, SelectionSummary, Status, WorkerApi } from './api';
import { cancelFit, runFit } from './fit';
import { guess } from './guess';
import { cancelLoad, loadColumns, loadFile, loadText } from './load';
import { previewCurve } from './preview';
import { exportColumns, select } from './select';
import { seriesBuffers } from './series';

function withTransfer<T>(status: Status<T>, buffers: (value: T) => ArrayBuffer[]): Status<T> {
  return status.ok ? Comlink.transfer(status, buffers(status.value)) : status;
}

const curveBuffers = (c: Curve): ArrayBuffer[] => [c.x.buffer as ArrayBuffer, c.y.buffer as ArrayBuffer, ...seriesBuffers(c.residuals)];

const api: WorkerApi = {
  loadFile,
  loadText: async (text, name) => loadText(text, name),
  loadColumns: async (columns, name) => loadColumns(columns, name),
  cancelLoad,
  select: async (mapping, plot) => withTransfer<SelectionSummary>(select(mapping, plot), (s) => seriesBuffers(s.data)),
  guess,
  curve: async (request) => withTransfer<Curve>(previewCurve(request), curveBuffers),
  fit: async (request, onProgress) => withTransfer<FitOutcome>(await runFit(request, onProgress), (o) => curveBuffers(o.curve)),
  cancelFit,
  exportColumns: async () => exportColumns(),
};

Comlink.expose(api);

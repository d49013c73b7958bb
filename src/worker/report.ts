/** The data side of the fit report for the last fit (src/export/report/reportData.ts), computed where the rows are. */
import { fitReportData, type ReportData } from '../export/report/reportData';
import type { Status } from './api';
import { toWorkerError } from '../job/protocol/status';
import { lastFitInput } from './lastFitInput';

export function lastFitReportData(): Status<ReportData> {
  const picked = lastFitInput();
  if (!picked.ok) return picked;
  const { last, input, result, w } = picked.value;
  try {
    return { ok: true, value: fitReportData({ model: input.model, data: input.data, result, yName: last.selection.names.y, sigmaName: last.selection.names.sigma, w }) };
  } catch (error) {
    return { ok: false, error: toWorkerError(error, input.model.params) };
  }
}

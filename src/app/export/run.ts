/**
 * Running an export: the text or image made from the page (results and code on the main thread
 * with src/export, curves in the worker where the data are), and its file name.
 */
import { getClient } from '../../client/worker';
import { cliCommand, correlationCsv, covarianceCsv, pythonScript, resultsCsv, resultsJson } from '../../export/index';
import type { FitSpec } from '../../share/types';
import { getState, type AppState } from '../../state';
import { dataFileName } from '../../state/dataFile';
import { portableSpec } from '../../state/shareSpec';
import type { ExportId } from './catalogue';
import { exportBase, exportName } from './fileNames';
import { plotImage } from './plotImage';
import { pageReport } from './reportExport';
import { statisticsCsv } from './statisticsCsv';

export type ExportOutput =
  | { readonly kind: 'file'; readonly blob: Blob; readonly fileName: string }
  | { readonly kind: 'copy'; readonly text: string }
  | { readonly kind: 'error'; readonly message: string };

const CSV = 'text/csv;charset=utf-8';

/** The stem of every export's file name: the data file's name without its extension. */
export function exportFileBase(s: AppState): string {
  return exportBase(dataFileName(s), s.source?.kind === 'paste' ? 'pasted-data' : 'fitbench');
}

/**
 * The data file the script and the command read. A file the user opened is read as it is (its
 * delimiter, decimal mark and header); a sample, pasted cells or a link's data exist only in the
 * page, so the script reads the Data CSV export instead (comma-separated, header, decimal point).
 */
export function scriptData(s: AppState): { fileName: string; delimiter: string; decimalComma: boolean; header: boolean; fileNote?: string } | null {
  const t = s.table;
  if (!t) return null;
  if (s.source?.kind === 'file') return { fileName: dataFileName(s) ?? 'data.csv', delimiter: t.delimiter, decimalComma: t.decimalComma, header: t.hasHeader };
  const fileName = exportName(exportFileBase(s), 'data', 'csv');
  return { fileName, delimiter: ',', decimalComma: false, header: true, fileNote: `The data: save them from Fitbench with Export > Data > "The columns and rows the fit uses" (${fileName}).` };
}

/** The spec with the data described by a fingerprint (the results JSON names the data file). */
async function specWithData(s: AppState): Promise<FitSpec> {
  const spec = portableSpec(s);
  const print = await getClient().fingerprint({ ...spec.columns, ...(spec.rows ? { rows: spec.rows } : {}) });
  return print.ok ? { ...spec, data: { kind: 'fingerprint', fileName: dataFileName(s), rows: print.value.rows, hash: print.value.hash } } : spec;
}

/**
 * The spec a script or command runs: with the row filters and excluded lines when it reads the
 * file the user opened (its own line numbers), without them when it reads the Data CSV export,
 * which holds only the rows the fit uses already.
 */
export function scriptSpec(s: AppState): FitSpec {
  const { rows, ...spec } = portableSpec(s);
  return rows && s.source?.kind === 'file' ? { ...spec, rows } : spec;
}

const file = (text: string, type: string, fileName: string): ExportOutput => ({ kind: 'file', blob: new Blob([text], { type }), fileName });

export async function runExport(id: ExportId): Promise<ExportOutput> {
  const s = getState();
  const b = exportFileBase(s);
  const result = s.outcome?.result;
  try {
    switch (id) {
      case 'results-json':
        if (!result) break;
        return file(resultsJson(await specWithData(s), result), 'application/json', exportName(b, 'results', 'json'));
      case 'report-html': {
        const report = await pageReport(s);
        return report.ok ? file(report.html, 'text/html;charset=utf-8', exportName(b, 'report', 'html')) : { kind: 'error', message: report.message };
      }
      case 'parameters-csv':
        if (!result) break;
        return file(resultsCsv(result), CSV, exportName(b, 'parameters', 'csv'));
      case 'covariance-csv':
        if (!result) break;
        return file(covarianceCsv(result), CSV, exportName(b, 'covariance', 'csv'));
      case 'correlation-csv':
        if (!result) break;
        return file(correlationCsv(result), CSV, exportName(b, 'correlation', 'csv'));
      case 'statistics-csv':
        if (!result) break;
        return file(statisticsCsv(result), CSV, exportName(b, 'statistics', 'csv'));
      case 'data-csv': {
        const status = await getClient().exportData(s.mapping);
        if (!status.ok) return { kind: 'error', message: status.error.message };
        return file(status.value, CSV, exportName(b, 'data', 'csv'));
      }
      case 'points-csv':
      case 'grid-csv': {
        const status = await getClient().exportCurve({ kind: id === 'points-csv' ? 'points' : 'grid', model: s.modelText, mapping: s.mapping, plotVar: s.plot.plotVar, logX: s.plot.logX });
        if (!status.ok) return { kind: 'error', message: status.error.message };
        return file(status.value, CSV, exportName(b, id === 'points-csv' ? 'fit-points' : 'fit-curve', 'csv'));
      }
      case 'plot-png':
      case 'plot-svg': {
        const format = id === 'plot-png' ? 'png' : 'svg';
        const image = await plotImage(format);
        return image.ok ? { kind: 'file', blob: image.blob, fileName: exportName(b, 'plot', format) } : { kind: 'error', message: image.message };
      }
      case 'python': {
        const d = scriptData(s);
        if (!d) break;
        const script = pythonScript(scriptSpec(s), { csvFileName: d.fileName, delimiter: d.delimiter, decimalComma: d.decimalComma, header: d.header, fileNote: d.fileNote });
        return file(script, 'text/x-python;charset=utf-8', exportName(b, 'fit', 'py'));
      }
      case 'cli': {
        const d = scriptData(s);
        if (!d) break;
        return { kind: 'copy', text: cliCommand(scriptSpec(s), { csvFileName: d.fileName }) };
      }
    }
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  return { kind: 'error', message: 'There is nothing to export yet.' };
}

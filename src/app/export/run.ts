/**
 * Running an export: the text or image made from the page (results and code on the main thread
 * with src/export, curves in the worker where the data are), and its file name.
 */
import { getClient } from '../../client/worker';
import { cliCommand, correlationCsv, covarianceCsv, pythonScript, resultsCsv, resultsJson } from '../../export/index';
import { nlmeScript } from '../../export/r/nlmeScript';
import type { FitSpec } from '../../share/types';
import type { PageModelComparison } from '../../worker/api';
import { getState, type AppState } from '../../state';
import { pageDerived } from '../../state/derivedQuantities';
import { tiedModel } from '../../state/ties';
import { portableSpec } from '../../state/shareSpec';
import { fitScope, singleFitSpec } from '../../state/fitScope';
import type { ExportId } from './catalogue';
import { dataFileName } from '../../state/dataFile';
import { exportFileBase } from './fileBase';
import { exportName } from './fileNames';
import { plotImage } from './plotImage';
import { startSpec } from './startSpec';
import { pageReport } from './reportExport';
import { statisticsCsv } from './statisticsCsv';
import { unknownsCsv } from '../assay/unknownsCsv';

export { exportFileBase } from './fileBase';

export type ExportOutput =
  | { readonly kind: 'file'; readonly blob: Blob; readonly fileName: string }
  | { readonly kind: 'copy'; readonly text: string }
  | { readonly kind: 'error'; readonly message: string };

const CSV = 'text/csv;charset=utf-8';

/**
 * The data file the script and the command read. A file the user opened is read as it is (its
 * delimiter, decimal mark and header); pasted cells or a link's data exist only in the page, so
 * the script reads the Data CSV export instead (comma-separated, header, decimal point). So does a
 * sample's single fit; a sample's group fit reads the sample's own file (served by Fitbench), since
 * the Data CSV holds only the fitted columns and not the group column. Null when there is no table,
 * or for a group fit on pasted or linked data, which the page cannot hand out with its groups.
 */
export function scriptData(s: AppState, grouped = false): { fileName: string; delimiter: string; decimalComma: boolean; header: boolean; fileNote?: string } | null {
  const t = s.table;
  if (!t) return null;
  const own = { delimiter: t.delimiter, decimalComma: t.decimalComma, header: t.hasHeader };
  if (s.source?.kind === 'file') return { fileName: dataFileName(s) ?? 'data.csv', ...own };
  if (grouped) {
    const sampleId = s.source?.kind === 'sample' ? s.source.sampleId : null;
    const sample = s.samples?.find((e) => e.id === sampleId);
    if (!sample) return null;
    const url = typeof document === 'undefined' ? `samples/${sample.file}` : new URL(`samples/${sample.file}`, document.baseURI).href;
    return { fileName: sample.file, ...own, fileNote: `The data: Fitbench's sample "${sample.title}", from ${url}` };
  }
  const fileName = exportName(exportFileBase(s), 'data', 'csv');
  return { fileName, delimiter: ',', decimalComma: false, header: true, fileNote: `The data: save them from Fitbench with Export > Data > "The columns and rows the fit uses" (${fileName}).` };
}

/** What a script or command reads and runs: the spec, the page's fitted values, the data file; or why there is none. */
function codeInput(s: AppState): (ReturnType<typeof startSpec> & { data: NonNullable<ReturnType<typeof scriptData>> }) | ExportOutput {
  const { spec, pageFit } = scriptSpec(s);
  const data = scriptData(s, spec.groups !== undefined);
  if (data) return { spec, pageFit, data };
  if (!spec.groups || !s.table) return { kind: 'error', message: 'There is nothing to export yet.' };
  return { kind: 'error', message: 'A group fit\'s script and command read the group column from the data file, which pasted or linked data do not have: save the data as a CSV file with its group column and open that file.' };
}

/** The single fit's spec with the data described by a fingerprint (the results JSON names the data
 *  file; it carries the single fit's result, so not the groups that fit ignores: fitScope.ts). */
async function specWithData(s: AppState): Promise<FitSpec> {
  const spec = singleFitSpec(s);
  const print = await getClient().fingerprint({ ...spec.columns, ...(spec.rows ? { rows: spec.rows } : {}) });
  return print.ok ? { ...spec, data: { kind: 'fingerprint', fileName: dataFileName(s), rows: print.value.rows, hash: print.value.hash } } : spec;
}

/**
 * The spec a script or command runs: with the row filters and excluded lines when it reads the
 * file the user opened (its own line numbers), without them when it reads the Data CSV export,
 * which holds only the rows the fit uses already; starting from the fit's start values, with the
 * page's fitted values to compare (startSpec.ts). An opened group's is the single fit on screen, of
 * that group's rows (fitScope.ts), not a group fit of one group.
 */
export function scriptSpec(s: AppState): ReturnType<typeof startSpec> {
  const { rows, ...spec } = fitScope(s).kind === 'group' ? singleFitSpec(s) : portableSpec(s);
  const ownFile = s.source?.kind === 'file' || (spec.groups !== undefined && s.source?.kind === 'sample');
  return startSpec(s, rows && ownFile ? { ...spec, rows } : spec);
}

/** The "Compare with another model" result of the fit on the page, when one was run for it. */
function pageComparison(s: AppState): PageModelComparison | null {
  const run = s.modelCompare;
  return run.status === 'done' && run.outcome === s.outcome && run.result ? run.result : null;
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
        return file(resultsJson(await specWithData(s), result, pageDerived(s.derivedText, result, tiedModel(s).active).quantities, pageComparison(s), s.outcome?.poisson ?? null), 'application/json', exportName(b, 'results', 'json'));
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
      case 'unknowns-csv': {
        const unknowns = s.outcome?.assay?.interpolated;
        if (!unknowns) break;
        return file(unknownsCsv(unknowns, { x: s.mapping.x[0] ?? 'x', y: s.mapping.y || 'y' }), CSV, exportName(b, 'unknowns', 'csv'));
      }
      case 'data-csv': {
        const status = await getClient().exportData(s.mapping);
        if (!status.ok) return { kind: 'error', message: status.error.message };
        return file(status.value, CSV, exportName(b, 'data', 'csv'));
      }
      case 'points-csv':
      case 'grid-csv': {
        const status = await getClient().exportCurve({ kind: id === 'points-csv' ? 'points' : 'grid', model: tiedModel(s).text, mapping: s.mapping, plotVar: s.plot.plotVar, logX: s.plot.logX });
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
        const input = codeInput(s);
        if ('kind' in input) return input;
        const { spec, pageFit, data: d } = input;
        // A mixed-effects fit's script is R's nlme (issue 25): scipy has no nonlinear mixed models.
        if (spec.groups?.mode === 'mixed') return file(nlmeScript(spec, { csvFileName: d.fileName, delimiter: d.delimiter, decimalComma: d.decimalComma, header: d.header, fileNote: d.fileNote }), 'text/x-r;charset=utf-8', exportName(b, 'fit', 'R'));
        const script = pythonScript(spec, { csvFileName: d.fileName, delimiter: d.delimiter, decimalComma: d.decimalComma, header: d.header, fileNote: d.fileNote, ...(pageFit ? { pageFit } : {}) });
        return file(script, 'text/x-python;charset=utf-8', exportName(b, 'fit', 'py'));
      }
      case 'cli': {
        const input = codeInput(s);
        if ('kind' in input) return input;
        const derive = result ? pageDerived(s.derivedText, result).specs : [];
        const compared = pageComparison(s);
        const compareModel = compared ? { model: compared.model, fixed: compared.second.parameters.filter((p) => p.fixed).map((p) => ({ name: p.name, value: p.value })), nested: compared.comparison.nested === 'user' } : undefined;
        return { kind: 'copy', text: cliCommand(input.spec, { csvFileName: input.data.fileName, derive, compareModel }) };
      }
    }
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  return { kind: 'error', message: 'There is nothing to export yet.' };
}

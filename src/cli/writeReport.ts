/** --report FILE.html: the printable fit report (src/export/report/runReport.ts) for a single fit, written to a file. */
import { writeFileSync } from 'node:fs';
import { runReportHtml, type ReportRun } from '../export/report/runReport';
import { CliError } from './errors';
import type { OutputTarget } from './outputTarget';

/** The report's target, as checkOutputTargets (outputTarget.ts) checks it before the fit. */
export function reportTarget(file: string): OutputTarget {
  return { option: '--report', file, example: 'report.html', cannot: 'could not write it: ' };
}

export function writeReport(run: ReportRun & { readonly path: string }): void {
  try {
    writeFileSync(run.path, runReportHtml(run));
  } catch (error) {
    throw new CliError(`--report: could not write "${run.path}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check that its folder exists and is writable.`);
  }
}

/**
 * Export › Report: the printable fit report (src/export/report, the same generator as the CLI's
 * --report) for the fit on screen. The data side (points, curve, residual plots) comes from the
 * worker where the rows are; profile intervals are included when the fit was profiled. The report
 * names the fit (fitScope.ts): all rows, every group pooled, or one opened group.
 */
import { getClient } from '../../client/worker';
import { fitReportHtml } from '../../export/report/html';
import type { AppState } from '../../state';
import { dataLabel } from '../../state/dataFile';
import { tiedModel } from '../../state/ties';
import { pageDerived } from '../../state/derivedQuantities';
import { fitScope, fitScopeName, fitScopeText } from '../../state/fitScope';

export type ReportOutput = { readonly ok: true; readonly html: string } | { readonly ok: false; readonly message: string };

export async function pageReport(s: AppState, now: Date = new Date()): Promise<ReportOutput> {
  const outcome = s.outcome;
  if (!outcome) return { ok: false, message: 'Fit first: there is no fit to report.' };
  let data = s.reportData.outcome === outcome ? s.reportData.data : null;
  if (!data) {
    const status = await getClient().reportData();
    if (!status.ok) return { ok: false, message: status.error.message };
    data = status.value;
  }
  // The worker's last fit must be the fit on screen: its rows are the report's (one fit per report).
  if (data.rows !== outcome.result.stats.points) return { ok: false, message: `The worker's last fit (${data.rows} rows) is not the fit on screen (${outcome.result.stats.points} rows): press Fit, then export the report.` };
  const scope = fitScope(s);
  const profiled = s.profileRun.outcome === outcome && s.profileRun.status === 'done' ? s.profileRun.result : null;
  const html = fitReportHtml({
    generatedAt: now.toISOString(),
    file: dataLabel(s),
    ...(scope.kind === 'rows' ? {} : { scope: { kind: scope.kind, text: fitScopeText(scope, data.rows), name: fitScopeName(scope) } }),
    model: s.modelText,
    filteredRows: s.selection?.filteredCount ?? 0,
    excludedRows: s.selection?.excludedCount ?? 0,
    loss: s.settings.loss,
    backend: outcome.backend.used.toUpperCase(),
    result: outcome.result,
    profile: profiled ? { profiles: [...profiled.profiles], warnings: [...profiled.warnings] } : null,
    data,
    derived: pageDerived(s.derivedText, outcome.result, tiedModel(s).active).quantities,
    comparison: s.modelCompare.status === 'done' && s.modelCompare.outcome === outcome ? (s.modelCompare.result?.comparison ?? null) : null,
    poisson: outcome.poisson ?? null,
    assay: outcome.assay ? { interpolated: outcome.assay.interpolated, predicted: outcome.assay.predicted, outliers: outcome.assay.outliers ? { q: outcome.assay.outliers.q, lines: outcome.assay.outliers.lines } : null } : null,
  });
  return { ok: true, html };
}

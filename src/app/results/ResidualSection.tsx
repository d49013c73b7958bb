/**
 * Residual diagnostics on the page (issue 10): the tests' verdicts in words (runs, normality,
 * Durbin–Watson, replicates; src/stats/diagnosticsWords.ts), and the normal Q-Q plot and histogram
 * of the standardized residuals, computed in the worker over every fitted row.
 */
import { useEffect, useMemo } from 'react';
import type { FitOutcome } from '../../worker/api';
import { diagnosticSentences } from '../../stats/diagnosticsWords';
import { useApp } from '../../state';
import { loadReportData } from '../../state/actions/uncertainty';
import { PlotlyChart } from '../plot/PlotlyChart';
import { histogramFigure, qqFigure } from './residualFigures';

const MARK = { ok: '✓', warn: '!', none: '–' } as const;

export function ResidualSection({ outcome }: { readonly outcome: FitOutcome }) {
  const report = useApp((s) => s.reportData);
  const d = outcome.result.diagnostics;
  const sentences = useMemo(() => (d ? diagnosticSentences(d) : []), [d]);
  const mine = report.outcome === outcome ? report : null;
  // A streamed fit (issue 12) holds no residual array: its tests were summed chunk by chunk.
  const streamed = outcome.stream != null;
  useEffect(() => {
    if (!streamed) void loadReportData();
  }, [outcome, streamed]);
  const plots = mine?.data?.residualPlots ?? null;
  const qq = useMemo(() => (plots ? qqFigure(plots) : null), [plots]);
  const hist = useMemo(() => (plots ? histogramFigure(plots) : null), [plots]);
  return (
    <section className="card residual-card" aria-labelledby="residual-title" data-testid="residual-section">
      <h2 className="card-title" id="residual-title">
        Residual diagnostics
      </h2>
      {sentences.length > 0 ? (
        <ul className="diagnostic-list" data-testid="diagnostic-sentences">
          {sentences.map((s) => (
            <li key={s.test} className={`diagnostic diagnostic-${s.tone}`} data-test={s.test} data-tone={s.tone}>
              <span className="diagnostic-mark" aria-hidden="true">
                {MARK[s.tone]}
              </span>
              <span>{s.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No residual diagnostics for this fit (fewer than 2 rows, or a fit saved before they existed).</p>
      )}
      {mine?.status === 'error' && mine.error && <p className="field-error">{mine.error.message}</p>}
      {streamed && <p className="muted small" data-testid="residual-plots-streamed">The Q-Q plot and histogram need every residual at once: they are not drawn for data streamed from browser storage (the tests above ran over all rows, chunk by chunk).</p>}
      {qq && hist && (
        <div className="residual-plots">
          <figure>
            <figcaption className="muted small">Normal Q-Q plot of the standardized residuals: on the dashed line if they are normal.</figcaption>
            <PlotlyChart data={qq.data} layout={qq.layout} className="residual-plot" testId="qq-plot" label="Normal Q-Q plot of the standardized residuals" />
          </figure>
          <figure>
            <figcaption className="muted small">Histogram of the standardized residuals, with the counts a standard normal would give.</figcaption>
            <PlotlyChart data={hist.data} layout={hist.layout} className="residual-plot" testId="residual-histogram" label="Histogram of the standardized residuals" />
          </figure>
        </div>
      )}
    </section>
  );
}

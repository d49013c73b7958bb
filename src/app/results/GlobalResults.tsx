/**
 * Global fit results (issue 9): the shared parameters (value ± standard error and the t interval
 * at the fit's confidence level), a table with each group's local parameters (± standard error),
 * χ² and rows (χ² = Σ(y − f)², weighted Σ((y − f)/σ)², as the single fit's card and R's deviance()
 * say it, not the solver's cost ½Σρ, which reads as half of it; issue 27), the overlay of the groups with the curves through their global parameters, and
 * "Compare with separate fits", whose verdict (F test and AICc, src/fit/compare) is said in words.
 * Every standard error comes from the global fit's covariance (src/fit/global).
 */
import { useMemo } from 'react';
import { useApp } from '../../state';
import { clearGlobal, compareWithSeparate } from '../../state/actions/global';
import { anyFitRunning, groupResultsStale } from '../../state/selectors/groupFits';
import { globalProgressText, OVERLAY_MAX } from '../../state/slices/batch';
import type { GlobalFitOutcome } from '../../worker/api';
import { Notice } from '../common/Notice';
import { groupTiedValues, tiedNote } from '../../state/groupTies';
import { formatNumber } from '../format/number';
import { groupFigure } from '../plot/groupFigure';
import { groupLogHiddenNote } from '../plot/logHidden';
import { PlotlyChart } from '../plot/PlotlyChart';
import { formatCount } from '../format/count';
import { ScrollingTable } from '../common/ScrollingTable';
import { visibleValue } from '../../data/visibleText';

/** Rows drawn in the table (as GroupResults: the rest would slow the page; 10 000 groups fit). */
const TABLE_ROWS_MAX = 1000;

function num(v: number, digits = 6): string {
  return Number.isFinite(v) ? formatNumber(v, digits) : v === Infinity ? '∞' : '–';
}

function SharedTable({ g }: { readonly g: GlobalFitOutcome }) {
  const first = g.rows.find((r) => r.included);
  if (!first) return null;
  const pct = `${Math.round(g.confidenceLevel * 1000) / 10}%`;
  return (
    <table className="group-table global-shared" data-testid="global-shared">
      <caption className="global-caption">Shared by all groups</caption>
      <thead>
        <tr>
          <th scope="col">Parameter</th>
          <th scope="col" className="cell-num">Value ± SE</th>
          <th scope="col" className="cell-num">{pct} interval</th>
        </tr>
      </thead>
      <tbody>
        {g.shared.map((name) => {
          const j = g.names.indexOf(name);
          return (
            <tr key={name} data-param={name}>
              <th scope="row"><code>{name}</code></th>
              <td className="cell-num" data-col="value">
                {num(first.params[j])}
                <span className="pm"> ± {num(first.stderr[j], 3)}</span>
              </td>
              <td className="cell-num" data-col="interval">[{num(first.ciLower[j], 5)}, {num(first.ciUpper[j], 5)}]</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function LocalTable({ g, column }: { readonly g: GlobalFitOutcome; readonly column: string }) {
  const local = g.local.map((name) => ({ name, j: g.names.indexOf(name) }));
  const ties = g.ties ?? [];
  return (
    <>
      <ScrollingTable testId="global-table">
        <table className="group-table" data-testid="global-table">
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col" className="cell-num">Rows</th>
              {local.map(({ name }) => <th key={name} scope="col" className="cell-num">{name} ± SE</th>)}
              {ties.map((t) => <th key={t.name} scope="col" className="cell-num" title={`${t.name} = ${t.expression}: tied, computed from the fitted parameters`}>{t.name} (tied)</th>)}
              <th scope="col" className="cell-num" title="Σ(y − f)² over this group's rows (weighted: Σ((y − f)/σ)²), the RSS R's deviance() reports">χ²</th>
            </tr>
          </thead>
          <tbody>
            {g.rows.slice(0, TABLE_ROWS_MAX).map((row) => (
              <tr key={row.key} className={row.included ? '' : 'group-failed'} data-group={row.key}>
                <th scope="row">{visibleValue(row.key)}</th>
                <td className="cell-num">{row.rows}</td>
                {row.included ? (
                  <>
                    {local.map(({ name, j }) => (
                      <td key={name} className="cell-num" data-param={name}>
                        {num(row.params[j])}
                        {Number.isNaN(row.stderr[j]) ? '' : <span className="pm"> ± {num(row.stderr[j], 3)}</span>}
                      </td>
                    ))}
                    {groupTiedValues(ties, g.names, row.params).map((v, i) => (
                      <td key={ties[i].name} className="cell-num" data-tied={ties[i].name}>{num(v)}</td>
                    ))}
                    <td className="cell-num" data-col="chi2">{num(row.chi2)}</td>
                  </>
                ) : (
                  <td colSpan={local.length + ties.length + 1} className="group-message" data-testid="global-message">Left out: {row.message}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
      {ties.length > 0 && <p className="muted small" data-testid="global-tied-note">{tiedNote(ties, false)}</p>}
      {g.rows.length > TABLE_ROWS_MAX && <p className="muted small">The table shows the first {formatCount(TABLE_ROWS_MAX)} of {formatCount(g.rows.length)} groups.</p>}
    </>
  );
}

function Comparison() {
  const status = useApp((s) => s.comparisonStatus);
  const comparison = useApp((s) => s.comparison);
  const error = useApp((s) => s.comparisonError);
  const progress = useApp((s) => s.globalProgress);
  if (status === 'running') return <p className="muted" data-testid="global-compare-status">{progress ? globalProgressText(progress) : 'Comparing with separate fits…'}</p>;
  if (status === 'error' && error) return <Notice tone="error" testId="global-compare-error">{error.message}</Notice>;
  if (status !== 'done' || !comparison) return null;
  const c = comparison.comparison;
  return (
    <div className={`notice ${c.valid ? (c.preferred === 'global' ? 'notice-success' : 'notice-warning') : 'notice-info'} global-verdict`} data-testid="global-verdict" data-preferred={c.preferred ?? 'none'}>
      <p className="global-verdict-text">{c.verdict}</p>
      {c.valid && (
        <p className="muted small" data-testid="global-verdict-numbers">
          χ² global {num(c.global.chi2, 5)} ({c.global.parameters} parameters, {c.global.dof} d.f.) · separate {num(c.separate.chi2, 5)} ({c.separate.parameters} parameters, {c.separate.dof} d.f.) · AICc {num(c.global.aicc, 4)} vs {num(c.separate.aicc, 4)}
        </p>
      )}
    </div>
  );
}

/** The fit's size and χ², in the single fit's terms (not the solver's cost). */
export function GlobalSummary({ g }: { readonly g: GlobalFitOutcome }) {
  return (
    <p className="muted small" data-testid="global-summary">
      <span title="Σ(y − f)² over every group's rows (weighted: Σ((y − f)/σ)²), the RSS R's deviance() reports; the solver's cost is half of it">χ² (RSS) {num(g.chi2)}</span> over {formatCount(g.points)} points, {formatCount(g.freeParameters)} free parameters · {g.nit} iterations, {g.nfev} evaluations, {(g.fitMs / 1000).toFixed(2)} s · standard errors from the joint covariance
    </p>
  );
}

export function GlobalResults() {
  const g = useApp((s) => s.global);
  const stale = useApp((s) => groupResultsStale(s, s.global?.model));
  const groupBy = useApp((s) => s.groupBy);
  const mapping = useApp((s) => s.mapping);
  const plot = useApp((s) => s.plot);
  const busy = useApp(anyFitRunning);
  const xLabel = mapping.x[plot.plotVar] ?? 'x';
  const figure = useMemo(() => (g ? groupFigure(g.overlay, xLabel, mapping.y || 'y', plot.logX, plot.logY) : null), [g, xLabel, mapping.y, plot.logX, plot.logY]);
  // Plotly leaves x ≤ 0 (y ≤ 0) off a log axis without a word: said under the plot, as the main plot does.
  const logNote = useMemo(() => (g ? groupLogHiddenNote(g.overlay, { logX: plot.logX, logY: plot.logY, xName: xLabel, yName: mapping.y || 'y' }) : null), [g, plot.logX, plot.logY, xLabel, mapping.y]);
  if (!g) return null;
  const column = groupBy ?? 'group';
  const included = g.rows.filter((r) => r.included).length;
  return (
    <section className="card group-results global-results" aria-label="Global fit" data-testid="global-results">
      <header className="group-results-head">
        <h2 className="panel-title">
          Global fit by {column}: {g.shared.join(', ')} shared · {formatCount(included)} of {formatCount(g.total)} groups · {g.success ? 'converged' : 'did not converge'}
        </h2>
        <div className="group-results-actions">
          <button type="button" className="btn btn-small btn-primary-outline" disabled={busy} onClick={() => void compareWithSeparate()} data-testid="global-compare">
            Compare with separate fits
          </button>
          <button type="button" className="btn btn-small" onClick={clearGlobal} data-testid="global-clear">Close</button>
        </div>
      </header>
      {stale && (
        <p className="stale" data-testid="group-stale">
          {stale}
        </p>
      )}
      {!g.success && <Notice tone="warning" testId="global-message">{g.message}</Notice>}
      <Comparison />
      {figure && <PlotlyChart data={figure.data} layout={figure.layout} className="group-plot" testId="global-plot" label={`${mapping.y} against ${xLabel}, one colour per ${column}, with the global fit's curve for each`} />}
      {figure && logNote && <p className="plot-note" data-testid="global-plot-note">{logNote}</p>}
      {g.overlayCapped && <p className="muted">The plot shows the first {g.overlay.length} of {formatCount(g.total)} groups (at most {OVERLAY_MAX}); the table has them all.</p>}
      <div className="global-tables">
        <SharedTable g={g} />
        <LocalTable g={g} column={column} />
      </div>
      <GlobalSummary g={g} />
      {g.warnings.map((w) => <p key={w} className="muted small">{w}</p>)}
    </section>
  );
}

/** Results of the last fit: verdict, parameters, statistics, correlations, cost history. */
import { useApp } from '../../state';
import { resultsFresh } from '../../state/signature';
import { AdviceList } from './AdviceList';
import { CompareModelSection } from './CompareModelSection';
import { DerivedSection } from './DerivedSection';
import { Correlation } from './Correlation';
import { CostPlot } from './CostPlot';
import { FitErrorCard } from './FitErrorCard';
import { LiveCost } from './LiveCost';
import { OdrSection } from './OdrSection';
import { ParamTable } from './ParamTable';
import { ProfileSection } from './ProfileSection';
import { ResidualSection } from './ResidualSection';
import { SolverInfo } from './SolverInfo';
import { StatsGrid } from './StatsGrid';
import { verdictBadge } from './verdictBadge';
import { isWeighted } from '../../state/slices/settings';
import { groupStartsOnScreen } from '../../state/groupStarts';
import { AssayResults } from '../assay/AssayResults';
import { shownInterval } from '../assay/shownInterval';

export function ResultsPanel() {
  const outcome = useApp((s) => s.outcome);
  const running = useApp((s) => s.fitStatus === 'running');
  const stale = useApp((s) => s.outcome !== null && !resultsFresh(s));
  const weighted = useApp(isWeighted);
  const intervalChoice = useApp((s) => s.assay.interval);
  // Strings, so that the selectors' values compare equal between renders.
  const startsCard = useApp((s) => groupStartsOnScreen(s)?.card ?? null);
  const startsColumn = useApp((s) => groupStartsOnScreen(s)?.column ?? null);
  const groupStarts = startsCard !== null && startsColumn !== null ? { card: startsCard, column: startsColumn } : null;
  if (running) return <LiveCost />;
  if (!outcome) {
    return (
      <>
        <FitErrorCard />
        <section className="card results-empty" data-testid="results-empty">
          {groupStarts ? (
            <p data-testid="results-group-starts">
              No fit to all rows yet. The parameter rows hold the start values found over all rows, every {groupStarts.column} together: each {groupStarts.column}’s fit started from them, and the plot draws
              that curve. The results per {groupStarts.column} are in the “{groupStarts.card}” card above; press Fit for one fit to all rows.
            </p>
          ) : (
            <p className="muted">Results appear here after a fit: the parameters with standard errors and 95% intervals, χ², R², AIC/BIC, the correlation matrix and the cost per iteration.</p>
          )}
        </section>
      </>
    );
  }
  const r = outcome.result;
  const badge = verdictBadge(r);
  return (
    <div className="results" data-testid="results" data-verdict={badge.verdict}>
      <FitErrorCard />
      <section className="card" aria-labelledby="results-title">
        <header className="results-head" data-testid="results-head">
          <h2 className="card-title" id="results-title">
            Results
          </h2>
          <span className={`badge ${badge.className}`} data-testid="verdict">
            {badge.text}
          </span>
          <span className="muted small">
            {outcome.backend.used.toUpperCase()} · {r.nit} iteration{r.nit === 1 ? '' : 's'} · {(r.fitMs / 1000).toFixed(2)} s
          </span>
        </header>
        {stale && (
          <p className="stale" data-testid="results-stale">
            The model, data, parameters or fit settings changed since this fit; these results describe the last fit. Press Fit to update them.
          </p>
        )}
        {r.weighting && r.weighting !== 'unweighted' && (
          <p className="muted small" data-testid="result-weighting">
            {r.weighting[0].toUpperCase() + r.weighting.slice(1)}.
          </p>
        )}
        <AdviceList result={r} />
        <div className="results-grid">
          <div className="table-scroll">
            <ParamTable result={r} bootstrap={outcome.assay?.bootstrap ? shownInterval(outcome.assay.bootstrap, intervalChoice) : null} />
          </div>
          <StatsGrid result={r} weighted={weighted} poisson={outcome.poisson ?? null} />
        </div>
      </section>
      {outcome.assay && <AssayResults assay={outcome.assay} result={r} />}
      {outcome.odr && <OdrSection odr={outcome.odr} />}
      <DerivedSection result={r} />
      <ProfileSection outcome={outcome} />
      <CompareModelSection outcome={outcome} />
      <ResidualSection outcome={outcome} />
      <div className="results-grid results-lower">
        <section className="card" aria-label="Correlation matrix">
          <h2 className="card-title">Parameter correlations</h2>
          <Correlation result={r} />
        </section>
        <section className="card" aria-label="Cost per iteration">
          <h2 className="card-title">Cost per iteration</h2>
          <CostPlot history={r.history} phases={r.phases} cost={r.cost} />
        </section>
      </div>
      <section className="card" aria-label="Solver">
        <h2 className="card-title">Solver</h2>
        <SolverInfo result={r} backend={outcome.backend} varpro={outcome.varpro ?? null} poisson={outcome.poisson ?? null} resumed={outcome.resumed ?? null} />
      </section>
    </div>
  );
}
